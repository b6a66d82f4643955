import { quoted } from '../bounded';
import { urlPath } from '../requests/probe';
import { proxyRules } from '../requests/proxy-rules';
import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'cookie-path-mapping',
  severity: 'warning',
  docs: {
    summary: '`ProxyPassReverseCookiePath` with its two paths reversed: no cookie of the members is mapped',
    why: "ProxyPassReverseCookiePath takes the member's path first and the public one second, and rewrites a cookie whose `Path` starts with the first. Reversed, no cookie matches and the browser keeps `Path=/app/` for a site served at `/`, so it never sends the session back.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = stepsNamed(analysis.tree.nodes, ['proxypassreversecookiepath']);
    if (lines.length === 0) return findings;
    const text = analysis.tree.text;
    const trim = (path: string): string => path.replace(/\/+$/, '') || '/';
    const mappings = proxyRules(analysis)
      .filter((rule) => rule.kind === 'ProxyPass' && !rule.isRegex && rule.path !== undefined && rule.url.value !== '!')
      .map((rule) => ({
        path: trim(rule.path!),
        member: trim(urlPath(rule.url.value)),
      }));
    for (const step of lines) {
      if (step.kind !== 'directive') continue;
      const [first, second] = step.directive.args;
      if (!first || !second || step.directive.args.length > 3 || `${first.value}${second.value}`.includes('${')) continue;
      const [memberSide, publicSide] = [trim(first.value), trim(second.value)];
      const reversed =
        memberSide !== publicSide &&
        mappings.some((each) => each.path === memberSide && each.member === publicSide) &&
        !mappings.some((each) => each.path === publicSide && each.member === memberSide);
      if (!reversed) continue;
      findings.push({
        span: step.directive.span,
        message: `the member's path comes first: write ProxyPassReverseCookiePath ${quoted(second.value)} ${quoted(first.value)}`,
        fixes: [
          {
            title: 'Swap the two paths',
            safe: true,
            edits: [
              { span: first.span, newText: text.slice(second.span.start, second.span.end) },
              { span: second.span, newText: text.slice(first.span.start, first.span.end) },
            ],
          },
        ],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/app/"\nProxyPassReverse "/" "balancer://app/app/"\nProxyPassReverseCookiePath "/" "/app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/app/"\nProxyPassReverse "/" "balancer://app/app/"\nProxyPassReverseCookiePath "/app" "/"',
};
