import { ruleTable } from '../../support/rules';

// Standbys serve only when their lbset has no usable regular member or selected spare; then all of
// them share the load by loadfactor (docs/apache-semantics.md, proxy_balancer_get_best_worker), like regular members would.
ruleTable('standby-only', [
  [
    '<Proxy balancer://shop>\n    BalancerMember [[http://a]] status=+H\n    BalancerMember http://b status=+H\n</Proxy>',
    {
      says: ['every member of lbset 0 is a hot standby, so they serve like regular members', 'drop status=H, or add regular members'],
    },
  ],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b status=+H\n</Proxy>'],
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=+D\n    BalancerMember http://b status=+H\n</Proxy>'], // a disabled regular member: b stands by for it
]);
