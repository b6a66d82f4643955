import { quoted } from '../bounded';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'nested-balancer-member',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a member whose URL is itself `balancer://…`: balancers do not nest',
    why: "Apache accepts `BalancerMember balancer://other` but cannot forward to it: requests picked for that member fail. List the other balancer's members here instead.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      for (const member of balancer.members) {
        if (!member.name.startsWith('balancer://')) continue;
        findings.push({
          span: member.declaration.url,
          message: `${quoted(member.url)} is a balancer, and balancers do not nest, so its requests fail: list that balancer's members here`,
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "balancer://backend"\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
