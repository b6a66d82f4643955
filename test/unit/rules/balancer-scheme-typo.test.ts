import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('balancer-scheme-typo', [
  [
    'ProxyPass /shop/ [[balnacer://]]shop/',
    {
      says: ['"balnacer://" is not "balancer://"', 'write "balancer://shop/"', '500'],
      fixed: 'ProxyPass /shop/ balancer://shop/',
      safe: true,
    },
  ],
  ['ProxyPass "/shop/" "[[balancers://]]shop/"', { fixed: 'ProxyPass "/shop/" "balancer://shop/"' }],
  ['ProxyPass /shop/ [[blancer://]]shop/ timeout=5', { fixed: 'ProxyPass /shop/ balancer://shop/ timeout=5' }],
  ['ProxyPassReverse /shop/ [[balancer:/]]shop/', { says: ['Location headers'], fixed: 'ProxyPassReverse /shop/ balancer://shop/' }],
  ['ProxyPassReverse /shop/ "[[BALANCER:///]]shop/"', { fixed: 'ProxyPassReverse /shop/ "balancer://shop/"' }],
  [
    'RewriteRule ^/(.*)$ [[balancr://]]shop/$1 [P,L]',
    { says: ['proxied back to this server (404)'], fixed: 'RewriteRule ^/(.*)$ balancer://shop/$1 [P,L]' },
  ],
  ['SetHandler "proxy:[[balanser://]]shop"', { says: ['serves a local file instead (404)'], fixed: 'SetHandler "proxy:balancer://shop"' }],
  ['<Proxy [[balnacer://]]shop>\n    BalancerMember http://10.0.0.1\n</Proxy>', { says: ['no ProxyPass can route to'] }],
  ['BalancerMember [[BALANCRE://]]shop http://10.0.0.1', { fixed: 'BalancerMember balancer://shop http://10.0.0.1' }],
  ['ProxySet [[balnacer://]]shop lbmethod=bybusyness', { says: ['refuses the line'] }],
  // The corrected name would share a shared-memory slot with another balancer: the ProxyPass defines an empty
  // balancer://shop-a that takes the slot first, and Apache fails to start with AH01186 (checked in
  // test/apache/config-test.test.ts), so the fix is offered but not safe. The second is what the fuzz found (fix-fuzz,
  // seed 1125445831).
  [
    'ProxyPass "/a/" "[[balnacer://]]shop-a/"\n<Proxy "balancer://shop.a">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>',
    {
      fixed: 'ProxyPass "/a/" "balancer://shop-a/"\n<Proxy "balancer://shop.a">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>',
      safe: false,
    },
  ],
  [
    'balancer://shop-a">\n    BalancerMember "[[hbalancer://]]shop-a">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "balancer://shop.a">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>',
    { safe: false },
  ],
  [
    '<Proxy "balancer://shop-a">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/a/" "[[balnacer://]]shop-a/"',
    { safe: true },
  ],
  // near misses
  ['ProxyPass /shop/ balancer://shop/'],
  ['ProxyPass /shop/ BALANCER://shop/'],
  ['ProxyPassReverse /shop/ "BALANCER://shop/"'],
  ['ProxyPass /x http://balancer/'],
  ['ProxyPass /x ws://10.0.0.1/ timeout=5'],
  ['ProxyPass /x "unix:/run/app.sock|http://localhost/"'],
  ['ProxyPass /x balancer:/shop/'], // Apache refuses it: invalid-balancer-name reports the error
  ['Header set X-Origin balnacer://shop/'], // not a directive that names balancers
  ['<IfModule mod_nothing.c>\nProxyPass /x balnacer://shop/\n</IfModule>\nLoadModule proxy_module m.so'],
]);
