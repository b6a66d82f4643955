import { quoted } from '../bounded';
import { serverLines, ServerLine } from '../requests/probe';
import { serversOf, Server } from '../requests/servers';
import type { Analysis } from '../analysis';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'encoded-slash',
  severity: 'warning',
  docs: {
    summary:
      '`nocanon` on a ProxyPass in a server without `AllowEncodedSlashes NoDecode` (a `%2F` path gets 404), or `AllowEncodedSlashes On` in a server that proxies (members receive `/` for `%2F`)',
    why: "Apache refuses a path with `%2F` with 404 before any ProxyPass runs unless `AllowEncodedSlashes` allows it, so `nocanon` alone (Jenkins' job names, GitLab's project paths) still answers 404. `AllowEncodedSlashes On` lets it through but decodes it: the member receives `team/app` where the client sent `team%2Fapp`. `AllowEncodedSlashes NoDecode` with `nocanon` passes it on as sent.",
    bad: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon',
    good: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAllowEncodedSlashes NoDecode\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon',
  },
  *check({ analysis }) {
    const lines = serverLines(analysis, ['proxypass', 'allowencodedslashes']);
    const passes = lines.filter((line) => line.name === 'proxypass');
    if (passes.length === 0) return;
    for (const line of lines) {
      if (line.sections.length > 0) continue;
      if (line.name === 'allowencodedslashes') {
        if (line.directive.args[0]?.value.toLowerCase() !== 'on') continue;
        const canonicalised = (pass: ServerLine): boolean => !pass.directive.args.some((word) => word.value.toLowerCase() === 'nocanon');
        const proxies = passes.some(
          (pass) => canonicalised(pass) && (pass.server === line.server || line.server === serversOf(analysis).main),
        );
        if (!proxies) continue;
        yield {
          span: line.directive.span,
          message: 'members receive "/" where clients send %2F: On decodes it before proxying, use NoDecode with nocanon',
        };
        continue;
      }
      if (!line.directive.args.some((word) => word.value.toLowerCase() === 'nocanon')) continue;
      // NoDecode passes %2F on as sent; On lets it through too, and nocanon sends the raw path.
      if (effective(analysis, line) !== 'off') continue;
      yield {
        span: line.directive.span,
        message: `a path with %2F gets 404 before this ${quoted('nocanon')} line runs: add AllowEncodedSlashes NoDecode to this server`,
      };
    }
  },
};

/** The AllowEncodedSlashes value a server uses (its own, else the main server's), lower case. */
function effective(analysis: Analysis, line: ServerLine): string {
  const main = serversOf(analysis).main;
  const own = (server: Server): string | undefined =>
    server.lines
      .filter((each) => each.name === 'allowencodedslashes' && each.sections.length === 0)
      .at(-1)
      ?.directive.args[0]?.value.toLowerCase();
  return own(line.server) ?? (line.server === main ? undefined : own(main)) ?? 'off';
}
