import { neverSticks } from '../scheduler/preview';
import { balancerAnchor } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'sticky-without-route',
  severity: 'warning',
  docs: {
    summary: '`stickysession` on a balancer whose members have no `route`: sessions can never stick',
    why: "Apache finds a session's member by matching the route in the cookie or URL (after the separator) against each member's route=; with no routes nothing ever matches and every request is balanced afresh.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      const sticky = balancer.setBy.get('stickysession');
      if (!sticky || !neverSticks(balancer)) continue;
      const php = /^phpsession(id)?$/i.test(balancer.params.stickyCookie ?? '') ? " (PHP's cookie is PHPSESSID)" : '';
      findings.push({
        span: sticky.span,
        message: `stickysession=${sticky.value} never sticks, as no member has a route=: give each member its own${php}`,
        related: [{ span: balancerAnchor(balancer), message: `${balancer.name} is defined here` }],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080"\n    ProxySet stickysession=JSESSIONID\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=n1\n    BalancerMember "http://10.0.0.2:8080" route=n2\n    ProxySet stickysession=JSESSIONID\n</Proxy>',
};
