import { stepsNamed } from '../syntax/named';
import { knownModules } from '../syntax/conditions';
import { balancerAnchor, loadAdvice } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** The lines that need mod_proxy, by lower-case name. */
const PROXY_DIRECTIVES = ['balancermember', 'proxyset', 'proxypass', 'proxypassmatch', 'proxypassreverse', '<proxy', '<proxymatch'];

export const rule: Rule = {
  id: 'module-not-loaded',
  severity: 'error',
  docs: {
    summary:
      'a complete configuration (it loads an MPM and includes nothing) that lacks a module Apache needs to start with its balancers: mod_proxy, mod_slotmem_shm, the lbmethod',
    why: "`apache2 -t` does not check these, but start-up does: without mod_slotmem_shm (AH01177) or the default lbmethod's module (AH02432) Apache exits; without mod_proxy its directives are unknown.",
  },
  check({ analysis }) {
    const modules = knownModules(analysis.tree);
    if (!modules) return [];
    if (!modules.has('proxy_module')) {
      // The first line that needs mod_proxy, in walk order.
      const step = stepsNamed(analysis.tree.nodes, PROXY_DIRECTIVES)[0];
      if (!step) return [];
      const directive = step.kind === 'directive' ? step.directive : step.section.open;
      return [
        {
          span: directive.nameSpan,
          message: `${directive.name} needs mod_proxy: ${loadAdvice(analysis, 'proxy_module')}`,
          apacheMessage: `Invalid command '${directive.name}', perhaps misspelled or defined by a module not included in the server configuration`,
        },
      ];
    }
    const balancers = analysis.model.balancers.filter((balancer) => balancer.name.startsWith('balancer://'));
    const first = balancers[0];
    if (!first) return [];
    const findings: RuleFinding[] = [];
    if (modules.has('proxy_balancer_module') && !modules.has('slotmem_shm_module')) {
      findings.push({
        span: balancerAnchor(first),
        message: `mod_slotmem_shm is not loaded, so Apache fails to start: ${loadAdvice(analysis, 'slotmem_shm_module')}`,
        apacheMessage: "AH01177: Failed to lookup provider 'shm' for 'slotmem': is mod_slotmem_shm loaded??",
      });
    }
    const byDefault = balancers.find((balancer) => balancer.params.lbmethod === undefined);
    if (byDefault && modules.has('proxy_balancer_module') && !modules.has('lbmethod_byrequests_module')) {
      findings.push({
        span: balancerAnchor(byDefault),
        message: `${byDefault.name} uses lbmethod byrequests, whose module is not loaded: ${loadAdvice(analysis, 'lbmethod_byrequests_module')}`,
        apacheMessage: 'AH02432: Cannot find LB Method: byrequests',
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'LoadModule mpm_event_module /usr/lib/apache2/modules/mod_mpm_event.so\nLoadModule proxy_module /usr/lib/apache2/modules/mod_proxy.so\nLoadModule proxy_http_module /usr/lib/apache2/modules/mod_proxy_http.so\nLoadModule proxy_balancer_module /usr/lib/apache2/modules/mod_proxy_balancer.so\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: 'LoadModule mpm_event_module /usr/lib/apache2/modules/mod_mpm_event.so\nLoadModule proxy_module /usr/lib/apache2/modules/mod_proxy.so\nLoadModule proxy_http_module /usr/lib/apache2/modules/mod_proxy_http.so\nLoadModule proxy_balancer_module /usr/lib/apache2/modules/mod_proxy_balancer.so\nLoadModule slotmem_shm_module /usr/lib/apache2/modules/mod_slotmem_shm.so\nLoadModule lbmethod_byrequests_module /usr/lib/apache2/modules/mod_lbmethod_byrequests.so\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
