import { ruleTable } from '../../support/rules';

// Without a ProxyPassReverse for the balancer (or for every member), a member's redirect reaches the
// client with the member's own address: checked on Apache 2.4.71 with a member answering 302
// (test/apache/third-pass.test.ts). ProxyPassReverse balancer://name covers all of its members.
const MEMBERS =
  '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>\n';

ruleTable('missing-proxypassreverse', [
  [
    `${MEMBERS}ProxyPass "/shop/" [["balancer://shop/"]]`,
    {
      says: ['no ProxyPassReverse for balancer://shop', 'leaks its own address'],
      fixed: `${MEMBERS}ProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop/" "balancer://shop/"`,
      safe: false,
    },
  ],
  // only one member named: the other's redirects leak
  [
    `${MEMBERS}ProxyPass /shop/ [[balancer://shop/]]\nProxyPassReverse /shop/ http://10.0.0.1:8080/`,
    { says: ['names 1 of 2 members of balancer://shop'] },
  ],
  // inside <Location>: the fix has no path
  [
    `${MEMBERS}<Location /shop/>\n    ProxyPass [[balancer://shop/]]\n</Location>`,
    { fixed: `${MEMBERS}<Location /shop/>\n    ProxyPass balancer://shop/\n    ProxyPassReverse balancer://shop/\n</Location>` },
  ],
  // RewriteRule [P]: reported, no fix (its path is a pattern)
  [`${MEMBERS}RewriteEngine On\nRewriteRule ^/shop/(.*) [[balancer://shop/$1]] [P,L]`, { noFix: true }],
  // another virtual host's ProxyPassReverse does not count
  [
    `${MEMBERS}<VirtualHost *:80>\nProxyPassReverse / balancer://shop/\n</VirtualHost>\n<VirtualHost *:81>\nProxyPass / [[balancer://shop/]]\n</VirtualHost>`,
  ],
  // near misses
  [`${MEMBERS}ProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop/ balancer://shop/`],
  [`${MEMBERS}ProxyPass /shop/ balancer://SHOP/ stickysession=JSESSIONID\nProxyPassReverse /shop/ balancer://shop`],
  [
    `${MEMBERS}ProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop/ http://10.0.0.1:8080/\nProxyPassReverse /shop/ http://10.0.0.2:8080`,
  ],
  [`${MEMBERS}<VirtualHost *:80>\nProxyPass / balancer://shop/\n</VirtualHost>\nProxyPassReverse / balancer://shop/`],
  [`${MEMBERS}<Location /shop/>\nProxyPass balancer://shop/\nProxyPassReverse balancer://shop/\n</Location>`],
  [`${MEMBERS}ProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop/ \${BACKEND}`],
  ['<Proxy balancer://ws>\nBalancerMember ws://10.0.0.1:8080\n</Proxy>\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]'],
  // the balancer is defined in another file: its ProxyPassReverse may be there too
  ['ProxyPass /shop/ balancer://shop/'],
  [`${MEMBERS}ProxyPass /shop/ !\nRewriteRule ^/x balancer://shop/ [R]`],
]);
