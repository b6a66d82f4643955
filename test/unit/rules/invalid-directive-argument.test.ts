import * as assert from 'node:assert/strict';
import { applyFix, COMPLETE, lintText, loadModule, ruleTable } from '../../support/rules';

const HC = COMPLETE + loadModule('proxy_hcheck_module', 'mod_proxy_hcheck.so');
const AT = { path: '/etc/apache2/apache2.conf', files: { '/etc/apache2/apache2.conf': '' } };

// Each expectation was checked with `apache2 -t` (Apache/2.4.71, Debian); flags are case-insensitive.
ruleTable(
  'invalid-directive-argument',
  [
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
      {
        says: ['<VirtualHost> needs an address, e.g. <VirtualHost *:80>'],
        apache: '<VirtualHost> directive requires additional arguments',
      },
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
    // parseargline's words: a backslash keeps a space in the expression; flags Apache refuses come first
    [
      'RewriteCond expr [[%{HTTP_HOST}\\ ==\\ \'a\']]\nRewriteCond expr "(" [NC,[[L]],OR]',
      {
        each: [
          'the RewriteCond expr expression does not parse: "\\" is not part of the expression language',
          'RewriteCond has no flag "L"',
        ],
        eachApache: [
          `RewriteCond: cannot compile expression "%{HTTP_HOST}\\ ==\\ 'a'" syntax error, unexpected T_ERROR: Parse error near '\\'`,
          "RewriteCond: unknown flag 'L'",
        ],
      },
    ],
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
    // Every On|Off (FLAG) directive Apache has (test/apache/flag-directives.test.ts checks each), its module loaded
    [
      `KeepAlive [[yes]]\nProxyPreserveHost [[1]]\nSSLProxyEngine [[true]]\n[[RewriteEngine]]\nKeepAlive ON extra`,
      {
        each: [
          'KeepAlive takes On or Off, not "yes"',
          'ProxyPreserveHost takes On or Off',
          'SSLProxyEngine takes On or Off',
          'RewriteEngine takes On or Off',
        ],
        apache: ' must be On or Off',
      },
    ],
    // near misses: a module not loaded (the directive is unknown), a directive out of place (another refusal first)
    [`${COMPLETE}SSLProxyEngine yes\n<Directory "/srv">\n    ProxyRequests yes\n</Directory>`],
    // mod_proxy's one-value and cookie directives (every case also in test/apache/proxy-arguments.ts)
    [
      'ProxyVia [[sometimes]]\nProxyTimeout [[0]]\nProxyErrorOverride On [[200]]\n[[ProxyPassReverseCookiePath /a]]\nProxyIOBufferSize [[100]]',
      {
        each: [
          'ProxyVia takes on, off, full, block, not "sometimes"',
          'ProxyTimeout "0" is no number of seconds: write 1 or more',
          '"200" is no error status: intercept statuses from 400 to 599',
          "ProxyPassReverseCookiePath takes the member's path, then the public one",
          'ProxyIOBufferSize "100" is too small',
        ],
      },
    ],
    // a value from a variable Apache's environment may set is not judged on the variable's name
    ['ProxyTimeout ${TIMEOUT}\nKeepAlive ${KA}\nSSLProxyVerify ${V}'],
    [
      'ProxyVia Block\nProxyTimeout 5s\nProxyErrorOverride Off On 404\nProxyErrorOverride 502\nProxyPassReverseCookiePath /a /b interpolate\nProxyIOBufferSize abc',
    ],
    // mod_ssl's verification and protocols (also in test/apache/proxy-arguments.ts)
    [
      'SSLProxyVerify [[sometimes]]\nSSLProxyVerifyDepth [[-1]]\nSSLProxyProtocol all [[+SSLv2]]\nSSLProtocol [[TLSv9]]',
      {
        each: [
          'SSLProxyVerify takes none, optional, require or optional_no_ca, not "sometimes"',
          'SSLProxyVerifyDepth "-1" is negative',
          'SSLv2 is no longer supported',
          '"TLSv9" is no protocol',
        ],
      },
    ],
    ['SSLProxyVerify Require\nSSLProxyVerifyDepth abc\nSSLProxyProtocol all -SSLv3 -SSLv2 +TLSv1.3\nSSLProtocol'],
    // Header and RequestHeader lines mod_headers refuses (every case also in test/apache/header-arguments.ts)
    [
      'Header [[replace]] X-A 1\nHeader [[set]] X-A\nRequestHeader [[echo]] ^X-',
      {
        each: ['"replace" is no Header action', 'set needs a value after the header name', 'RequestHeader has no echo'],
        refuses: [],
      },
    ],
    [
      'Header set X-A 1 [[env=!]]\nHeader set X-A 1 [[sometimes]]\nHeader set X-A 1 [["expr=%{FOO} == 1"]]\nHeader set X-A 1 env=A [[extra]]',
      {
        each: [
          'env= needs the name of a variable',
          '"sometimes" is no condition',
          'the Header condition does not parse: variable "%{FOO}" does not exist',
          '"extra" is one word too many: set takes a header, a value and a condition',
        ],
      },
    ],
    [
      'Header edit X-A [[^(a]] b\nHeader echo [[^X-(]]\nHeader set X-A [["%{FOO}x"]]',
      { each: ['the edit pattern does not compile', 'the echo pattern does not compile', '%x is no Header format'] },
    ],
    // near misses: what Apache accepts, and a value from a variable the environment may set
    [
      'Header always set X-A "%D %{FOO}e %% 100%" "expr=%{REQUEST_URI} =~ m#^/a#"\nHeader unset X-A early\nHeader set X-A "expr=%{REQUEST_URI}"\nHeader ${ACTION} X-A 1',
    ],
    // RewriteRule and RewriteCond arguments mod_rewrite refuses before compiling a pattern (parseargline,
    // cmd_parseflagfield, the flags; every case also in test/apache/rewrite-arguments.ts)
    [
      '[[RewriteRule ^/a]]\n[[RewriteRule]]',
      {
        says: ['RewriteRule needs a pattern and a substitution'],
        eachApache: ["RewriteRule: bad argument line '^/a'", "RewriteRule: bad argument line ''"],
      },
    ],
    [
      '[[RewriteCond %{HTTP_HOST}]]',
      { says: ['RewriteCond needs a test string and a condition'], apache: "RewriteCond: bad argument line '%{HTTP_HOST}'" },
    ],
    [
      '[[RewriteRule "^/a b [X]]]',
      {
        says: ['the quote before "^/a b [X]" is never closed: close it after the pattern'],
        apache: `RewriteRule: bad argument line '"^/a b [X]'`,
      },
    ],
    [
      'RewriteRule ^/a b [[[L]]\nRewriteCond %{HTTP_HOST} ^a [[[NC]]\nRewriteRule ^/a b [["[P"]] x',
      {
        each: ['the flags "[L" are not closed', 'the flags "[NC" are not closed', 'the flags "[P" are not closed'],
        says: ['end them with "]"'],
        eachApache: ['RewriteRule: bad flag delimiters', 'RewriteCond: bad flag delimiters', 'RewriteRule: bad flag delimiters'],
        fixed: 'RewriteRule ^/a b [L]\nRewriteCond %{HTTP_HOST} ^a [NC\nRewriteRule ^/a b "[P" x',
        safe: true,
      },
    ],
    [
      'RewriteRule ^/a b [[[R]] = 301]\nRewriteRule ^/a b [[[L]] x]',
      { says: ['a space ends the flags at', 'write them without spaces, e.g. [R=301,L]'], apache: 'RewriteRule: bad flag delimiters' },
    ],
    [
      'RewriteRule ^/a b [[L]]\nRewriteRule ^/a b [[c]] d\nRewriteRule "^/a\\" b" [[c]]\nRewriteCond %{HTTP_HOST} ^a [[""]]',
      {
        each: ['"L" stands where the flags go', '"c" stands', '"c" stands', '"" stands where the flags go, in brackets like [NC,OR]'],
        says: ['quote a word that holds a space'],
        apache: ': bad flag delimiters',
        noFix: true,
      },
    ],
    [
      'RewriteRule ^/a b [L,[[X]],NC]\nRewriteRule ^/a b [L,[[QA]],NC]\nRewriteRule ^/a b [L,[[backrefnoplus]],NC]',
      {
        each: [
          'RewriteRule has no flag "X": see its flags, e.g. L, R=301, P, QSA, NC',
          'RewriteRule has no flag "QA": did you mean QSA?',
          'RewriteRule has no flag "backrefnoplus"',
        ],
        eachApache: ["RewriteRule: unknown flag 'X'", "RewriteRule: unknown flag 'QA'", "RewriteRule: unknown flag 'backrefnoplus'"],
      },
    ],
    [
      'RewriteCond %{HTTP_HOST} ^a [NC,[[L]],OR]\nRewriteCond %{HTTP_HOST} ^a [NC,[[X]]=1,OR]',
      { says: ['has no flag', 'it takes NC, OR and NV'], eachApache: ["RewriteCond: unknown flag 'L'", "RewriteCond: unknown flag 'X'"] },
    ],
    ['Define F X\nRewriteRule ^/a b [L,[[${F}]],NC]', { says: ['RewriteRule has no flag "X"'], apache: "RewriteRule: unknown flag 'X'" }],
    [
      'RewriteRule ^/a b [[[L,]]]\nRewriteCond %{HTTP_HOST} ^a [[[,NC]]]\nRewriteRule ^/a b [[[]]]\nRewriteRule ^/a b [[[=1]]]',
      {
        each: [
          'an empty flag in "[L,]"',
          'an empty flag in "[,NC]"',
          'empty flags "[]" are refused: drop them',
          'a flag in "[=1]" has no name before "=": write one, e.g. E=name:value',
        ],
        eachApache: [
          "RewriteRule: unknown flag ''",
          "RewriteCond: unknown flag ''",
          "RewriteRule: unknown flag ''",
          "RewriteRule: unknown flag ''",
        ],
      },
    ],
    [
      'RewriteRule ^/a b [L,[[R=418]],NC]\nRewriteRule ^/a b [L,[[redirect=600]],NC]\nRewriteRule ^/a b [L,[[R=99999999999]],NC]',
      {
        each: ['redirect status "418" is not', 'redirect status "600" is not', 'redirect status "99999999999" is not'],
        says: ['an HTTP status Apache knows: use 301, 302, 303, 307 or 308'],
        eachApache: [
          "RewriteRule: invalid HTTP response code '418' for flag 'R'",
          "RewriteRule: invalid HTTP response code '600' for flag 'R'",
          "RewriteRule: invalid HTTP response code '99999999999' for flag 'R'",
        ],
      },
    ],
    [
      'RewriteRule ^/a b [B,[[BNE]],L]\nRewriteRule ^/a b [L,[[bne=]],NC]',
      {
        says: ['flag BNE needs the characters B should leave alone, e.g. [B,BNE=/]'],
        apache: "RewriteRule: flag 'BNE' wants a list of characters (i.e. [BNE=...])",
      },
    ],
    // accepted as Apache accepts them: words after the flags, R= a word, any number atoi turns into a
    // status Apache knows (4294967597 is 301), D followed by anything, flags with values they ignore
    [
      'RewriteRule ^/a b [R=301,L] extra words\nRewriteRule "^/a" "b" "[L, P]"\nRewriteRule \'^/a b\' c\nRewriteRule ^/a\\ b c [L]\nRewriteRule "^/a"',
    ],
    [
      'RewriteRule ^/a b [R=foo,R=+301,R=,R=Permanent,R=0301,R=301abc,R=4294967597,R=500,R=103,R=511,R=404]\nRewriteRule ^/a b [Dxyz,L=1,N=abc,S,E,CO,BNE=x,BCTLS,BNP,backrefernoplus]',
    ],
    [
      'RewriteRule ^/a b [chain,cookie=a:b,discardpath,env=x:y,end,forbidden,gone,handler=x,last,next,nocase,noescape,nosubreq]\nRewriteRule ^/a b [proxy,passthrough,qsappend,qsdiscard,qslast,skip=2,type=x,UnsafeAllow3F,UnsafePrefixStat,UNC]',
    ],
    ['RewriteCond %{HTTP_HOST} ^a [NC=1,nocase,ornext,NV]\nRewriteCond %{HTTP_HOST} ^a "[NC, OR]"\nRewriteCond %{HTTP_HOST} ^a [NC] extra'],
    [`${COMPLETE}RewriteRule ^/a b [X]\nRewriteCond %{HTTP_HOST}`], // without mod_rewrite the directives are unknown
    // near misses
    ['BalancerPersist On\nBalancerInherit off\nProxyPassInherit On\nBalancerGrowth 0\n<VirtualHost *:80>\n</VirtualHost>'],
  ],
  () => {
    // `]]` in a case would read as a span marker: these cases are spelled out.
    const refusals: readonly [text: string, flagged: string, message: string, apache: string, fixed?: string][] = [
      [
        'RewriteRule ^/a http://b/ [P]]',
        'P]',
        'flag "P]" has an extra "]": write P',
        "RewriteRule: unknown flag 'P]'",
        'RewriteRule ^/a http://b/ [P]',
      ],
      ['RewriteRule ^/a b [[L]', '[L', 'flag "[L" has an extra "[": write L', "RewriteRule: unknown flag '[L'", 'RewriteRule ^/a b [L]'],
      ['RewriteCond a b [NC]]', 'NC]', 'flag "NC]" has an extra "]": write NC', "RewriteCond: unknown flag 'NC]'", 'RewriteCond a b [NC]'],
      ['RewriteRule ^/a b [L,XY]]', 'XY]', 'RewriteRule has no flag "XY]"', "RewriteRule: unknown flag 'XY]'"],
      // a bracket or a field's end that a `${VAR}` gave: no fix edits the variable
      ['Define F "P]"\nRewriteRule ^/a b [${F}]', '${F}', 'flag "P]" has an extra "]": write P', "RewriteRule: unknown flag 'P]'"],
      ['Define F "[L"\nRewriteRule ^/a b ${F}', '${F}', 'the flags "[L" are not closed', 'RewriteRule: bad flag delimiters'],
      // the trim of an empty piece reaches back past its start, so the flag is the rest of the field
      ['RewriteRule ^/a b "[ ]"', '"[ ]"', 'empty flags "[ ]" are refused: drop them', "RewriteRule: unknown flag ','"],
    ];
    for (const [text, flagged, message, apache, fixed] of refusals)
      it(`flags ${flagged} in ${text}`, () => {
        const found = lintText(text).filter((finding) => finding.ruleId === 'invalid-directive-argument');
        assert.deepEqual(
          found.map((finding) => [text.slice(finding.span.start, finding.span.end), finding.severity, finding.apacheMessage]),
          [[flagged, 'error', apache]],
        );
        assert.ok(found[0]!.message.startsWith(message), found[0]!.message);
        const fix = found[0]!.fixes?.[0];
        assert.equal(fix && applyFix(text, fix), fixed);
      });
  },
);
