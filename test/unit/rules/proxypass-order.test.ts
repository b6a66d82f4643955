import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('proxypass-order', [
  [
    'ProxyPass / balancer://app/\nProxyPass [[/api/]] balancer://api/',
    {
      says: ['never used', '"ProxyPass /" above', 'matches /api/ first', 'move this line above it'],
      fixed: 'ProxyPass /api/ balancer://api/\nProxyPass / balancer://app/',
      safe: false,
    },
  ],
  [
    'ProxyPass / balancer://app/\nProxyPass [[/static/]] !\n',
    {
      says: ['exclusion comes too late', 'matches /static/ first'],
      fixed: 'ProxyPass /static/ !\nProxyPass / balancer://app/\n',
      safe: true,
    },
  ],
  [
    '<VirtualHost *:80>\r\n    ProxyPass / balancer://app/\r\n\tProxyPass [[/x]] !\r\n</VirtualHost>\r\n',
    { fixed: '<VirtualHost *:80>\r\n    ProxyPass /x !\r\n    ProxyPass / balancer://app/\r\n</VirtualHost>\r\n' },
  ],
  // A lone carriage return before the anchor is whitespace to Apache: the moved line does not take it along (a fuzz find).
  [
    '\r ProxyPass / balancer://app/\nProxyPass [[/static/]] !',
    { fixed: ' ProxyPass /static/ !\n\r ProxyPass / balancer://app/', safe: true },
  ],
  ['ProxyPass /api balancer://a\nProxyPass [[/api/v2]] balancer://b'],
  ['ProxyPass /api// balancer://a/\nProxyPass [[/api/v2/]] balancer://b/'],
  ['ProxyPass "/a" "balancer://x"\nProxyPass [["/a"]] "balancer://y"', { says: ['same path /a', 'remove one of them'] }],
  [
    'ProxyPass /api !\nProxyPass [[/api/v2]] balancer://b',
    { says: ['the exclusion "ProxyPass /api" above', 'matches it first: move this line above it'] },
  ],
  [
    'ProxyPass / balancer://app/\n<VirtualHost *:80>\n    ProxyPass [[/api/]] balancer://api/\n</VirtualHost>',
    { says: ['the main server\'s "ProxyPass /" matches /api/ first', 'move that line into the virtual hosts'] },
  ],
  ['<VirtualHost *:80>\n    ProxyPass [[/api/]] balancer://api/\n</VirtualHost>\nProxyPass / balancer://app/'],
  ['ProxyPass / balancer://app/\nProxyPass [[/a/]] balancer://a/\nProxyPass [[/b/]] balancer://b/'],
  // near misses
  ['ProxyPass /api/ balancer://api/\nProxyPass / balancer://app/'],
  ['ProxyPass /api balancer://a/\nProxyPass /apiv2 balancer://b/'],
  ['ProxyPass /api/ balancer://a/\nProxyPass /api balancer://b/'],
  ['ProxyPass / balancer://app/\nProxyPass /api/ balancer://app/api/'], // same target either way
  ['ProxyPass /x !\nProxyPass /x/y !'],
  [
    '<VirtualHost *:80>\n    ProxyPass / balancer://a/\n</VirtualHost>\n<VirtualHost *:81>\n    ProxyPass /api/ balancer://b/\n</VirtualHost>',
  ],
  ['ProxyPass / balancer://app/\n<Location /api/>\n    ProxyPass balancer://api/\n</Location>'],
  ['ProxyPassMatch ^/(.*)$ balancer://app/$1\nProxyPass /api/ balancer://api/'],
  ['ProxyPass ~ ^/ balancer://app/\nProxyPass /api/ balancer://api/'],
  ['ProxyPass / balancer://app/ mapping=servlet\nProxyPass /api/ balancer://api/'],
  ['ProxyPass ${ROOT} balancer://app/\nProxyPass /api/ balancer://api/'],
]);
