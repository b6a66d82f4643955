import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'standby-only',
  severity: 'info',
  docs: {
    summary: 'an lbset made only of hot standbys (status H): they simply share the load like regular members',
    why: 'Standbys are used when their lbset has no usable regular member or spare; in an lbset with nothing else, that is always — the H flag changes nothing, which is rarely what was meant.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { balancer, schedule, lbmethod } of analysis.previews) {
      if (schedule.tier === undefined || lbmethod === 'heartbeat') continue;
      const inTier = schedule.members.filter((_, index) => balancer.members[index]!.params.lbset === schedule.tier);
      if (inTier.length === 0 || !inTier.every((member) => member.role === 'standby')) continue;
      const first = balancer.members.find((member) => member.params.lbset === schedule.tier)!;
      findings.push({
        span: first.declaration.url,
        message: `every member of lbset ${schedule.tier} is a hot standby, so they serve like regular members: drop status=H, or add regular members`,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" status=+H\n    BalancerMember "http://10.0.0.2:8080" status=+H\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" status=+H\n</Proxy>',
};
