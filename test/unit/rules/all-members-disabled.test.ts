import { ruleTable } from '../../support/rules';

// With no usable member, proxy_balancer_get_best_worker finds nothing and every request gets 503
// with AH01170 (docs/apache-semantics.md, proxy_balancer_get_best_worker). Spares
// stand in only for unusable regular members of their lbset, so a balancer of spares alone is idle;
// hot standbys serve when the lbset has no usable regular member.
const AH01170 = 'AH01170: balancer://shop: All workers are in error state';

ruleTable('all-members-disabled', [
  [
    '[[<Proxy "balancer://shop">]]\n    BalancerMember "http://10.0.0.1:8080" status=+D\n    BalancerMember "http://10.0.0.2:8080" status=+N\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
    {
      says: ['no member of balancer://shop can take a request (disabled, draining), so every request gets 503', 'make one usable'],
      apache: AH01170,
      fixed:
        '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080" status=+N\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
      safe: false,
    },
  ],
  // the second fix re-enables the second member; other flags stay
  [
    '[[<Proxy balancer://a>]]\nBalancerMember http://h status=+D\nBalancerMember http://i status=+SI route=b\n</Proxy>',
    {
      says: ['no member of balancer://a'],
      fix: 1,
      fixed: '<Proxy balancer://a>\nBalancerMember http://h status=+D\nBalancerMember http://i status=+I route=b\n</Proxy>',
    },
  ],
  // a balancer made only of spares never uses them
  ['[[<Proxy balancer://a>]]\nBalancerMember http://h status=+R\n</Proxy>', { says: ['(spare)'], noFix: true }],
  // every lbset is tried: one disabled in lbset 1, one stopped in lbset 0
  [
    '[[<Proxy balancer://a>]]\nBalancerMember http://h status=+D lbset=1\nBalancerMember http://i lbset=0 status=+S\n</Proxy>',
    { says: ['(disabled, stopped)'] },
  ],
  // a failed health check stays failed without mod_proxy_hcheck
  [
    '[[<Proxy balancer://a>]]\nBalancerMember http://h status=+D\nBalancerMember http://i status=+C\n</Proxy>',
    { says: ['(disabled, health check failed)'] },
  ],
  // without a section, the first BalancerMember line created the balancer
  [
    '[[BalancerMember balancer://a http://h status=+D]]\nBalancerMember balancer://a http://i status=+S',
    { says: ['no member of balancer://a'] },
  ],
  // near misses
  ['<Proxy balancer://a>\nBalancerMember http://h status=+D\nBalancerMember http://i status=-D\n</Proxy>'],
  ['BalancerMember balancer://a http://h status=+S\nBalancerMember balancer://a http://i status=+H'], // the hot standby serves
  ['<Proxy balancer://a>\nBalancerMember http://h status=+R\nBalancerMember http://i status=+D\n</Proxy>'], // the spare stands in for the disabled member
  ['<Proxy balancer://a>\nBalancerMember http://h status=+E\n</Proxy>'], // force_recovery clears E when every member has it
  ['<Proxy balancer://a>\nBalancerMember http://h status=+I\n</Proxy>'],
  ['<Proxy balancer://a>\nBalancerMember http://h status=+D\nProxySet lbmethod=heartbeat\n</Proxy>'], // heartbeat ignores status: it picks from heartbeat data
  ['<Proxy balancer://a>\n</Proxy>'], // no members at all is empty-balancer's business
]);
