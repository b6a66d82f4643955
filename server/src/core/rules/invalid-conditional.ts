import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-conditional',
  severity: 'error',
  docs: {
    summary: 'a conditional section Apache cannot test: no argument, no `>`, or a malformed version',
    why: '`<IfModule>`, `<IfDefine>`, `<IfVersion>` and friends are evaluated while Apache reads the file; a malformed one stops it before anything else is checked.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'invalid-conditional')) {
      findings.push({
        span: problem.span,
        message: 'this conditional cannot be tested, so Apache refuses it: fix its argument',
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<IfVersion >= 2.4.x>\n    BalancerMember balancer://api http://10.0.1.1:9000\n</IfVersion>',
  good: '<IfVersion >= 2.4.34>\n    BalancerMember balancer://api http://10.0.1.1:9000\n</IfVersion>',
};
