import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'balancer-persist',
  severity: 'info',
  docs: {
    summary:
      "`BalancerPersist On`: balancer-manager edits and each member's lbstatus survive restarts, so edits to this file may not take effect",
    why: "With persistence Apache restores the balancers' shared memory (slotmem-shm-*.persist under DefaultRuntimeDir) at start-up: a member that keeps its URL keeps its saved loadfactor, status and lbset, whatever the file now says (verified: a loadfactor and status changed in the file stayed as saved after a restart). To apply edits made in the file: stop Apache, delete the slotmem-shm-*.persist files in DefaultRuntimeDir, and start it again.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['balancerpersist'])) {
      if (step.kind !== 'directive') continue;
      const value = step.directive.args[0];
      if (value?.value.toLowerCase() !== 'on') continue;
      findings.push({
        span: step.directive.span,
        message: 'with BalancerPersist On, edits to loadfactor, status or lbset may not take effect: delete slotmem-shm-*.persist',
        fixes: [{ title: 'Turn persistence off (BalancerPersist Off)', safe: false, edits: [{ span: value.span, newText: 'Off' }] }],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'BalancerPersist On\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2\n</Proxy>',
  good: 'BalancerPersist Off\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2\n</Proxy>',
};
