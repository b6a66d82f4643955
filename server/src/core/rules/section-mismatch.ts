import { closeSectionFixes, modelProblems, syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'section-mismatch',
  severity: 'error',
  docs: {
    summary: 'a section that is never closed, closed twice, closed by the wrong name, or missing its `>`',
    why: 'Apache matches `<Proxy>` with `</Proxy>` (any case), needs the closing `>` on both lines, and refuses to start on any mismatch — naming only the first one it meets.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'section-mismatch')) {
      const fixes = problem.problem === 'unclosed-section' ? closeSectionFixes(analysis, problem.span) : [];
      findings.push({
        span: problem.span,
        message: hint(problem.problem),
        apacheMessage: problem.message,
        ...(fixes.length > 0 ? { fixes } : {}),
      });
    }
    for (const problem of modelProblems(analysis, 'section-mismatch')) {
      findings.push({
        span: problem.span,
        message: "this section's opening line has no closing `>`: end it with `>`",
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

function hint(problem: string): string {
  switch (problem) {
    case 'unmatched-close':
      return 'this closes a section that is not open here';
    case 'mismatched-close':
      return 'this closes a different section than the one open here';
    case 'close-missing-bracket':
      return 'a closing tag must end with `>` right after the name';
    case 'unclosed-section':
      return 'this section is never closed';
    default:
      return 'the sections inside this skipped conditional do not match';
  }
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Location>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
