import { ruleTable } from '../../support/rules';

// What load-module-failed cannot check, said on the line (issue 28, point 3): a module file Debian
// does not ship holds a name balancer-lens cannot verify; its file is looked for inside the roots only.
const AT = {
  path: '/etc/apache2/apache2.conf',
  files: {
    '/etc/apache2/apache2.conf': '',
    '/etc/apache2/modules/mod_custom.so': '',
    '/usr/lib/apache2/modules/mod_proxy.so': '',
    '/opt/modules': { roots: ['/etc/apache2'] },
  },
};

ruleTable('load-module-unchecked', [
  [
    'LoadModule security2_module [[/usr/lib/apache2/modules/mod_security2.so]]',
    { says: ['"mod_security2.so" could not be checked: it is not a module file Debian ships, and it was not looked for'] },
  ],
  [
    'LoadModule custom_module [[/opt/modules/mod_custom.so]]',
    {
      ...AT,
      says: ['"mod_custom.so" could not be checked: it is not a module file Debian ships, and its folder is outside the include roots'],
    },
  ],
  ['LoadModule custom_module [[mod_custom.so]]', { ...AT, says: ['and the system loader looks for it'] }],
  [
    'ServerRoot /etc/apache2\nLoadModule custom_module [[modules/mod_custom.so]]',
    { ...AT, says: ['"mod_custom.so" could not be checked: it is not a module file Debian ships'], never: [', and'] },
  ],
  // checked: a module Debian ships, by its name (and its file inside the roots); refused lines are load-module-failed's
  ['LoadModule proxy_module /usr/lib/apache2/modules/mod_proxy.so', AT],
  ['LoadModule proxy_module /opt/modules/mod_proxy.so', AT],
  ['LoadModule custom_module /etc/apache2/modules/mod_nothing.so', AT],
  ['LoadModule custom_module'],
]);
