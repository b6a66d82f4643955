import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'include-over-limit',
  severity: 'info',
  marksIncomplete: true,
  docs: {
    summary:
      'an `Include` balancer-lens did not read in full: a file over the size limit, more files and folders than the include limit, or folders deeper than the depth limit (an include outside the folders `lint` reads from is `include-outside-roots`); also a `${VAR}` left as written because its value would make a line longer than 16 MiB or the configuration larger than the size limit',
    why: 'Apache reads these files, so the check misses what they hold: findings in them, balancers they define. The limits keep a huge glob, a symlink loop, a data folder included by mistake or a `Define` that doubles its value line after line from stalling the editor or CI. `lint` exits 2 with such a finding, as for a file it could not read; raise the limits when the configuration really is that large (`--max-size`, `--max-includes`, `--max-directory-depth`, or the `balancerLens.limits` settings).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'include-over-limit')) findings.push({ span: problem.span, message: problem.message });
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'Include /var/www/',
  good: 'Include /etc/apache2/sites-enabled/*.conf',
};
