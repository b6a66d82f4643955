import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'unused-suppression',
  severity: 'warning',
  docs: {
    summary: 'a suppression comment that names an unknown rule or silences nothing',
    why: 'A stale suppression hides the next real problem on that line; an unknown id is usually a typo that suppresses nothing.',
  },
  // Only the lint runner knows which suppressions silenced something: it runs this rule after applying them.
  reviewsSuppressions: true,
  check({ suppressions: review }) {
    const findings: RuleFinding[] = [];
    if (!review) return findings;
    for (const [index, suppression] of review.suppressions.entries()) {
      if (suppression.ids.length === 0)
        findings.push({ span: suppression.span, message: 'this suppression names no rule: add the rule ids it should silence' });
      for (const entry of suppression.ids) {
        const severity = review.severityOf(entry.id);
        if (severity === undefined) {
          findings.push({ span: entry.span, message: `"${entry.id}" is not a Balancer Lens rule, so this suppression does nothing` });
        } else if (severity !== 'off' && !review.hasSilenced(index, entry.id)) {
          findings.push({
            span: entry.span,
            message: `nothing here is reported by ${entry.id}: remove "${entry.id}" from this suppression`,
            fixes: [],
          });
        }
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '# balancer-lens-disable-next-line zero-loadfactr\nBalancerMember balancer://api http://10.0.1.1:9000',
  good: 'BalancerMember balancer://api http://10.0.1.1:9000',
};
