import { ruleTable } from '../../support/rules';

// A true conditional never closed: Apache reads to the end of the file as its body and says
// nothing, even about sections left open inside it (docs/apache-semantics.md,
// start_cond_section). Read with the test false, the same file is refused (section-mismatch).
const NEVER_CLOSED = 'is never closed: Apache reads to the end of the file as its body';

ruleTable('unclosed-conditional', [
  [
    '[[<IfModule proxy_balancer_module>]]\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
    {
      says: [`<IfModule> ${NEVER_CLOSED}`],
      fixed:
        '<IfModule proxy_balancer_module>\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n</IfModule>',
      safe: false,
    },
  ],
  // a section left open inside it passes too, and is said so
  [
    '[[<IfModule proxy_balancer_module>]]\n[[<Proxy "balancer://shop">]]\n    BalancerMember "http://10.0.0.1:8080"\n',
    { each: [NEVER_CLOSED, '<Proxy> was not closed: Apache only lets it pass because the enclosing conditional is never closed either'] },
  ],
  ['[[<IfDefine !NOPE>]]\n[[<IfVersion >= 2.4>]]\nServerName a\n', { each: [`<IfDefine> ${NEVER_CLOSED}`, `<IfVersion> ${NEVER_CLOSED}`] }],
  // near misses
  ['<IfModule proxy_balancer_module>\nServerName a\n</IfModule>'],
  ['<IfDefine NOPE>\nServerName a\n'], // false: Apache refuses it, section-mismatch's business
]);
