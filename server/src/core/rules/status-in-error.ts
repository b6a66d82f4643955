import { quoted } from '../bounded';
import { hasStatus } from '../model/params';
import { valueEdit } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'status-in-error',
  severity: 'warning',
  docs: {
    summary: '`status=+E` in the configuration: Apache clears it on the first request, so the member is used anyway',
    why: 'E marks a member that failed; a configured member has never failed, so the first selection retries it (retry seconds since time 0 have long passed) and clears E. To keep a member out, use +D (disabled) or +S (stopped).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { balancer, schedule } of analysis.previews) {
      for (const [index, member] of balancer.members.entries()) {
        // The status bits first: most members are not in error, and need no look at their parameters.
        if (!hasStatus(member.params.status, 'E') || hasStatus(member.params.status, 'S') || schedule.members[index]!.idle === 'in-error')
          continue;
        const status = member.setBy.get('status');
        if (!status) continue;
        const edit = valueEdit(analysis, status, status.value.replace(/e/gi, 'D'));
        findings.push({
          span: status.valueSpan,
          message: `status ${quoted(status.value)} sets E, which Apache clears when it retries the member on its first request: use +D to disable it`,
          fixes: edit ? [{ title: 'Use +D (disabled) instead of E', safe: false, edits: [edit] }] : [],
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" status=+E\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" status=+D\n</Proxy>',
};
