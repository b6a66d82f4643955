import { COMPLETE, ruleTable } from '../../support/rules';

const AT = { path: '/etc/apache2/apache2.conf', files: { '/etc/apache2/apache2.conf': '' } };

// Each expectation was checked with `apache2 -t` (Apache/2.4.71, Debian); flags are case-insensitive.
ruleTable('invalid-directive-argument', [
  [
    'BalancerPersist [[yes]]\nBalancerInherit [[1]]\nProxyPassInherit OFF\nBalancerPersist on off',
    {
      each: ['BalancerPersist takes On or Off, not "yes"', 'BalancerInherit takes On or Off, not "1"'],
      apache: ' must be On or Off',
      refuses: [],
    },
  ],
  ['[[ProxyPassInherit]]', { says: ['ProxyPassInherit takes On or Off'], apache: 'ProxyPassInherit must be On or Off' }],
  [
    'BalancerGrowth [[1001]]\nBalancerGrowth [[-1]]\nBalancerGrowth abc\nBalancerGrowth 1000',
    {
      each: ['BalancerGrowth "1001" is out of range', 'BalancerGrowth "-1" is out of range'],
      says: ['write 0 to 1000'],
      apache: 'BalancerGrowth must be between 0 and 1000',
    },
  ],
  [
    '[[BalancerGrowth]]\n[[BalancerGrowth 3 4]]\n[[BalancerGrowth ""]]',
    { says: ['BalancerGrowth takes one number'], apache: 'BalancerGrowth takes one argument, Number of additional Balancers' },
  ],
  // core.c virtualhost_section: no address before the `>` (test/apache/config-test.test.ts)
  [
    '[[<VirtualHost>]]\n</VirtualHost>\n[[<VirtualHost  >]]\n</VirtualHost>',
    { says: ['<VirtualHost> needs an address, e.g. <VirtualHost *:80>'], apache: '<VirtualHost> directive requires additional arguments' },
  ],
  // set_server_root: an absolute path that is not a folder, read through the file access
  [
    'ServerRoot [["/srv/missing"]]\nServerRoot [[/etc/apache2/apache2.conf]]\nServerRoot /etc/apache2\nServerRoot "/etc/apache2/"',
    {
      ...AT,
      each: ['ServerRoot "/srv/missing" is not a folder', 'ServerRoot "/etc/apache2/apache2.conf" is not a folder'],
      apache: 'ServerRoot must be a valid directory',
    },
  ],
  // not checked: a relative path (merged with Apache's working directory), or with no file access
  ['ServerRoot missing', AT],
  ['ServerRoot /srv/missing'],
  // mod_proxy_hcheck.c set_hc_condition and set_hc_template (test/apache/config-test.test.ts, "ProxyHCExpr with …")
  [
    '[[ProxyHCExpr]]\n[[ProxyHCTemplate]]\n[[ProxyHCExpr name_of_16_bytes {%{REQUEST_STATUS} =~ /^2/}]]',
    {
      says: ['needs a name first'],
      eachApache: [
        'Missing expression name for ProxyHCExpr',
        'Missing template name for ProxyHCTemplate',
        'Expression name limited to 15 characters',
      ],
    },
  ],
  [
    '[[ProxyHCExpr ok]]\n[[ProxyHCExpr ok {}]]\n[[ProxyHCExpr ok ""]]',
    { says: ['ProxyHCExpr needs an expression after its name'], apache: 'Missing expression for ProxyHCExpr' },
  ],
  [
    '[[ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^2/} x]]',
    { says: ['ProxyHCExpr takes one expression: write it in braces'], apache: 'error: extra parameter(s)' },
  ],
  [
    '[[ProxyHCExpr ok %{REQUEST_STATUS} =~ /^2/]]\n[[ProxyHCExpr ok {%{REQUEST_STATUS}}]]',
    {
      says: ['ProxyHCExpr needs a condition, not a value alone'],
      apache: 'Could not parse expression "%{REQUEST_STATUS}": syntax error, unexpected $end',
    },
  ],
  [
    'ProxyHCExpr name_of_15bytes {%{REQUEST_STATUS} =~ /^2/}\nProxyHCExpr ok "%{REQUEST_STATUS} == 200"\nProxyHCExpr ok {a {b} c}\nProxyHCTemplate t',
  ],
  [`${COMPLETE}ProxyHCExpr`], // without mod_proxy_hcheck the directive is unknown: unknown-directive's business
  // near misses
  ['BalancerPersist On\nBalancerInherit off\nProxyPassInherit On\nBalancerGrowth 0\n<VirtualHost *:80>\n</VirtualHost>'],
]);
