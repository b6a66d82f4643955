import type { Balancer, ServerScope } from '../model/model';
import { requestedBalancer } from '../model/urls';
import { balancerAnchor } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'unservable-balancer-name',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a balancer name with a port, a user@ or IPv6 brackets: Apache accepts it, then no request reaches it',
    why: 'A request to balancer://NAME reads NAME as a URL host: Apache drops a `user@`, splits off a `:port` and strips `[ ]`, then looks up the balancer by what is left. balancer://app:8080 is looked up as balancer://app: every request gets 500 (AH01144), or goes to balancer://app if one exists; a port out of range or a name of digits alone gets 400 (AH01157). `apache2 -t` says Syntax OK.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const balancers = analysis.model.balancers;
    for (const balancer of balancers) {
      if (!balancer.name.startsWith('balancer://')) continue;
      const requested = requestedBalancer(balancer.name);
      const span = balancerAnchor(balancer);
      if ('refused' in requested) {
        findings.push({
          span,
          message: `every request to ${balancer.name} gets 400: Apache cannot read its name as a host and port, so rename it`,
          apacheMessage: `AH01157: error parsing URL ${requested.refused}: Invalid host/port`,
        });
        continue;
      }
      if (requested.name === balancer.name) continue;
      const target = balancers.find((other) => other.name === requested.name && isVisibleFrom(other, balancer.scope));
      findings.push(
        target
          ? { span, message: `requests to ${balancer.name} go to ${requested.name}: Apache looks balancers up by host alone, so rename it` }
          : {
              span,
              message: `every request to ${balancer.name} gets 500: Apache looks up ${requested.name}, which is not defined, so rename it`,
              apacheMessage: 'AH01144: No protocol handler was valid for the URL',
            },
      );
    }
    return findings;
  },
};

/** Whether `balancer` is one a request in `scope` can find: its own server's, or the main server's that this server shares. */
function isVisibleFrom(balancer: Balancer, scope: ServerScope): boolean {
  const same = (other: ServerScope): boolean =>
    other.kind === scope.kind && (other.kind === 'main' || (scope.kind === 'vhost' && other.section === scope.section));
  return same(balancer.scope) || (balancer.sharedAcross ?? []).some(same);
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app:8080">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/app/" "balancer://app:8080/"',
  good: '<Proxy "balancer://app-8080">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/app/" "balancer://app-8080/"',
};
