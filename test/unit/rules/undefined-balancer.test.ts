import { COMPLETE, ruleTable } from '../../support/rules';

// Only BalancerMember, <Proxy balancer://…> and ProxyPass create balancers; ProxyPassReverse,
// RewriteRule [P] and SetHandler proxy:balancer://… to another name refer to nothing (names ignore
// case; docs/apache-semantics.md, ap_proxy_define_balancer).
const SHOP = '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n';

ruleTable('undefined-balancer', [
  // mod_rewrite's own words (parseargline): a backslash never escapes a quote, so the substitution ends there
  [`${SHOP}RewriteRule ^/x [["balancer://shp/x\\"]] [P]`],
  [
    `${SHOP}ProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop/" [["balancer://shop1/"]]`,
    {
      says: ['balancer://shop1 is not found in the files read: did you mean balancer://shop?'],
      fixed: `${SHOP}ProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop/" "balancer://shop/"`,
      safe: false,
    },
  ],
  [
    `${SHOP}RewriteRule ^/x [[balancer://shp/x]] [P]`,
    {
      says: ['balancer://shp is not found in the files read: did you mean balancer://shop?'],
      fixed: `${SHOP}RewriteRule ^/x balancer://shop/x [P]`,
    },
  ],
  // no close name: the defined ones are listed, and there is no fix
  [
    `${SHOP}<Location /x>\nSetHandler [["proxy:balancer://zzzzzz"]]\n</Location>`,
    { says: ['balancer://zzzzzz is not found in the files read (defined: balancer://shop)'], noFix: true },
  ],
  // a complete configuration includes nothing else: the name is defined nowhere
  [
    `${COMPLETE}${SHOP}ProxyPassReverse /x [[balancer://Shop2/]]`,
    {
      says: ['balancer://shop2 is not defined anywhere: did you mean balancer://shop?'],
      fixed: `${COMPLETE}${SHOP}ProxyPassReverse /x balancer://shop/`,
    },
  ],
  // a variable in a RewriteRule substitution is expanded per request: its name is not the balancer's (issue 26)
  [`${SHOP}RewriteRule "^/x/(.*)$" [["balancer://x%{REQUEST_URI}"]] [P]`, { says: ['balancer://x is not found'] }],
  // near misses
  [`${SHOP}ProxyPassReverse /x balancer://SHOP/`],
  [`${SHOP}RewriteRule "^/(.*)$" "balancer://shop%{REQUEST_URI}" [P]`], // %{REQUEST_URI} starts with "/": the name is shop
  [`${SHOP}RewriteRule "^/(.*)$" "balancer://shop$1" [P]`], // a back-reference: the name is unknown
  [`${SHOP}RewriteRule "^/(.*)$" "balancer://%{ENV:POOL}/$1" [P]`],
  [`${SHOP}RewriteCond %{HTTP_HOST} ^(\\w+)\nRewriteRule "^/(.*)$" "balancer://s%1/$1" [P]`],
  [`${SHOP}RewriteRule "^/(.*)$" "balancer://\${pools:%{HTTP_HOST}}/$1" [P]`],
  ['ProxyPassReverse /x balancer://nope/'], // nothing defined at all: a file of references only
  [`${SHOP}ProxyPass /x balancer://other/\nProxyPassReverse /x balancer://other/`], // ProxyPass creates it (empty-balancer's business)
]);
