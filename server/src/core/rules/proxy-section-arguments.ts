import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'proxy-section-arguments',
  severity: 'error',
  docs: {
    summary:
      '`key=value` on a `<Proxy>` line whose path is a wildcard or not a URL, on `<ProxyMatch>`, a bare word there, or `<Proxy ~ REGEX>`',
    why: 'Parameters on the <Proxy> line apply only to one balancer or worker URL; Apache refuses them on wildcard, non-URL and regex sections.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'proxy-section-arguments')) {
      findings.push({
        span: problem.span,
        message:
          problem.kind === 'proxy-tilde'
            ? '<Proxy> has no ~ form in Apache 2.4 (~ is read as its path): write <ProxyMatch REGEX> instead'
            : 'parameters are refused here: move them to a ProxySet in a <Proxy balancer://…> section',
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop*" lbmethod=bybusyness>\n    Require all granted\n</Proxy>',
  good: '<Proxy "balancer://shop" lbmethod=bybusyness>\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
