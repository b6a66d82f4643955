import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'undefined-target',
  severity: 'error',
  docs: {
    summary: '`ProxySet balancer://NAME …` outside `<Proxy>` before anything defined that balancer (or worker)',
    why: 'Outside a <Proxy> section, ProxySet only modifies what already exists earlier in the configuration; Apache refuses to start otherwise. A <Proxy> section holding only access rules defines nothing.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'undefined-target')) {
      findings.push({
        span: problem.span,
        message: 'nothing defines this before the ProxySet: move the ProxySet below the <Proxy> section or BalancerMember lines',
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'ProxySet "balancer://shop" lbmethod=bybusyness\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxySet "balancer://shop" lbmethod=bybusyness',
};
