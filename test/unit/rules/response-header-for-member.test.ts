import { ruleTable } from '../../support/rules';

// Header edits the response, RequestHeader the request: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, headers).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('response-header-for-member', [
  [
    `${B}[[Header]] setIfEmpty X-Forwarded-Proto "https"\nProxyPass / balancer://app/`,
    {
      says: ['the member never receives "X-Forwarded-Proto"', 'RequestHeader the request'],
      fixed: `${B}RequestHeader setIfEmpty X-Forwarded-Proto "https"\nProxyPass / balancer://app/`,
      safe: true,
    },
  ],
  [`[[Header]] always set X-Forwarded-Port 443`, { fixed: 'RequestHeader set X-Forwarded-Port 443' }],
  [`[[Header]] unset X-Real-IP`],
  // near misses
  [`RequestHeader set X-Forwarded-Proto https`],
  [`Header always set Strict-Transport-Security "max-age=63072000"`],
  [`Header echo X-Forwarded-For`],
]);
