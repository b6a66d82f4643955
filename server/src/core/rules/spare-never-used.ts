import type { Member } from '../model/model';
import type { MemberShare } from '../scheduler/byrequests';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'spare-never-used',
  severity: 'warning',
  docs: {
    summary: 'a hot spare (status R) that can never stand in: its lbset has fewer regular members than usable spares before it',
    why: 'A spare replaces one unusable regular member of its own lbset, spares taken in config order; spares beyond the number of regular members in the lbset — or in an lbset with none — never receive a request.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { balancer, schedule, lbmethod } of analysis.previews) {
      // With no tier at all, all-members-disabled already says why nothing serves; heartbeat ignores R.
      if (schedule.tier === undefined || lbmethod === 'heartbeat') continue;
      // Only spares are reported: most balancers have none.
      if (!schedule.members.some((plan) => plan.role === 'spare')) continue;
      // The members of each lbset in one pass, not one pass over every member per lbset.
      const byLbset = new Map<number, { member: Member; plan: MemberShare }[]>();
      balancer.members.forEach((member, index) => {
        const entry = { member, plan: schedule.members[index]! };
        const same = byLbset.get(member.params.lbset);
        if (same) same.push(entry);
        else byLbset.set(member.params.lbset, [entry]);
      });
      for (const [lbset, inSet] of byLbset) {
        const regular = inSet.filter(({ plan }) => plan.role === 'regular').length;
        // Only unblocked spares take a place in line (Apache skips blocked ones); in an lbset that does
        // not serve today they queue the same way for when it does.
        const spares = inSet.filter(
          ({ plan }) =>
            plan.role === 'spare' && (plan.idle === undefined || plan.idle === 'spare-not-needed' || plan.idle === 'shadowed-by-lbset'),
        );
        for (const { member } of spares.slice(regular)) {
          findings.push({
            span: member.declaration.url,
            message:
              regular === 0
                ? `this spare can never be used: lbset ${lbset} has no regular member for it to replace`
                : `this spare can never be used: lbset ${lbset} has ${regular} regular member${regular === 1 ? '' : 's'}, each replaced by an earlier spare first`,
          });
        }
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" status=+R\n    BalancerMember "http://10.0.0.3:8080" status=+R\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080"\n    BalancerMember "http://10.0.0.3:8080" status=+R\n</Proxy>',
};
