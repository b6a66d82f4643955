import { ruleTable } from '../../support/rules';

// add_pass_reverse (mod_proxy.c): PATH URL [interpolate], only URL [interpolate] where the section gives the
// path (<Location>, <LocationMatch>, <Proxy>, <ProxyMatch>); AP_INIT_TAKE123 refuses a fourth word. Each
// message below is Apache 2.4.71's `apache2 -t` output (test/apache/second-pass.test.ts).
const IN_LOCATION = 'ProxyPassReverse can not have a path when defined in a location';

ruleTable('proxypassreverse-syntax', [
  [
    '<Location "/shop/">\n    ProxyPass "balancer://shop/"\n    ProxyPassReverse [["/shop/"]] "balancer://shop/"\n</Location>',
    {
      says: ['remove the path "/shop/": inside <Location> or <Proxy> ProxyPassReverse takes only the URL'],
      apache: IN_LOCATION,
      // Inside <Location "/shop/"> the URL alone would send a redirect to /landed on to /shop//landed.
      fixed: '<Location "/shop/">\n    ProxyPass "balancer://shop/"\n</Location>\nProxyPassReverse /shop balancer://shop/',
      safe: true,
      refuses: [],
    },
  ],
  [
    '<Location "/shop">\n    ProxyPass "balancer://shop/"\n    ProxyPassReverse [["/shop"]] "balancer://shop/"\n</Location>',
    { fixed: '<Location "/shop">\n    ProxyPass "balancer://shop/"\n    ProxyPassReverse "balancer://shop/"\n</Location>' },
  ],
  ['<Proxy balancer://a>\nProxyPassReverse [[/x]] balancer://a/\n</Proxy>', { apache: IN_LOCATION }],
  ['<LocationMatch ^/x>\nProxyPassReverse [[/x]] http://h/ interpolate\n</LocationMatch>', { apache: IN_LOCATION }],
  // a ProxyPass key copied into a <Location> is read as the URL, so the URL counts as a path
  ['<Location /x>\nProxyPassReverse [[http://h/]] stickysession=X\n</Location>', { apache: IN_LOCATION }],
  [
    '[[ProxyPassReverse /x]]',
    {
      says: ['ProxyPassReverse needs a path and a URL here'],
      apache: 'ProxyPassReverse needs a path when not defined in a location',
      noFix: true,
    },
  ],
  ['[[ProxyPassReverse /x interpolate]]', { apache: 'needs a path when not defined in a location' }],
  [
    'ProxyPassReverse /x http://h/ interpolate [[foo]]',
    { says: ['remove "foo" and what follows'], apache: 'ProxyPassReverse takes one, two or three arguments' },
  ],
  // near misses
  [
    'ProxyPassReverse /x http://h/\nProxyPassReverse /y http://h/ interpolate\n<Location /z>\nProxyPassReverse http://h/\nProxyPassReverse http://h/ INTERPOLATE\n</Location>',
  ],
  ['ProxyPassReverse /x http://h/ stickysession=X'],
  ['ProxyPassReverse ${PATH}'],
]);
