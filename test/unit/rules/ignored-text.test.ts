import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('ignored-text', [
  [
    '<Proxy "balancer://c"> [[lbmethod=bogus]]\n    BalancerMember http://10.0.0.1\n</Proxy>',
    {
      says: ['"lbmethod=bogus"', 'move it inside the ">"'],
      fixed: '<Proxy "balancer://c" lbmethod=bogus>\n    BalancerMember http://10.0.0.1\n</Proxy>',
      safe: false,
    },
  ],
  [
    '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n</Proxy> [[junk here]]',
    { says: ['"junk here"', '</Proxy>'], fixed: '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n</Proxy>', safe: false },
  ],
  [
    '<Location /x> [[Require all denied]]\n</Location>',
    { says: ['<Location>'], fixed: '<Location /x>\n    Require all denied\n</Location>' },
  ],
  ['<proxy balancer://c>[[stickysession=ID]]\n</proxy>', { says: ['<Proxy>'] }],
  ['<IfModule mod_proxy.c> [[ProxyRequests Off]]\n</IfModule>'],
  ['<VirtualHost *:80>\n</VirtualHost> [[<VirtualHost *:81>]]'],
  // near misses
  ['<Proxy balancer://c lbmethod=bybusyness>\n</Proxy>'],
  ['<Proxy balancer://c>\n</Proxy> # end of the balancer'],
  ['<Proxy balancer://c> # the shop\n</Proxy>'],
  ['<Proxy balancer://c>   \n</Proxy>   '],
  ['<Foo bar> baz\n</Foo>'], // unknown sections are unknown-directive's business
]);
