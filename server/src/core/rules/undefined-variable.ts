import { syntaxProblems } from './shared';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'undefined-variable',
  severity: 'info',
  docs: {
    summary: 'a `${VAR}` that no `Define` before it sets',
    why: "Apache leaves an undefined `${VAR}` in the text literally and logs AH00111; unless the variable comes from the environment (Debian's envvars, `apache2 -D`), the directive then sees the literal text. balancer-lens takes variables from outside the files only when told: `--env-file` (Debian's envvars), `--define NAME=VALUE`, or `--env-from-process` for its own environment, which is off by default so that a configuration from a pull request cannot print a CI secret.",
    bad: 'BalancerMember balancer://api http://10.0.1.1:9000 route=${API_ROUTE}',
    good: 'Define API_ROUTE api1\nBalancerMember balancer://api http://10.0.1.1:9000 route=${API_ROUTE}',
  },
  *check({ analysis }) {
    for (const problem of syntaxProblems(analysis, 'undefined-variable')) {
      const name = analysis.tree.text.slice(problem.span.start, problem.span.end);
      yield {
        span: problem.span,
        message: `${name} is not defined before this line: define it earlier, or give it with --env-file or --define`,
        apacheMessage: problem.message,
      };
    }
  },
};
