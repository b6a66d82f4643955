import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'nofailover',
  severity: 'info',
  docs: {
    summary: '`nofailover=On`: a sticky session whose member is down gets 503 instead of another member',
    why: 'nofailover=On is meant for back ends that cannot share sessions; it only affects requests that carry a route, and for those a down member means 503 (AH01167) rather than failing over.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      const setting = balancer.setBy.get('nofailover');
      if (!setting || balancer.params.nofailover !== true) continue;
      const sticky = balancer.params.stickysession !== undefined;
      findings.push({
        span: setting.span,
        message: sticky
          ? `nofailover=On answers 503 when a session's member is down, instead of failing over: remove it unless sessions must stay`
          : `nofailover=On has no effect on ${balancer.name}, as no stickysession is set: set one, or remove nofailover`,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=n1\n    ProxySet stickysession=JSESSIONID nofailover=On\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=n1\n    ProxySet stickysession=JSESSIONID\n</Proxy>',
};
