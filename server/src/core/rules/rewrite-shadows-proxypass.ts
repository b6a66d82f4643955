import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { pathMatching, pathUnder, probe, serverLines } from '../requests/probe';
import { serversOf } from '../requests/servers';
import type { Directive } from '../syntax/tree';
import type { Related, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'rewrite-shadows-proxypass',
  severity: 'warning',
  docs: {
    summary:
      'a `RewriteRule … [P]` that proxies the requests a `ProxyPass` or `ProxyPassMatch` of the server (or its `!` exclusion) was written for',
    why: 'mod_rewrite maps a request before mod_proxy looks at its `ProxyPass` lines, wherever the lines stand in the file, so a broad `RewriteRule "^/(.*)$" … [P]` sends /api/users to its own backend and the `ProxyPassMatch "^/api/"` meant for it never runs.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = serverLines(analysis, ['proxypass', 'proxypassmatch', 'rewriterule', 'rewriteoptions']);
    if (!lines.some((line) => line.name === 'rewriterule')) return findings;
    // Only the servers that run rules may have their lines taken: those with rules of their own, and those inheriting the main server's.
    const { main } = serversOf(analysis);
    const withRules = new Set(lines.filter((line) => line.name === 'rewriterule').map((line) => line.server));
    const running = new Set(withRules);
    if (withRules.has(main))
      for (const line of lines)
        if (line.name === 'rewriteoptions' && line.directive.args.some((word) => /^inherit/i.test(word.value))) running.add(line.server);
    // Each rule once, with the lines it takes requests from, in order.
    const shadowed = new Map<Directive, { path: string; line: Directive }[]>();
    for (const line of lines) {
      if ((line.name !== 'proxypass' && line.name !== 'proxypassmatch') || line.sections.length > 0 || !running.has(line.server)) continue;
      const path = examplePath(line.name, line.directive);
      const seen = path === undefined ? undefined : probe(analysis, line.server, path);
      const by = seen?.decidedBy;
      if (!path || !seen || !by || asciiLower(by.name) !== 'rewriterule' || seen.trace.handledBy !== 'proxy') continue;
      const list = shadowed.get(by);
      if (list) list.push({ path, line: line.directive });
      else shadowed.set(by, [{ path, line: line.directive }]);
    }
    for (const [rewrite, taken] of shadowed) {
      const first = taken[0]!;
      const others = taken.length > 1 ? ` (nor ${taken.length - 1} more)` : '';
      findings.push({
        span: rewrite.span,
        message: `this takes ${quoted(first.path, 24)} first, so the ${first.line.name} meant for it never runs${others}: exclude its path`,
        related: taken.map(({ path, line }): Related => ({
          span: line.span,
          message: `never used for ${path}: the RewriteRule takes it first`,
        })),
      });
    }
    return findings;
  },
};

/** A path a server-level ProxyPass or ProxyPassMatch (an exclusion `!` too) is written for. */
function examplePath(name: string, directive: Directive): string | undefined {
  const positional = directive.args.map((word) => word.value).filter((word) => word !== '~');
  const [path, url] = positional;
  if (path === undefined || url === undefined) return undefined;
  return name === 'proxypassmatch' || directive.args[0]?.value === '~'
    ? pathMatching(path)
    : path.startsWith('/')
      ? pathUnder(path)
      : undefined;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "balancer://site">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/(.*)$" "balancer://site/$1" [P]\nProxyPassMatch "^/api/(.*)$" "balancer://api/$1"',
  good: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "balancer://site">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>\nRewriteEngine On\nRewriteCond "%{REQUEST_URI}" "!^/api/"\nRewriteRule "^/(.*)$" "balancer://site/$1" [P]\nProxyPassMatch "^/api/(.*)$" "balancer://api/$1"',
};
