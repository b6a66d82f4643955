import { quoted } from '../bounded';
import { serverLines } from '../requests/probe';
import { serversOf, Server, Line } from '../requests/servers';
import type { Analysis } from '../analysis';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'nocanon-without-encoded-slashes',
  severity: 'info',
  docs: {
    summary: '`nocanon` on a ProxyPass in a server without `AllowEncodedSlashes NoDecode`: a path with `%2F` still gets 404',
    why: '`nocanon` passes the path on as the client wrote it, but Apache refuses a path holding `%2F` with 404 before any ProxyPass runs unless `AllowEncodedSlashes` lets it through: applications that need encoded slashes (Jenkins job names, GitLab project paths, image URLs) need both. Whether requests carry `%2F` depends on the application.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const line of serverLines(analysis, ['proxypass'])) {
      if (line.sections.length > 0 || !line.directive.args.some((word) => word.value.toLowerCase() === 'nocanon')) continue;
      // NoDecode passes %2F on as sent; On lets it through too, and nocanon sends the raw path.
      if (effective(analysis, line) !== 'off') continue;
      findings.push({
        span: line.directive.span,
        message: `a path with %2F gets 404 before this ${quoted('nocanon')} line runs, unless AllowEncodedSlashes NoDecode is set`,
      });
    }
    return findings;
  },
};

/** The AllowEncodedSlashes value a server uses (its own, else the main server's), lower case. */
function effective(analysis: Analysis, line: Line): string {
  const main = serversOf(analysis).main;
  const own = (server: Server): string | undefined =>
    server.lines
      .filter((each) => each.name === 'allowencodedslashes' && each.sections.length === 0)
      .at(-1)
      ?.directive.args[0]?.value.toLowerCase();
  return own(line.server) ?? (line.server === main ? undefined : own(main)) ?? 'off';
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon',
  good: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAllowEncodedSlashes NoDecode\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon',
};
