import { ruleTable } from '../../support/rules';

// Each mapping was checked on Apache/2.4.71 through a member answering Set-Cookie
// (test/apache/request-mistakes.test.ts, redirects).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('cookie-path-mapping', [
  [
    `${B}ProxyPass / balancer://app/app/\n[[ProxyPassReverseCookiePath "/" "/app/"]]`,
    {
      says: ["the member's path comes first", 'write ProxyPassReverseCookiePath "/app/" "/"'],
      fixed: `${B}ProxyPass / balancer://app/app/\nProxyPassReverseCookiePath "/app/" "/"`,
      safe: true,
    },
  ],
  // near misses
  [`${B}ProxyPass / balancer://app/app/\nProxyPassReverseCookiePath /app/ /`],
  [`${B}ProxyPass / balancer://app/app/\nProxyPassReverseCookiePath /app /`],
  [`${B}ProxyPass /app/ balancer://app/app/\nProxyPassReverseCookiePath /app /app`],
  [`ProxyPassReverseCookiePath / /`],
]);
