import { balancerAnchor } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'vhost-members-ignored',
  severity: 'warning',
  docs: {
    summary: "members given in a virtual host for a balancer the main server also defines: Apache drops them and uses the main server's",
    why: "A virtual host inherits the main server's balancers (unless both BalancerInherit and ProxyPassInherit are Off); for a name defined in both, the merged balancer keeps only the main server's members, and its lbmethod falls back to byrequests unless the vhost sets one.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      const inherited = balancer.inherited;
      if (!inherited || inherited.ignoredMembers.length === 0) continue;
      for (const member of inherited.ignoredMembers) {
        findings.push({
          span: member.declaration.url,
          message: `this member is ignored, as the virtual host uses the main server's ${balancer.name}: rename one or merge them`,
          related: [{ span: balancerAnchor(inherited.from), message: `the main server's ${balancer.name}` }],
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<VirtualHost *:80>\n    <Proxy "balancer://app">\n        BalancerMember "http://10.0.9.9:8080"\n    </Proxy>\n    ProxyPass "/" "balancer://app/"\n</VirtualHost>',
  good: '<VirtualHost *:80>\n    <Proxy "balancer://app">\n        BalancerMember "http://10.0.9.9:8080"\n    </Proxy>\n    ProxyPass "/" "balancer://app/"\n</VirtualHost>',
};
