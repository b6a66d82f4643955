import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-balancer-name',
  severity: 'error',
  docs: {
    summary: 'a balancer name Apache refuses: no `://name`, too long, or a member in a section that gives no balancer name',
    why: "A balancer is named balancer://NAME (at most 95 bytes, path ignored); a BalancerMember inside <Location> or <Proxy *> takes that section's path as the balancer name and fails.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'invalid-balancer-name')) {
      findings.push({
        span: problem.span,
        message: 'this is not a usable balancer name: write balancer://NAME',
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'ProxyPass "/app/" "balancer:app/"',
  good: 'ProxyPass "/app/" "balancer://app/"',
};
