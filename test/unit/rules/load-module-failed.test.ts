import { ruleTable } from '../../support/rules';

// mod_so.c load_module and dso_load run while the file is read (test/apache/config-test.test.ts, "LoadModule …").
const AT = {
  path: '/etc/apache2/apache2.conf',
  files: { '/etc/apache2/apache2.conf': '', '/usr/lib/apache2/modules/mod_proxy_hcheck.so': '', '/etc/apache2/modules/mod_x.so': '' },
};
const USAGE = 'LoadModule takes two arguments, a module name and the name of a shared object file to load it from';

ruleTable('load-module-failed', [
  [
    '[[LoadModule proxy_module]]\n[[LoadModule a b c]]\n[[LoadModule]]',
    { says: ['LoadModule takes a module name and a file'], apache: USAGE, refuses: [] },
  ],
  [
    'LoadModule x_module [[/usr/lib/apache2/modules/mod_nothing.so]]',
    {
      ...AT,
      says: ['module file "/usr/lib/apache2/modules/mod_nothing.so" does not exist'],
      apache:
        'Cannot load /usr/lib/apache2/modules/mod_nothing.so into server: /usr/lib/apache2/modules/mod_nothing.so: cannot open shared object file: No such file or directory',
    },
  ],
  // a relative path starts at ServerRoot
  [
    'ServerRoot /etc/apache2\nLoadModule x_module modules/mod_x.so\nLoadModule y_module [["modules/mod_y.so"]]',
    {
      ...AT,
      says: ['module file "modules/mod_y.so" does not exist'],
      apache: 'Cannot load modules/mod_y.so into server: /etc/apache2/modules/mod_y.so:',
    },
  ],
  [
    'LoadModule hcheck_module [[/usr/lib/apache2/modules/mod_proxy_hcheck.so]]',
    {
      ...AT,
      says: ['"mod_proxy_hcheck.so" holds proxy_hcheck_module: write that name before the file'],
      apache:
        "Can't locate API module structure `hcheck_module' in file /usr/lib/apache2/modules/mod_proxy_hcheck.so: /usr/lib/apache2/modules/mod_proxy_hcheck.so: undefined symbol: hcheck_module",
    },
  ],
  // without file access the name is still checked against the file Debian ships
  ['LoadModule proxy_modul [[modules/mod_proxy.so]]', { says: ['"mod_proxy.so" holds proxy_module'] }],
  // a bare file name is not looked for (the system loader may find it), but its module name is checked
  [
    'LoadModule proxy_modul [[mod_proxy.so]]\nLoadModule proxy_module mod_proxy.so',
    { ...AT, says: ['"mod_proxy.so" holds proxy_module'], apache: "`proxy_modul' in file mod_proxy.so: mod_proxy.so: undefined" },
  ],
  // not checked: a module Debian does not ship, a file without file access
  ['LoadModule php_module /usr/lib/apache2/modules/libphp.so\nLoadModule x_module /nowhere/mod_x.so'],
  ['LoadModule proxy_hcheck_module /usr/lib/apache2/modules/mod_proxy_hcheck.so', AT],
]);
