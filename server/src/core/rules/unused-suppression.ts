import type { Rule } from './types';

/** Reported by the lint runner itself, which alone knows which suppressions were used. */
export const rule: Rule = {
  id: 'unused-suppression',
  severity: 'warning',
  docs: {
    summary: 'a suppression comment that names an unknown rule or silences nothing',
    why: 'A stale suppression hides the next real problem on that line; an unknown id is usually a typo that suppresses nothing.',
    bad: '# balancer-lens-disable-next-line zero-loadfactr\nBalancerMember balancer://api http://10.0.1.1:9000',
    good: 'BalancerMember balancer://api http://10.0.1.1:9000',
  },
  check: () => [],
};
