import { ruleTable } from '../../support/rules';

// balancer://app$1 asks for balancer://apppage: 500 (test/real-mistakes-2, rewrite-capture-glued-to-balancer-name,
// reproduced on Apache 2.4.71 by test/apache/request-mistakes.test.ts).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('balancer-name-glued', [
  [
    `${B}RewriteEngine On\nRewriteRule "^/(.*)" [["balancer://app$1"]] [P]`,
    { says: ['"balancer://app$1" runs into the name, so "/page" asks for a balancer that is not there (500): add a slash'] },
  ],
  [`${B}ProxyPassMatch "^/api/(.*)$" [[balancer://app$1]]`, { says: ['"/api/page" asks for a balancer that is not there'] }],
  // near misses: a slash, a capture that starts with one, %{REQUEST_URI}, a name the request chooses
  [`${B}RewriteEngine On\nRewriteRule "^/(.*)" "balancer://app/$1" [P]\nRewriteRule "^(/x/.*)" "balancer://app$1" [P]`],
  [`${B}RewriteEngine On\nRewriteRule "^/y/" "balancer://app%{REQUEST_URI}" [P]`],
  [
    '<Proxy balancer://cluster1>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n<Proxy balancer://cluster2>\n    BalancerMember http://10.0.0.2:8080\n</Proxy>\nRewriteEngine On\nRewriteRule "^/([12])/(.*)" "balancer://cluster$1/$2" [P]',
  ],
]);
