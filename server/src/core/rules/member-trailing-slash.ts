import { quoted } from '../bounded';
import type { Balancer } from '../model/model';
import type { Section } from '../syntax/tree';
import { BalancerPass, proxyLines } from '../requests/proxy-lines';
import { runIndex, runIndexKey } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'member-trailing-slash',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a member URL ending with `/` in a balancer that a ProxyPass or RewriteRule reaches with a path: the backend receives `//`',
    why: 'Apache joins the member URL and the rest of the balancer URL as they are: with `BalancerMember http://10.0.0.1:8080/` and `ProxyPass /app/ balancer://shop/app/`, a request for /app/cart reaches the backend as //app/cart, which many applications do not route.',
  },
  check({ analysis, run }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    const byName = passesByName(proxyLines(analysis.tree.nodes, text).passes);
    // Files given together without one that includes the others are one main server: a ProxyPass in one reaches another's balancer.
    const mainServer = run.length > 1 ? runIndex(run, MAIN_SERVER_PASSES) : undefined;
    for (const balancer of analysis.model.balancers) {
      if (balancer.members.length === 0) continue;
      const doubling =
        byName.get(balancer.name)?.find((pass) => inScope(balancer, pass.vhost) && appendsSlash(pass)) ??
        (balancer.scope.kind === 'main' ? mainServer?.get(balancer.name)?.find(appendsSlash) : undefined);
      if (!doubling) continue;
      const own = byName.get(balancer.name)?.includes(doubling) ?? false;
      for (const member of balancer.members) {
        const url = member.url;
        // Most member URLs do not end with a slash: the cheapest test first.
        if (!url.endsWith('/') || url.includes('${') || !/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/(.*\/)?$/i.test(url)) continue;
        const declaration = member.declaration;
        const written = text.slice(declaration.url.start, declaration.url.end);
        const slash = declaration.url.start + written.lastIndexOf('/');
        const target = `${doubling.name}${doubling.rest}`;
        findings.push({
          span: declaration.url,
          message: `this URL's trailing slash doubles the one ${quoted(target, 40)} adds, so the backend gets "//": drop it`,
          ...(own ? { related: [{ span: doubling.url.span, message: 'the URL whose path is appended to the member' }] } : {}),
          fixes:
            written.endsWith('/') || /\/["']$/.test(written)
              ? [
                  {
                    title: "Remove the member URL's trailing slash",
                    safe: true,
                    edits: [{ span: { start: slash, end: slash + 1 }, newText: '' }],
                  },
                ]
              : [],
        });
      }
    }
    return findings;
  },
};

/** The main server's ProxyPass lines to balancers over every file of the run, by balancer name. */
const MAIN_SERVER_PASSES = runIndexKey((files) =>
  passesByName(files.flatMap((file) => proxyLines(file.tree.nodes, file.tree.text).passes.filter((pass) => pass.vhost === undefined))),
);

function passesByName(passes: readonly BalancerPass[]): Map<string, BalancerPass[]> {
  const byName = new Map<string, BalancerPass[]>();
  for (const pass of passes) {
    const same = byName.get(pass.name);
    if (same) same.push(pass);
    else byName.set(pass.name, [pass]);
  }
  return byName;
}

/** A line whose request remainder starts with a slash: the balancer URL has a path, or the ProxyPass path has no trailing slash. */
function appendsSlash(pass: BalancerPass): boolean {
  return pass.rest !== '' || (pass.path !== undefined && !pass.path.endsWith('/'));
}

/** A line in the main server reaches only the main server's balancers; a virtual host's reaches its own and the main server's. */
function inScope(balancer: Balancer, vhost: Section | undefined): boolean {
  return balancer.scope.kind === 'main' || balancer.scope.section === vhost;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080/"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"',
};
