import type { Rule } from './types';

export const rule: Rule = {
  id: 'spare-never-used',
  severity: 'warning',
  docs: {
    summary: 'a hot spare (status R) that can never stand in: its lbset has fewer regular members than usable spares before it',
    why: 'A spare replaces one unusable regular member of its own lbset, spares taken in config order; spares beyond the number of regular members in the lbset — or in an lbset with none — never receive a request.',
    bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" status=+R\n    BalancerMember "http://10.0.0.3:8080" status=+R\n</Proxy>',
    good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080"\n    BalancerMember "http://10.0.0.3:8080" status=+R\n</Proxy>',
  },
  *check({ analysis }) {
    for (const { balancer, schedule, lbmethod } of analysis.previews) {
      // With no tier at all, all-members-disabled already says why nothing serves; heartbeat ignores R.
      if (schedule.tier === undefined || lbmethod === 'heartbeat') continue;
      const lbsets = new Set(balancer.members.map((member) => member.params.lbset));
      for (const lbset of lbsets) {
        const inSet = balancer.members
          .map((member, index) => ({ member, plan: schedule.members[index]! }))
          .filter(({ member }) => member.params.lbset === lbset);
        const regular = inSet.filter(({ plan }) => plan.role === 'regular').length;
        // Only unblocked spares take a place in line (Apache skips blocked ones); in an lbset that does
        // not serve today they queue the same way for when it does.
        const spares = inSet.filter(
          ({ plan }) =>
            plan.role === 'spare' && (plan.idle === undefined || plan.idle === 'spare-not-needed' || plan.idle === 'shadowed-by-lbset'),
        );
        for (const { member } of spares.slice(regular)) {
          yield {
            span: member.declaration.url,
            message:
              regular === 0
                ? `this spare can never be used: lbset ${lbset} has no regular member for it to replace`
                : `this spare can never be used: lbset ${lbset} has ${regular} regular member${regular === 1 ? '' : 's'}, each replaced by an earlier spare first`,
          };
        }
      }
    }
  },
};
