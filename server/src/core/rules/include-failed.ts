import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'include-failed',
  severity: 'error',
  docs: {
    summary:
      'an `Include` Apache cannot read: a missing file, a wildcard that matches nothing, a cycle of includes, or not exactly one path',
    why: 'Apache reads includes before anything else and refuses to start when an Include names a missing file or a wildcard with no match (IncludeOptional stays silent), or when includes nest deeper than 128 — which is what a cycle does.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'include-failed')) {
      const what =
        problem.problem === 'include-arguments'
          ? 'give this include exactly one path, quoted if it has spaces'
          : 'this include cannot be read, so Apache refuses to start: fix the path, or use IncludeOptional if it may be absent';
      findings.push({ span: problem.span, message: what, apacheMessage: problem.message });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'Include /etc/apache2/no-such-dir/balancers.conf',
  good: 'IncludeOptional /etc/apache2/no-such-dir/balancers.conf',
};
