import { closeSectionFixes, syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'unclosed-conditional',
  severity: 'warning',
  docs: {
    summary: 'an `<IfModule>`-style conditional that is never closed',
    why: 'When the test is true, Apache reads to the end of the file as the body and says nothing — even about sections left open inside it; when the same file is read with the test false, Apache refuses to start.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of syntaxProblems(analysis, 'unclosed-conditional')) {
      const fixes = closeSectionFixes(analysis, problem.span);
      findings.push({
        span: problem.span,
        ...(fixes.length > 0 ? { fixes } : {}),
        message:
          problem.problem === 'unclosed-section'
            ? `${problem.message.replace(/\.$/, '')}: Apache only lets it pass because the enclosing conditional is never closed either`
            : problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<IfModule proxy_balancer_module>\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: '<IfModule proxy_balancer_module>\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n</IfModule>',
};
