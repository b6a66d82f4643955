import { ruleTable } from '../../support/rules';

// Apache finds a session's member by the route after the cookie's separator (docs/apache-semantics.md, proxy_balancer_get_best_worker): with no
// route= on any member, no session can ever match one.
ruleTable('sticky-without-route', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080\n    BalancerMember http://10.0.0.2:8080\n    ProxySet [[stickysession=JSESSIONID]]\n</Proxy>',
    {
      says: ['stickysession=JSESSIONID never sticks', 'no member has a route=', 'give each member its own'],
      never: ['PHPSESSID'],
    },
  ],
  ['<Proxy balancer://shop [[stickysession=ROUTEID]]>\n    BalancerMember http://a\n</Proxy>', { says: ['stickysession=ROUTEID'] }],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>\nProxyPass /shop/ balancer://shop/ [[stickysession=ROUTEID]]',
    { says: ['stickysession=ROUTEID'] },
  ],
  // PHP's session cookie is PHPSESSID: a common misspelling gets a note
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    ProxySet [[stickysession=PHPSESSION]]\n</Proxy>',
    { says: ["(PHP's cookie is PHPSESSID)"] },
  ],
  // near misses
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a route=1\n    BalancerMember http://b\n    ProxySet stickysession=JSESSIONID\n</Proxy>',
  ], // one route is enough to match some sessions
  ['<Proxy balancer://shop>\n    ProxySet stickysession=JSESSIONID\n</Proxy>'], // no members: empty-balancer's business
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b\n</Proxy>'],
]);
