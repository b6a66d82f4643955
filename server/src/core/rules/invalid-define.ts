import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-define',
  severity: 'error',
  docs: {
    summary: 'a `Define` or `UnDefine` Apache refuses: a name with `:`, or the wrong number of arguments',
    why: 'Define takes a name and an optional value, UnDefine just the name; Apache reserves `:` in variable names and refuses the configuration while reading it otherwise.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'invalid-define')) {
      const hint =
        problem.problem === 'invalid-define'
          ? 'rename this variable without ":"'
          : 'write Define NAME [VALUE] or UnDefine NAME, quoting a value that contains spaces';
      findings.push({ span: problem.span, message: hint, apacheMessage: problem.message });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'Define backend:port 8080',
  good: 'Define backend_port 8080',
};
