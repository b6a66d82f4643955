import { knownModules } from '../syntax/conditions';
import { balancerAnchor, loadAdvice } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'balancer-module-not-loaded',
  severity: 'warning',
  docs: {
    summary:
      'balancers in a complete configuration (it loads an MPM and includes nothing) without mod_proxy_balancer: every balancer request gets 500',
    why: 'BalancerMember belongs to mod_proxy, so Apache starts without mod_proxy_balancer — and then no handler accepts balancer:// URLs: every request fails with 500 (AH01144 "No protocol handler was valid for the URL").',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const modules = knownModules(analysis.tree);
    if (!modules || !modules.has('proxy_module') || modules.has('proxy_balancer_module')) return findings;
    const first = analysis.model.balancers.find((balancer) => balancer.name.startsWith('balancer://'));
    if (!first) return findings;
    findings.push({
      span: balancerAnchor(first),
      message: `mod_proxy_balancer is not loaded, so every request to a balancer fails with 500: ${loadAdvice(analysis, 'proxy_balancer_module')}`,
      apacheMessage: 'AH01144: No protocol handler was valid for the URL',
    });
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'LoadModule mpm_event_module /usr/lib/apache2/modules/mod_mpm_event.so\nLoadModule proxy_module /usr/lib/apache2/modules/mod_proxy.so\nLoadModule proxy_http_module /usr/lib/apache2/modules/mod_proxy_http.so\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: 'LoadModule mpm_event_module /usr/lib/apache2/modules/mod_mpm_event.so\nLoadModule proxy_module /usr/lib/apache2/modules/mod_proxy.so\nLoadModule proxy_http_module /usr/lib/apache2/modules/mod_proxy_http.so\nLoadModule proxy_balancer_module /usr/lib/apache2/modules/mod_proxy_balancer.so\nLoadModule slotmem_shm_module /usr/lib/apache2/modules/mod_slotmem_shm.so\nLoadModule lbmethod_byrequests_module /usr/lib/apache2/modules/mod_lbmethod_byrequests.so\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
