import { asciiLower } from '../ascii';
import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-macro',
  severity: 'error',
  docs: {
    summary:
      'a `<Macro>`, `Use` or `UndefMacro` that mod_macro refuses: an undefined macro, a wrong number of values, recursion, a body never closed',
    why: 'mod_macro expands `Use NAME values…` while Apache reads the configuration; a macro used before its `<Macro>`, with another number of values than it has parameters, or from inside itself stops Apache from starting, as does a `<Macro>` without `</Macro>` or with a parameter name repeated.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const problem of syntaxProblems(analysis, 'invalid-macro')) {
      const line = asciiLower(text.slice(problem.span.start, problem.span.end).trimStart());
      findings.push({ span: problem.span, message: advice(line), apacheMessage: problem.message });
    }
    return findings;
  },
};

/** What to write instead, by the line mod_macro refused (its reason is in Apache's words). */
function advice(line: string): string {
  if (line.startsWith('<macro')) return 'mod_macro refuses this <Macro>: give it a name, distinct parameter names and a </Macro>';
  if (line.startsWith('undefmacro')) return 'mod_macro refuses this UndefMacro: name a macro defined above it';
  return 'mod_macro refuses this Use: define the macro above it, give one value per parameter, and do not use it inside itself';
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Macro Member $host>\n    BalancerMember "http://$host:8080"\n</Macro>\n<Proxy "balancer://shop">\n    Use Member 10.0.0.1 3\n</Proxy>',
  good: '<Macro Member $host $weight>\n    BalancerMember "http://$host:8080" loadfactor=$weight\n</Macro>\n<Proxy "balancer://shop">\n    Use Member 10.0.0.1 3\n</Proxy>',
};
