import { knownModules } from '../syntax/conditions';
import { balancerAnchor, listed } from './shared';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'empty-balancer',
  severity: 'warning',
  docs: {
    summary: 'a balancer with no members: every request routed to it gets 503',
    why: 'ProxyPass and ProxySet create a balancer even when no BalancerMember adds to it; Apache starts, then answers every request with 503 (AH01171 "No workers in balancer"). Members commented out or misspelled balancer names end here.',
    bad: '<Proxy "balancer://shop">\n    ProxySet lbmethod=byrequests\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
    good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    ProxySet lbmethod=byrequests\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
  },
  *check(context) {
    const { analysis, others } = context;
    // A ProxyPass alone may point at members defined in a file we were not given.
    const selfContained = knownModules(analysis.tree) !== undefined || [analysis, ...others].some((other) => other.model.balancers.some((balancer) => balancer.members.length > 0));
    // Gathered once, not per empty balancer: that was quadratic in the number of balancers.
    const filledElsewhere = new Set(others.flatMap((other) => other.model.balancers.filter((candidate) => candidate.members.length > 0).map((candidate) => candidate.name)));
    const known = [...new Set([analysis, ...others].flatMap((other) => other.model.balancers).filter((other) => other.members.length > 0).map((other) => other.name))];
    for (const balancer of analysis.model.balancers) {
      // An inheriting vhost balancer is empty because the main server's is: reported there once.
      if (balancer.members.length > 0 || balancer.inherited || !balancer.name.startsWith('balancer://')) continue;
      // Within this file scopes are already merged (a vhost inherits the main server's members); other files may add members.
      if (filledElsewhere.has(balancer.name)) continue;
      if (!balancer.section && !selfContained) continue;
      yield {
        span: balancerAnchor(balancer),
        message: `${balancer.name} has no members, so every request routed to it gets 503 (AH01171 "No workers in balancer")${known.length > 0 ? `; balancers with members: ${listed(known)}` : ''}`,
      };
    }
  },
};
