import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/**
 * A `BalancerMember URL` line outside any section, which Apache refuses on its own but which is the
 * usual shape of a file included inside `<Proxy balancer://…>`: the handlers tag it with this id
 * (model/build.ts `isIncludableMember`), the other BalancerMember argument errors with member-syntax.
 */
export const rule: Rule = {
  id: 'member-needs-section',
  severity: 'warning',
  docs: {
    summary: '`BalancerMember URL` outside any `<Proxy>`: valid only in a file included inside `<Proxy balancer://…>`',
    why: 'Outside a section BalancerMember takes the balancer name first, so on its own Apache reads the URL as the balancer name and refuses the line ("BalancerMember must define remote proxy server"). Inside a <Proxy balancer://…> that includes this file, it is fine.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'member-needs-section')) {
      findings.push({
        span: problem.span,
        message: 'this member names no balancer, which works only inside <Proxy balancer://…>: write BalancerMember balancer://NAME URL',
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'BalancerMember http://10.0.0.1:8080 route=n1',
  good: 'BalancerMember balancer://shop http://10.0.0.1:8080 route=n1',
};
