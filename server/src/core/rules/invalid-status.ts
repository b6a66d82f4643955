import { quoted } from '../bounded';
import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-status',
  severity: 'error',
  docs: {
    summary: 'a `status=` value Apache refuses: unknown letter, a sign without a letter, a space or a comma',
    why: 'Apache reads status letters one by one (D S E I H R N C, an optional + or - before a group); anything else stops it from starting, and its message never says which letter was wrong.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'invalid-status')) {
      const parameter = problem.parameter;
      if (!parameter) continue;
      findings.push({
        span: parameter.valueSpan,
        message: `status ${quoted(parameter.value)} is not valid: write letters of DSEIHRNC after + or -, no spaces or commas, e.g. +H or -D+N`,
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" status=D,H\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" status=+DH\n</Proxy>',
};
