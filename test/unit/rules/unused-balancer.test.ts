import { ruleTable } from '../../support/rules';

// Defining a balancer sends no traffic to it. Once something in the run routes to a balancer
// (ProxyPass, RewriteRule [P], SetHandler; ProxySet and ProxyPassReverse do not route), a balancer
// with members nothing routes to is likely a leftover or a misspelled name.
const SHOP = '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\n';

ruleTable('unused-balancer', [
  [
    `${SHOP}[[<Proxy "balancer://api">]]\n    BalancerMember "http://10.0.1.1:9000"\n</Proxy>`,
    { says: ['nothing routes to balancer://api: add a ProxyPass to it, or remove it'], noFix: true },
  ],
  // without a section, the first BalancerMember line
  [
    `${SHOP}[[BalancerMember balancer://api http://h]]\nBalancerMember balancer://api http://i`,
    { says: ['nothing routes to balancer://api'] },
  ],
  // ProxySet configures a balancer, it does not route to it
  [
    `${SHOP}[[<Proxy balancer://api>]]\nBalancerMember http://h\n</Proxy>\nProxySet balancer://api lbmethod=bybusyness`,
    { says: ['nothing routes to balancer://api'] },
  ],
  // ProxyPassReverse only rewrites the answers' headers: it sends no request to the balancer
  [
    `${SHOP}[[<Proxy balancer://api>]]\nBalancerMember http://h\n</Proxy>\nProxyPassReverse /a balancer://api/`,
    { says: ['nothing routes to balancer://api'] },
  ],
  // a back-reference that cannot complete the name: the balancer is still unused
  [
    `${SHOP}[[<Proxy balancer://api>]]\nBalancerMember http://h\n</Proxy>\nRewriteRule "^/a/(.*)" "balancer://shop$1" [P]`,
    { says: ['nothing routes to balancer://api'] },
  ],
  // near misses
  [`${SHOP}<Proxy balancer://api>\nBalancerMember http://h\n</Proxy>\nRewriteRule ^/a balancer://api/ [P]`],
  // a variable or back-reference in the name: expanded per request, it may route here (issue 26)
  [`${SHOP}<Proxy balancer://api>\nBalancerMember http://h\n</Proxy>\nRewriteRule "^/(.*)$" "balancer://api%{REQUEST_URI}" [P]`],
  [`${SHOP}<Proxy balancer://api>\nBalancerMember http://h\n</Proxy>\nRewriteRule "^/(a.*)$" "balancer://a$1" [P]`],
  [`${SHOP}<Proxy balancer://api>\nBalancerMember http://h\n</Proxy>\nRewriteRule "^/(.*)$" "balancer://%{ENV:POOL}/$1" [P]`],
  [`${SHOP}<Proxy balancer://api>\nBalancerMember http://h\n</Proxy>\n<Location /a>\nSetHandler "proxy:balancer://api"\n</Location>`],
  [`${SHOP}<Proxy balancer://API>\nBalancerMember http://h\n</Proxy>\nProxyPass /a balancer://api/x`], // names ignore case and the path
  [`${SHOP}<Proxy balancer://api>\n</Proxy>`], // no members: empty-balancer's business
  ['<Proxy balancer://shop>\nBalancerMember http://h\n</Proxy>\n<Proxy balancer://api>\nBalancerMember http://h\n</Proxy>'], // a file of definitions alone
]);
