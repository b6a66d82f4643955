import { ruleTable } from '../../support/rules';

// A member URL ending with "/" and a balancer URL with a path: the backend received //app/x, and
// /ctx//app/x for a member with a path (Apache 2.4.71, test/apache/third-pass.test.ts).
const PASS = 'ProxyPass "/app/" "balancer://t/app/"';

ruleTable('member-trailing-slash', [
  [
    `<Proxy "balancer://t">\n    BalancerMember [["http://10.0.0.1:8080/"]]\n</Proxy>\n${PASS}`,
    {
      says: ['this URL\'s trailing slash doubles the one "balancer://t/app/" adds', 'drop it'],
      fixed: `<Proxy "balancer://t">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n${PASS}`,
      safe: true,
    },
  ],
  [
    '<Proxy balancer://t>\nBalancerMember [[http://h/ctx/]] route=a\n</Proxy>\nProxyPass / balancer://t/',
    { fixed: '<Proxy balancer://t>\nBalancerMember http://h/ctx route=a\n</Proxy>\nProxyPass / balancer://t/' },
  ],
  // the ProxyPass path without a trailing slash leaves a leading slash on the remainder
  ['<Proxy balancer://t>\nBalancerMember [[http://h/]]\n</Proxy>\nProxyPass /app balancer://t'],
  ['BalancerMember balancer://t [[http://h/]]\nRewriteRule ^/(.*) balancer://t/$1 [P]'],
  // near misses
  ['<Proxy balancer://t>\nBalancerMember http://h\n</Proxy>\nProxyPass /app/ balancer://t/app/'],
  ['<Proxy balancer://t>\nBalancerMember http://h/ctx\n</Proxy>\nProxyPass / balancer://t/'],
  // nothing routes to it here
  ['<Proxy balancer://t>\nBalancerMember http://h/\n</Proxy>'],
  ['<Proxy balancer://t>\nBalancerMember http://h/\n</Proxy>\nProxyPass /app/ balancer://other/'],
  ['<Proxy balancer://t>\nBalancerMember ${BACKEND}/\n</Proxy>\nProxyPass / balancer://t/'],
]);
