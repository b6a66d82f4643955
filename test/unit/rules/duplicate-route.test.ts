import { ruleTable } from '../../support/rules';

// mod_proxy_balancer's find_route_worker takes the first member whose route matches the session's
// (docs/apache-semantics.md, proxy_balancer_get_best_worker), so a second member with the same route never receives a sticky request.
ruleTable('duplicate-route', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080 route=n1\n    BalancerMember http://10.0.0.2:8080 route=[[n1]]\n</Proxy>',
    {
      says: ['route "n1" is already used by http://10.0.0.1:8080', 'its sticky sessions never come here', 'give each member its own'],
      noFix: true,
    },
  ],
  // every later member with the route is flagged, each naming the first
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a route=x\n    BalancerMember http://b route=[[x]]\n    BalancerMember http://c route=[[x]]\n</Proxy>',
    { says: ['already used by http://a'] },
  ],
  // two pairs: each duplicate names its own first member
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a route=x\n    BalancerMember http://b route=y\n    BalancerMember http://c route=[[y]]\n    BalancerMember http://d route=[[x]]\n</Proxy>',
    { each: ['route "y" is already used by http://b', 'route "x" is already used by http://a'] },
  ],
  // quoted values: the span is the value
  [
    '<Proxy balancer://shop>\n    BalancerMember "http://a" "route=r"\n    BalancerMember "http://b" route=[[r]]\n</Proxy>',
    { says: ['route "r"'] },
  ],
  // members given with BalancerMember balancer://NAME outside the section join the same balancer
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a route=x\n</Proxy>\nBalancerMember balancer://shop http://b route=[[x]]',
    { says: ['sticky sessions never come here'] },
  ],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://a route=x\n    BalancerMember http://b route=y\n</Proxy>'],
  ['<Proxy balancer://shop>\n    BalancerMember http://a route=X\n    BalancerMember http://b route=x\n</Proxy>'], // routes compare case-sensitively (strcmp)
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b\n</Proxy>'], // no route at all is sticky-without-route's business
  [
    '<Proxy balancer://a>\n    BalancerMember http://a route=x\n</Proxy>\n<Proxy balancer://b>\n    BalancerMember http://b route=x\n</Proxy>',
  ], // routes are per balancer
]);
