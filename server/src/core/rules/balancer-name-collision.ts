import { quoted } from '../bounded';
import type { Balancer } from '../model/model';
import { balancerAnchor, slotName } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'balancer-name-collision',
  severity: 'error',
  docs: {
    summary: 'two balancers whose names differ only in punctuation (`a-b`, `a.b`): Apache fails to start',
    why: 'Each balancer gets a shared-memory slot named after it with every non-alphanumeric character replaced by `_`; two names that map to the same slot make start-up fail with AH01186 "worker slotmem_grab failed" (`apache2 -t` still says Syntax OK) unless the first one reserves growth slots.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const seen = new Map<unknown, Map<string, Balancer>>();
    for (const balancer of analysis.model.balancers) {
      if (!balancer.name.startsWith('balancer://')) continue;
      const scope = balancer.scope.kind === 'main' ? 'main' : balancer.scope.section;
      const slots = seen.get(scope) ?? new Map<string, Balancer>();
      seen.set(scope, slots);
      const slot = slotName(balancer.name);
      const first = slots.get(slot);
      if (!first) {
        slots.set(slot, balancer);
        continue;
      }
      if ((first.params.growth ?? 0) > 0) continue;
      findings.push({
        span: balancerAnchor(balancer),
        message: `${balancer.name} and ${first.name} share the shared-memory slot ${quoted(slot)}, so Apache fails to start: rename one`,
        apacheMessage: 'AH01186: worker slotmem_grab failed',
        related: [{ span: balancerAnchor(first), message: `${first.name} takes the slot first` }],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop-a">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "balancer://shop.a">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>',
  good: '<Proxy "balancer://shop-a">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "balancer://shop-b">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>',
};
