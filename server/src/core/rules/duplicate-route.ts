import { quoted } from '../bounded';
import type { Member } from '../model/model';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'duplicate-route',
  severity: 'warning',
  docs: {
    summary: 'two members of a balancer with the same `route`: sticky sessions always go to the first',
    why: 'Apache routes a sticky session to the first member whose route matches; a second member with the same route never receives a sticky session, and sessions started on it jump to the first.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      const first = new Map<string, Member>();
      for (const member of balancer.members) {
        const route = member.params.route;
        if (route === '') continue;
        const earlier = first.get(route);
        if (!earlier) {
          first.set(route, member);
          continue;
        }
        findings.push({
          span: member.setBy.get('route')?.valueSpan ?? member.declaration.url,
          message: `route ${quoted(route)} is already used by ${earlier.url}, so its sticky sessions never come here: give each member its own`,
          related: [
            { span: earlier.setBy.get('route')?.valueSpan ?? earlier.declaration.url, message: `route ${quoted(route)} first used here` },
          ],
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=n1\n    BalancerMember "http://10.0.0.2:8080" route=n1\n    ProxySet stickysession=JSESSIONID\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=n1\n    BalancerMember "http://10.0.0.2:8080" route=n2\n    ProxySet stickysession=JSESSIONID\n</Proxy>',
};
