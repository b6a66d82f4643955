import { ruleTable } from '../../support/rules';

// `Header always edit` and `Header always unset` leave a member's headers as they are: checked on Apache 2.4.71
// (test/real-mistakes-3/headers.ts, header-always-edit-misses-proxied-cookie, for edit; unset by hand the same day).
const B = '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/"\n';

ruleTable('header-always-misses-member', [
  [
    `${B}Header [[always]] edit Set-Cookie ^(.*)$ "$1; Secure"`,
    {
      says: ['always skips the headers a member sends: its "Set-Cookie" is never changed, drop always'],
      fixed: `${B}Header edit Set-Cookie ^(.*)$ "$1; Secure"`,
      safe: false,
    },
  ],
  [`${B}<VirtualHost *:443>\n    Header [[ALWAYS]] unset X-Powered-By\n    Header [[always]] edit* Location ^http: https:\n</VirtualHost>`],
  // near misses: without always, onsuccess, a line without always beside it, set and add, no proxy at all
  [`${B}Header edit Set-Cookie ^(.*)$ "$1; Secure"\nHeader onsuccess unset X-Powered-By`],
  [`${B}Header always unset X-Powered-By\nHeader unset X-Powered-By`],
  [`${B}Header always set X-Frame-Options DENY\nHeader always add Strict-Transport-Security "max-age=1"`],
  ['Header always edit Set-Cookie ^(.*)$ "$1; Secure"'],
]);
