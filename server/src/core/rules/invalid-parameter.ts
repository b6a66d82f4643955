import { quoted } from '../bounded';
import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-parameter',
  severity: 'error',
  docs: {
    summary:
      'a parameter value Apache refuses (lbset, route, timeouts, retry, growth, failonstatus, nofailover, …), or a bare word where `key=value` is expected',
    why: 'Every worker and balancer parameter is checked while Apache reads the configuration; one bad value stops it from starting.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'invalid-parameter')) {
      const parameter = problem.parameter;
      const message = parameter
        ? `${parameter.key} ${quoted(parameter.value)} is not accepted: ${requirement(problem.message)}`
        : 'parameters must be written as key=value';
      findings.push({ span: problem.span, message, apacheMessage: problem.message });
    }
    return findings;
  },
};

/**
 * What Apache's words require of the value, without the directive before it and the line it echoes
 * after it: `ProxySet: failover must be On|Off nofailover=yes; balancer://shop` → `failover must be On|Off`.
 */
function requirement(apache: string): string {
  const bare = apache
    .replace(/^(BalancerMember|ProxyPass|ProxySet:?|ProxyHCTemplate:) /, '')
    .replace(/ \S+=\S*; \S+$/, '')
    .replace(/\.$/, '');
  return `${bare.charAt(0).toLowerCase()}${bare.slice(1)}`;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" lbset=100\n    ProxySet nofailover=yes\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" lbset=1\n    ProxySet nofailover=On\n</Proxy>',
};
