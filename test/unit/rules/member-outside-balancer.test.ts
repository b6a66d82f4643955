import { ruleTable } from '../../support/rules';

// BalancerMember does not check its section's scheme (docs/apache-semantics.md, proxysection): inside <Proxy http://…>, a
// wildcard <Proxy> or <ProxyMatch> it creates a "balancer" under that name, which no ProxyPass reaches.
ruleTable('member-outside-balancer', [
  [
    '<Proxy "http://backend">\n    [[BalancerMember]] "http://10.0.0.1:8080"\n</Proxy>',
    {
      says: ['this member joins "http://backend"', 'which no ProxyPass can route to', 'put members in <Proxy balancer://NAME>'],
    },
  ],
  // one finding per section, on its first member
  ['<Proxy http://backend>\n    [[balancermember]] http://a\n    BalancerMember http://b\n</Proxy>', { says: ['"http://backend"'] }],
  ['<Proxy balancer://shop*>\n    [[BalancerMember]] http://a\n</Proxy>', { says: ['"balancer://shop*"'] }],
  ['<ProxyMatch "^balancer://(a|b)">\n    [[BalancerMember]] http://a\n</ProxyMatch>', { says: ['which no ProxyPass can route to'] }],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>'],
  ['<Proxy http://backend>\n    ProxySet timeout=5\n</Proxy>'],
]);
