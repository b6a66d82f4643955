import { ruleTable } from '../../support/rules';

// A member is a worker: mod_proxy_balancer never recurses into another balancer (docs/apache-semantics.md, ap_proxy_get_worker_ex).
ruleTable('nested-balancer-member', [
  [
    '<Proxy balancer://shop>\n    BalancerMember [["balancer://backend"]]\n</Proxy>',
    { says: ['"balancer://backend" is a balancer', 'balancers do not nest', "list that balancer's members here"] },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember [[balancer://other/]] loadfactor=2\n</Proxy>',
    { says: ['"balancer://other/" is a balancer'] },
  ],
  ['BalancerMember balancer://shop [[BALANCER://x]]', { says: ['is a balancer, and balancers do not nest'] }],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://balancer/\n</Proxy>'],
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>\nProxyPass / balancer://shop/'],
]);
