import { COMPLETE, loadModule, ruleTable } from '../../support/rules';

const HC = COMPLETE + loadModule('proxy_hcheck_module', 'mod_proxy_hcheck.so');
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
      says: ['the ProxyHCExpr expression does not parse: the expression ends too early'],
      apache: 'Could not parse expression "%{REQUEST_STATUS}": syntax error, unexpected $end',
    },
  ],
  // ap_expr's parse (server/src/core/expr; every verdict class in test/apache/hc-expressions.ts)
  [
    '[[ProxyHCExpr ok {a {b} c}]]',
    { says: ['"{" is out of place'], apache: `Could not parse expression "a {b} c": syntax error, unexpected '{', expecting '('` },
  ],
  [
    '[[ProxyHCExpr ok {%{STATUS} =~ /^2/}]]',
    {
      says: ['variable "%{STATUS}" does not exist'],
      apache: `Could not parse expression "%{STATUS} =~ /^2/": Variable 'STATUS' does not exist`,
    },
  ],
  [`[[ProxyHCExpr ok {%{req:a"b} == 1}]]`, { says: ["stops Apache's scanner"], apache: 'flex scanner jammed' }],
  [
    'RewriteCond expr [["!%{REQUEST_URI} =~ /(/"]]\nRewriteRule ^ -',
    {
      says: ['the RewriteCond expr expression does not parse: regular expression "(" does not compile'],
      apache: 'RewriteCond: cannot compile expression "%{REQUEST_URI} =~ /(/" Failed to compile regular expression',
    },
  ],
  [`${COMPLETE}RewriteCond expr "("\nRewriteCond %{HTTP_HOST} "("`], // without mod_rewrite the directive is unknown
  [`${HC}[[ProxyHCExpr ok {%{SSL_PROTOCOL} == 'TLSv1.3'}]]`, { says: ['variable "%{SSL_PROTOCOL}" does not exist'] }],
  [`ProxyHCExpr ok {%{SSL_PROTOCOL} == 'TLSv1.3'}`], // a fragment: mod_ssl may be loaded elsewhere
  [
    'ProxyHCExpr name_of_15bytes {%{REQUEST_STATUS} =~ /^2/}\nProxyHCExpr ok "%{REQUEST_STATUS} == 200"\nProxyHCExpr ok {%{REQUEST_STATUS} in {\'200\'}}\nProxyHCTemplate t',
  ],
  [`${COMPLETE}ProxyHCExpr`], // without mod_proxy_hcheck the directive is unknown: unknown-directive's business
  // ap_expr in <If>, <ElseIf>, SetEnvIfExpr and Require expr, each in its handler's words (test/apache/config-test.test.ts)
  [
    '<If [["%{FOO} == 1"]]>\n</If>\n<ElseIf [["(true"]]>\n</ElseIf>',
    {
      each: [
        'the <If> expression does not parse: variable "%{FOO}" does not exist',
        'the <ElseIf> expression does not parse: a parenthesis is not closed',
      ],
      eachApache: [
        "Cannot parse condition clause: Variable 'FOO' does not exist",
        "Cannot parse condition clause: syntax error, unexpected $end, expecting T_OP_OR or T_OP_AND or ')'",
      ],
    },
  ],
  [
    `SetEnvIfExpr [["%{REQUEST_URI} =~ /(/"]] x=1`,
    {
      says: ['regular expression "(" does not compile'],
      apache: 'Could not parse expression "%{REQUEST_URI} =~ /(/": Failed to compile regular expression',
    },
  ],
  [
    '<Location />\n[[Require not expr "%{REQUEST_URI} == 1" "x"]]\n[[Require expr]]\n</Location>',
    {
      says: ['the Require expr expression does not parse'],
      eachApache: [
        'Cannot parse expression in require line: syntax error, unexpected T_STR_BEGIN, expecting $end',
        'Cannot parse expression in require line: syntax error, unexpected $end',
      ],
    },
  ],
  [`${COMPLETE}<If [["hc('body') == 1"]]>\n</If>`, { says: ['function "hc()" does not exist'] }], // mod_proxy_hcheck not loaded
  [`<If "hc('body') == 1">\n</If>`], // a fragment: mod_proxy_hcheck may be loaded elsewhere
  [`${COMPLETE}SetEnvIfExpr "(" x=1\nRequire expr "("`], // without mod_setenvif and mod_authz_core the directives are unknown
  ['<Location />\nRequire EXPR "("\nRequire valid-user\n</Location>\n<If "-R \'10.0.0.0/8\' || %{HTTP_HOST} == \'a\'">\n</If>'],
  // near misses
  ['BalancerPersist On\nBalancerInherit off\nProxyPassInherit On\nBalancerGrowth 0\n<VirtualHost *:80>\n</VirtualHost>'],
]);
