import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('balancer-persist', [
  [
    '[[BalancerPersist On]]',
    { says: ['BalancerPersist On', 'may not take effect', 'slotmem-shm-*.persist'], fixed: 'BalancerPersist Off', safe: false },
  ],
  ['<VirtualHost *:80>\n    [[balancerpersist on]]\n</VirtualHost>'],
  // near misses
  ['BalancerPersist Off'],
  ['LoadModule proxy_module mod_proxy.so\n<IfModule mod_nothing.c>\n    BalancerPersist On\n</IfModule>'],
]);
