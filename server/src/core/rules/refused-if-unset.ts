import { quoted } from '../bounded';
import type { Span } from '../span';
import { refusalsIfUnset } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'refused-if-unset',
  severity: 'warning',
  docs: {
    summary: 'a value holding a `${VAR}` no `Define` sets, which Apache refuses unless its environment sets the variable',
    why: "Apache keeps an undefined `${VAR}` literally, so `loadfactor=${W}` reaches the handler as the text `${W}` and Apache refuses to start — unless its environment sets W (Debian's envvars, the service's environment). `Define W` with no value, a `Define` after the line and `UnDefine W` all leave it to the environment. Given Apache's environment (`--env-file`, or the envvars beside apache2.conf), balancer-lens knows: the value's own rule then reports the refusal as an error, and `schedule` refuses the balancer.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of refusalsIfUnset(analysis)) {
      const span = problem.parameter?.span ?? problem.span;
      const text = problem.parameter
        ? `${problem.parameter.key}=${problem.parameter.value}`
        : analysis.tree.text.slice(span.start, span.end);
      const names = [...new Set(text.match(/\$\{[^}]*\}/g) ?? ['${…}'])];
      const unset = names.length === 1 ? quoted(names[0]!, 22) : 'these variables';
      findings.push({
        span,
        message: `this value is refused if ${unset} is unset in Apache's environment: define it above, or pass --env-file`,
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
  /** Its finding explains the AH00111 note on the same words. */
  standsInFor(analysis) {
    const spans: Span[] = refusalsIfUnset(analysis).map((problem) => problem.parameter?.span ?? problem.span);
    return (diagnostic) =>
      diagnostic.ruleId === 'undefined-variable' &&
      spans.some((span) => span.start <= diagnostic.span.start && diagnostic.span.end <= span.end);
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=${WEIGHT}\n</Proxy>',
  good: 'Define WEIGHT 3\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=${WEIGHT}\n</Proxy>',
};
