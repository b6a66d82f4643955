import { ruleTable } from '../../support/rules';

// Outside <Proxy>, ProxySet only modifies a balancer or worker defined earlier; a <Proxy> holding
// only access rules defines nothing (docs/apache-semantics.md, set_proxy_param).
const MOVE = 'nothing defines this before the ProxySet: move the ProxySet below the <Proxy> section or BalancerMember lines';
const SHOP = '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n';

ruleTable('undefined-target', [
  [
    'ProxySet [["balancer://shop"]] lbmethod=bybusyness\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
    { says: [MOVE], apache: "ProxySet can not find 'balancer://shop' Balancer.", noFix: true, refuses: ['balancer://shop'] },
  ],
  [
    '<Proxy balancer://shop>\nRequire all granted\n</Proxy>\nProxySet [[balancer://shop]] lbmethod=bybusyness',
    { apache: "ProxySet can not find 'balancer://shop' Balancer." },
  ],
  ['ProxySet [[http://w]] timeout=5', { apache: "ProxySet can not find 'http://w' Worker." }],
  // ap_proxy_get_balancer finds nothing for a name without "://"
  ['ProxySet [[balancer:shop]] lbmethod=bybusyness', { apache: "ProxySet can not find 'balancer:shop' Balancer." }],
  // ap_proxy_get_worker_ex: ProxySet finds the worker whose name prefixes its URL, never a longer one
  ['ProxyPass /a http://h/app\nProxySet [[http://h/]] timeout=5', { apache: "ProxySet can not find 'http://h/' Worker." }],
  // near misses
  ['ProxyPass /a http://h/\nProxySet http://h/app timeout=5'],
  [`${SHOP}ProxySet balancer://shop lbmethod=bybusyness\nProxyPass /w http://w\nProxySet http://w timeout=5`],
  [`${SHOP}ProxySet balancer://SHOP/x lbmethod=bybusyness`], // names ignore case and the path
  ['ProxyPass /x balancer://a\nProxySet balancer://a lbmethod=bybusyness'], // ProxyPass defines it
]);
