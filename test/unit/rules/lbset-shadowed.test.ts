import { ruleTable } from '../../support/rules';

// A member with status I (ignore errors) is never put in error (docs/apache-semantics.md, ap_proxy_set_wstatus), so its lbset always has a
// usable member and the balancer never falls through to a higher lbset (docs/apache-semantics.md, proxy_balancer_get_best_worker).
ruleTable('lbset-shadowed', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080 status=+I\n    BalancerMember [[http://10.0.0.2:8080]] lbset=1\n</Proxy>',
    {
      says: ['lbset 1 is never used', 'http://10.0.0.1:8080 in lbset 0 has status I', 'so lbset 0 never runs out'],
    },
  ],
  // every member above the lowest sticky lbset, whatever its own lbset
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a lbset=1 status=I\n    BalancerMember http://b lbset=1\n    BalancerMember [[http://c]] lbset=2\n    BalancerMember [[http://d]] lbset=3\n</Proxy>',
    { each: ['lbset 2 is never used: http://a in lbset 1', 'lbset 3 is never used: http://a in lbset 1'] },
  ],
  // the lowest lbset holding an I member decides, and an I member above it is shadowed too
  [
    '<Proxy balancer://shop>\n    BalancerMember [[http://a]] lbset=1 status=+I\n    BalancerMember http://b lbset=0 status=+I\n    BalancerMember [[http://c]] lbset=1\n</Proxy>',
    { says: ['lbset 1 is never used: http://b in lbset 0'] },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember "http://a" "status=+I"\n    BalancerMember [["http://b"]] lbset=5\n</Proxy>',
    { says: ['lbset 5'] },
  ],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b lbset=1\n</Proxy>'], // without I, lbset 0 can go into error
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=+I\n    BalancerMember http://b\n</Proxy>'], // one lbset only
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=+ID\n    BalancerMember http://b lbset=1\n</Proxy>'], // disabled: I does not make it usable
  ['<Proxy balancer://shop>\n    BalancerMember http://a lbset=1 status=+I\n    BalancerMember http://b\n</Proxy>'], // the I member is in the higher lbset
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a status=+I\n    BalancerMember http://b lbset=1\n    ProxySet lbmethod=heartbeat\n</Proxy>',
  ], // heartbeat ignores lbsets
]);
