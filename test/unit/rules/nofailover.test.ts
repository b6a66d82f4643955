import { ruleTable } from '../../support/rules';

// nofailover=On only matters for requests with a sticky route: a route to an unusable member then
// gets 503 with AH01167 instead of another member (docs/apache-semantics.md, find_best_byrequests).
ruleTable('nofailover', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a route=a\n    ProxySet stickysession=ROUTEID [[nofailover=On]]\n</Proxy>',
    {
      says: [
        'with nofailover=On, a request whose session routes to a member that is down gets 503 (AH01167) instead of another member of balancer://shop',
      ],
    },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    ProxySet [[nofailover=on]]\n</Proxy>',
    { says: ['nofailover=On has no effect on balancer://shop', 'no stickysession is set'] },
  ],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://a route=a\n    ProxySet stickysession=ROUTEID nofailover=Off\n</Proxy>'],
  ['<Proxy balancer://shop>\n    BalancerMember http://a route=a\n    ProxySet stickysession=ROUTEID\n</Proxy>'],
]);
