import { balancerAnchor, runIndex, runIndexKey } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/**
 * The balancer names something in the run routes to (ProxySet configures a balancer and ProxyPassReverse rewrites
 * answers; neither routes), and the starts of names expanded per request (`balancer://a$1` may route to any `a…`).
 */
const ROUTED_BALANCERS = runIndexKey((files) => {
  const routing = files
    .flatMap((file) => file.model.references)
    .filter((reference) => !/^(proxyset|proxypassreverse)$/i.test(reference.directive.name));
  return {
    size: routing.length,
    names: new Set(routing.filter((reference) => !reference.isPartial).map((reference) => reference.name)),
    starts: [...new Set(routing.filter((reference) => reference.isPartial).map((reference) => reference.name))],
  };
});

export const rule: Rule = {
  id: 'unused-balancer',
  severity: 'info',
  ignoresValues: true,
  docs: {
    summary: 'a balancer with members that no ProxyPass, RewriteRule or SetHandler routes to',
    why: 'Defining a balancer does not send traffic to it; when the configuration routes other paths through balancers but never this one, it is usually a leftover or a misspelled name.',
  },
  check({ analysis, run }) {
    const findings: RuleFinding[] = [];
    // Built once per run and shared by every file of a folder.
    const used = runIndex(run, ROUTED_BALANCERS);
    // A file of balancer definitions alone is normal; the question arises once something routes.
    if (used.size === 0) return findings;
    for (const balancer of analysis.model.balancers) {
      if (balancer.members.length === 0 || !balancer.name.startsWith('balancer://')) continue;
      if (used.names.has(balancer.name) || used.starts.some((start) => balancer.name.startsWith(start))) continue;
      findings.push({ span: balancerAnchor(balancer), message: `nothing routes to ${balancer.name}: add a ProxyPass to it, or remove it` });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "balancer://api">\n    BalancerMember "http://10.0.1.1:9000"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "balancer://api">\n    BalancerMember "http://10.0.1.1:9000"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPass "/api/" "balancer://api/"',
};
