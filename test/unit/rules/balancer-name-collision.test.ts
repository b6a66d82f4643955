import { ruleTable } from '../../support/rules';

// Each balancer's shared-memory slot is named after it with every non-alphanumeric byte replaced by
// "_" (ap_pstr2_alnum): two names that collide make start-up fail with AH01186 unless the first
// has growth slots; `apache2 -t` passes (docs/apache-semantics.md, ap_proxy_share_balancer).
ruleTable('balancer-name-collision', [
  [
    '<Proxy "balancer://shop-a">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n[[<Proxy "balancer://shop.a">]]\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>',
    {
      says: ['balancer://shop.a and balancer://shop-a share the shared-memory slot "shop_a"', 'Apache fails to start', 'rename one'],
      apache: 'AH01186: worker slotmem_grab failed',
      noFix: true,
      // The collision is reported on the second name; the first keeps its preview.
      refuses: ['balancer://shop.a'],
    },
  ],
  // every later balancer names the first one that took the slot
  [
    'BalancerMember balancer://a-b http://h\n[[BalancerMember balancer://a_b http://i]]\n[[BalancerMember balancer://a.b http://j]]',
    { each: ['balancer://a_b and balancer://a-b', 'balancer://a.b and balancer://a-b'] },
  ],
  // balancer names are lower-cased, so case does not keep them apart
  [
    'BalancerMember balancer://A-b http://h\n[[BalancerMember balancer://a.b http://i]]',
    { says: ['balancer://a.b and balancer://a-b share the shared-memory slot "a_b"'] },
  ],
  // a ProxyPass creates a balancer too
  [
    '<Proxy balancer://a-b>\nBalancerMember http://h\n</Proxy>\n[[ProxyPass /x/ balancer://a.b/]]',
    { says: ['balancer://a.b and balancer://a-b'] },
  ],
  // near misses
  ['<Proxy balancer://a-b growth=2>\nBalancerMember http://h\n</Proxy>\nBalancerMember balancer://a.b http://i'], // the first one has growth slots
  ['BalancerMember balancer://a-b/x http://h\nBalancerMember balancer://a-b/y http://i'], // the path is not part of the name: one balancer
  ['BalancerMember balancer://a-b http://h\n<VirtualHost *:80>\nBalancerMember balancer://a.b http://i\n</VirtualHost>'], // slots are per server
  ['BalancerMember balancer://shop-a http://h\nBalancerMember balancer://shop-b http://i'],
]);
