import { quoted } from '../bounded';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'member-outside-balancer',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      '`BalancerMember` inside `<Proxy http://…>`, `<ProxyMatch>` or a wildcard `<Proxy>`: it joins a "balancer" nothing can route to',
    why: "BalancerMember takes the enclosing section's path as the balancer name without checking it is balancer://…; Apache accepts it and creates a balancer named like `http://backend` or `balancer://c.*` that no ProxyPass can reach.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      const wildcard = /[*?[]/.test(balancer.name);
      if (balancer.name.startsWith('balancer://') && !wildcard) continue;
      const first = balancer.members[0];
      if (!first) continue;
      findings.push({
        span: first.declaration.directive.nameSpan,
        message: `this member joins ${quoted(balancer.name)}, which no ProxyPass can route to: put members in <Proxy balancer://NAME>`,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "http://backend">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: '<Proxy "balancer://backend">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
