import { hasStatus } from '../model/params';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'lbset-shadowed',
  severity: 'warning',
  docs: {
    summary: 'members of a higher lbset that can never be used: a lower lbset holds a member with status I that never goes into error',
    why: 'Apache tries lbsets from the lowest; a higher one is used only when every member of the lower ones is unusable. A member with status I (ignore errors) is never put in error, so while it is not disabled, the higher lbsets never get a request.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { balancer, schedule, lbmethod } of analysis.previews) {
      if (lbmethod === 'heartbeat') continue;
      const sticky = balancer.members.filter(
        (member, index) => hasStatus(member.params.status, 'I') && schedule.members[index]!.idle === undefined,
      );
      if (sticky.length === 0) continue;
      const lowest = sticky.reduce((low, member) => Math.min(low, member.params.lbset), Infinity);
      const keeper = sticky.find((member) => member.params.lbset === lowest)!;
      for (const member of balancer.members) {
        if (member.params.lbset <= lowest) continue;
        findings.push({
          span: member.declaration.url,
          message: `lbset ${member.params.lbset} is never used: ${keeper.url} in lbset ${lowest} has status I, so lbset ${lowest} never runs out`,
          related: [{ span: keeper.declaration.url, message: 'never put in error (status I)' }],
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" status=+I\n    BalancerMember "http://10.0.0.2:8080" lbset=1\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" lbset=1\n</Proxy>',
};
