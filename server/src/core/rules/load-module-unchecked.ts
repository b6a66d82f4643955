import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'load-module-unchecked',
  severity: 'info',
  docs: {
    summary:
      'a `LoadModule` line whose module could not be checked: a module file balancer-lens does not know, which it could not look for',
    why: 'Apache refuses a LoadModule whose file does not exist or does not export the module name (load-module-failed). The name is checked for the module files Debian ships (mod_proxy.so holds proxy_module), and the file only inside the include roots, a path with a folder: for any other module file the name is not checked (a module file is not read), and Apache may still refuse the line.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'load-module-unchecked'))
      findings.push({ span: problem.span, message: problem.message });
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'LoadModule security2_module mod_security2.so',
  good: 'LoadModule proxy_module mod_proxy.so',
};
