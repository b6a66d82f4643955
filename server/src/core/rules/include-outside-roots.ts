import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'include-outside-roots',
  severity: 'info',
  docs: {
    summary:
      "an `Include` of a file, folder or wildcard outside the folders balancer-lens reads from, such as certbot's `/etc/letsencrypt/options-ssl-apache.conf`: not read, and named only as the include writes it",
    why: "Apache reads it, so what it holds is not checked; but a configuration from a pull request must not make CI read and print a file from elsewhere on the machine, so `lint` reads only the current folder, the linted files' folders, `--server-root` and `--include-root DIR`. This is not a failed run: the finding counts for the exit code only through its severity. Name the folder with `--include-root DIR` when the include is yours and you want it checked.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'include-outside-roots'))
      findings.push({ span: problem.span, message: problem.message });
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'Include /etc/letsencrypt/options-ssl-apache.conf',
  good: 'Include sites-enabled/*.conf',
};
