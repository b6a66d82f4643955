import { ruleTable } from '../../support/rules';

// <Location "/admin/"> does not match /admin, which is proxied unguarded: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, access).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('location-guard-slash', [
  [
    `${B}<Location [["/admin/"]]>\n    Require ip 10.9.9.9\n</Location>\nProxyPass / balancer://app/`,
    {
      says: ['/admin is not under "/admin/"', 'balancer://app unguarded', 'unless the application redirects it'],
    },
  ],
  // The path is sent encoded: /100% as /100%25 (sent as written, Apache answers 400 before any <Location>)
  [
    `${B}<Location [["/100%/"]]>\n    Require ip 10.9.9.9\n</Location>\nProxyPass / balancer://app/`,
    { says: ['/100% is not under "/100%/"'] },
  ],
  // near misses
  [`${B}<Location "/admin">\n    Require ip 10.9.9.9\n</Location>\nProxyPass / balancer://app/`],
  [`${B}<Location "/admin/">\n    Require ip 10.9.9.9\n</Location>\nProxyPass /api/ balancer://app/`],
  [`${B}<Location "/admin/">\n    Require all granted\n</Location>\nProxyPass / balancer://app/`],
]);
