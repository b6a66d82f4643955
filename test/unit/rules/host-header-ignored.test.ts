import { ruleTable } from '../../support/rules';

// Without ProxyPreserveHost On, mod_proxy sends the member's own address as Host whatever RequestHeader
// set (test/real-mistakes-2, host-header-set-without-preserve-host, reproduced on Apache 2.4.71 by
// test/apache/request-mistakes.test.ts).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('host-header-ignored', [
  [
    `${B}[[RequestHeader set Host "app.example.com"]]\nProxyPass "/" "balancer://app/"`,
    { says: ['without ProxyPreserveHost On the member gets its own address as Host, so this changes nothing: add ProxyPreserveHost On'] },
  ],
  [
    `${B}<VirtualHost *:80>\n    <Location "/">\n        [[RequestHeader edit host ^(.*)$ "app.$1"]]\n    </Location>\n    ProxyPass "/" "balancer://app/"\n</VirtualHost>`,
  ],
  // near misses: ProxyPreserveHost On (here, in the main server, in a section), unset, another header, nothing proxied
  [`${B}ProxyPreserveHost On\nRequestHeader set Host "app.example.com"\nProxyPass "/" "balancer://app/"`],
  [`${B}ProxyPreserveHost On\n<VirtualHost *:80>\n    RequestHeader set Host "a"\n    ProxyPass "/" "balancer://app/"\n</VirtualHost>`],
  [`${B}<Location "/">\n    ProxyPreserveHost On\n</Location>\nRequestHeader set Host "a"\nProxyPass "/" "balancer://app/"`],
  [`${B}RequestHeader unset Host\nRequestHeader set X-Forwarded-Proto https\nProxyPass "/" "balancer://app/"`],
  ['RequestHeader set Host "app.example.com"'],
]);
