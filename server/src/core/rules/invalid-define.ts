import { apacheSays, syntaxProblems } from './shared';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'invalid-define',
  severity: 'error',
  docs: {
    summary: 'a `Define` whose name contains `:`',
    why: 'Apache reserves `:` in variable names and refuses the configuration while reading it.',
    bad: 'Define backend:port 8080',
    good: 'Define backend_port 8080',
  },
  *check({ analysis }) {
    for (const problem of syntaxProblems(analysis, 'invalid-define')) {
      yield { span: problem.span, message: `rename this variable without ":" (${apacheSays(problem.message)})` };
    }
  },
};
