import { apacheSays, syntaxProblems } from './shared';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'invalid-macro',
  severity: 'error',
  docs: {
    summary:
      'a `<Macro>`, `Use` or `UndefMacro` that mod_macro refuses: an undefined macro, a wrong number of values, recursion, a body never closed',
    why: 'mod_macro expands `Use NAME values…` while Apache reads the configuration; a macro used before its `<Macro>`, with another number of values than it has parameters, or from inside itself stops Apache from starting, as does a `<Macro>` without `</Macro>` or with a parameter name repeated.',
    bad: '<Macro Member $host>\n    BalancerMember "http://$host:8080"\n</Macro>\n<Proxy "balancer://shop">\n    Use Member 10.0.0.1 3\n</Proxy>',
    good: '<Macro Member $host $weight>\n    BalancerMember "http://$host:8080" loadfactor=$weight\n</Macro>\n<Proxy "balancer://shop">\n    Use Member 10.0.0.1 3\n</Proxy>',
  },
  *check({ analysis }) {
    for (const problem of syntaxProblems(analysis, 'invalid-macro')) {
      yield { span: problem.span, message: `mod_macro refuses this line (${apacheSays(problem.message)})`, apacheMessage: problem.message };
    }
  },
};
