import { ruleTable } from '../../support/rules';

// add_pass_reverse (mod_proxy.c) keeps any third word as the interpolate flag: a stickysession= or
// timeout= copied from ProxyPass is accepted by `apache2 -t` and never applies.
const NO_EFFECT = ': remove it';

ruleTable('proxypassreverse-extra-word', [
  [
    'ProxyPass "/shop/" "balancer://shop/" stickysession=JSESSIONID\nProxyPassReverse "/shop/" "balancer://shop/" [[stickysession=JSESSIONID]]',
    {
      says: [`ProxyPassReverse ignores "stickysession=JSESSIONID"${NO_EFFECT}, or set it on the ProxyPass or in ProxySet`],
      fixed: 'ProxyPass "/shop/" "balancer://shop/" stickysession=JSESSIONID\nProxyPassReverse "/shop/" "balancer://shop/"',
      safe: false,
    },
  ],
  ['ProxyPassReverse /x http://h/ [[nocanon]]', { says: [`ProxyPassReverse ignores "nocanon"${NO_EFFECT}`], never: ['ProxySet'] }],
  ['<Location /x>\nProxyPassReverse http://h/ interpolate [[timeout=5]]\n</Location>', { says: ['ProxyPassReverse ignores "timeout=5"'] }],
  // near misses
  ['ProxyPassReverse /x http://h/ interpolate\nProxyPassReverse /y http://h/'],
  ['<Location /x>\nProxyPassReverse http://h/ interpolate\n</Location>'],
  // refused lines are proxypassreverse-syntax's
  [
    '<Location /x>\nProxyPassReverse http://h/ stickysession=X\n</Location>\nProxyPassReverse /x interpolate foo\nProxyPassReverse /x http://h/ a b',
  ],
]);
