import { ruleTable } from '../../support/rules';

// nofailover=On only matters for requests with a sticky route: a route to an unusable member then
// gets 503 with AH01167 instead of another member (docs/apache-semantics.md, find_best_byrequests).
ruleTable('nofailover', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a route=a\n    ProxySet stickysession=ROUTEID [[nofailover=On]]\n</Proxy>',
    {
      says: ["nofailover=On answers 503 when a session's member is down, instead of failing over"],
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
