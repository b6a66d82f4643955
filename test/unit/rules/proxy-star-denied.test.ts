import { ruleTable } from '../../support/rules';

// <Proxy "*"> with Require all denied answers 403 to a ProxyPass to a balancer: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, access).
const B = '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n';

ruleTable('proxy-star-denied', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [`${B}[[<Proxy *>]]\n    Require all denied\n</Proxy>\nRewriteEngine On\nRewriteRule ^/a\\ b(.*) http://10.0.0.1:8080/$1 [P]`],
  // mod_rewrite trims the spaces around each flag: a quoted field with them proxies
  [`${B}[[<Proxy *>]]\n    Require all denied\n</Proxy>\nRewriteEngine On\nRewriteRule ^/(.*) http://10.0.0.1:8080/$1 "[L, P]"`],
  [
    `${B}[[<Proxy "*">]]\n    Require all denied\n</Proxy>\nProxyPass "/" "balancer://app/"`,
    { says: ['they get 403', 'ProxyRequests Off'] },
  ],
  [`${B}[[<Proxy *>]]\n    Order deny,allow\n    Deny from all\n</Proxy>\nRewriteEngine On\nRewriteRule ^/(.*) balancer://app/$1 [P]`],
  // near misses: reopened for the balancer, nothing reverse-proxied, a guard that lets some in
  [
    `${B}<Proxy "*">\n    Require all denied\n</Proxy>\n<Proxy "balancer://app">\n    Require all granted\n</Proxy>\nProxyPass "/" "balancer://app/"`,
  ],
  [`<Proxy "*">\n    Require all denied\n</Proxy>\nProxyRequests Off`],
  [`${B}<Proxy "*">\n    Require ip 10.0.0.0/8\n</Proxy>\nProxyPass "/" "balancer://app/"`],
]);
