import type { Analysis } from '../analysis';
import type { Member } from '../model/model';
import { statusLetters } from '../model/params';
import { memberLetter } from '../scheduler/letters';
import { describeIdle, KEEP_OUT_BITS } from '../scheduler/preview';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** Re-enable fixes offered per balancer, at most. */
const REENABLE_FIXES = 5;

export const rule: Rule = {
  id: 'all-members-disabled',
  severity: 'warning',
  docs: {
    summary: 'no member of a balancer can take a request: every request gets 503',
    why: 'Apache starts happily when every member is disabled, stopped, draining, failed its health check, or is a spare with nothing to replace — and then answers every request with 503 (AH01170 "All workers are in error state").',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const preview of analysis.previews) {
      const { balancer, schedule } = preview;
      if (balancer.members.length === 0 || schedule.tier !== undefined || preview.lbmethod === 'heartbeat') continue;
      // Each member's whole reason is on its own line (related); the message names the kinds.
      const kinds = new Set(
        balancer.members.map((member, index) => describeIdle(schedule.members[index]!.idle!, member, undefined).split(' (')[0]!),
      );
      findings.push({
        span: (balancer.section?.open ?? balancer.createdBy).span,
        message: `no member of ${balancer.name} can take a request (${[...kinds].join(', ')}), so every request gets 503: make one usable`,
        apacheMessage: `AH01170: ${balancer.name}: All workers are in error state`,
        related: balancer.members.map((member, index) => ({
          span: member.declaration.directive.span,
          message: `${memberLetter(index)} ${member.url}: ${describeIdle(schedule.members[index]!.idle!, member, undefined)}`,
        })),
        fixes: balancer.members.flatMap((member, index) => reenable(analysis, member, index)).slice(0, REENABLE_FIXES),
      });
    }
    return findings;
  },
};

/** Clears the flags that keep a member out on its `status=` parameter (the whole parameter when nothing else is left). */
function reenable(analysis: Analysis, member: Member, index: number): Fix[] {
  const parameter = member.setBy.get('status');
  if (!parameter || (member.params.status & KEEP_OUT_BITS) === 0) return [];
  const kept = statusLetters(member.params.status & ~KEEP_OUT_BITS);
  const text = analysis.tree.text;
  let start = parameter.span.start;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  const edit =
    kept === '' ? { span: { start, end: parameter.span.end }, newText: '' } : { span: parameter.span, newText: `status=+${kept}` };
  const what = kept === '' ? `remove ${text.slice(parameter.span.start, parameter.span.end)}` : `status=+${kept}`;
  return [{ title: `Re-enable ${memberLetter(index)} ${member.url}: ${what}`, safe: false, edits: [edit] }];
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" status=+D\n    BalancerMember "http://10.0.0.2:8080" status=+N\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" status=+N\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
};
