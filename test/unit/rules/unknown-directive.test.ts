import { COMPLETE, loadModule, ruleTable } from '../../support/rules';

// Each expectation was checked with `apache2 -t` (Apache/2.4.71, Debian). In a fragment only near
// misses of a manual directive are flagged (a third-party module may define the rest); with a
// complete, standard module set, every unlisted name and every directive of a module not loaded.
const INVALID = "Invalid command '";

ruleTable('unknown-directive', [
  [
    '[[ProdyPassReverse]] "/a/" "balancer://a/"',
    {
      says: ['unknown directive "ProdyPassReverse": did you mean ProxyPassReverse?'],
      apache: `${INVALID}ProdyPassReverse', perhaps misspelled`,
      fixed: 'ProxyPassReverse "/a/" "balancer://a/"',
      // The misspelled directive is a line of its own, not one of a balancer's.
      refuses: [],
    },
  ],
  ['<Proxy balancer://a>\n[[<Proxi]] x>\n</Proxi>\n</Proxy>', { says: ['unknown directive "<Proxi": did you mean <Proxy?'] }],
  [
    `${COMPLETE}[[WSGIDaemonProcess]] app`,
    {
      says: ['unknown directive "WSGIDaemonProcess", as no loaded module defines it'],
      apache: `${INVALID}WSGIDaemonProcess'`,
      noFix: true,
    },
  ],
  [
    `${COMPLETE}[[MinSpareServers]] 1\nMaxRequestWorkers 10`,
    { says: ['MinSpareServers needs mpm_prefork_module, which is not loaded: add its LoadModule line'] },
  ],
  ['[[LockFile]] /var/lock/accept.lock\n', { says: ['removed in Apache 2.4: use Mutex'] }],
  // a byte order mark is part of the first name to Apache; removing it is safe at the start of the file…
  [
    '[[\uFEFFServerName]] localhost',
    {
      says: ['the file starts with a byte order mark', 'save the file without it'],
      apache: "Invalid command '\\xef\\xbb\\xbfServerName'",
      fixed: 'ServerName localhost',
      safe: true,
    },
  ],
  // … all of them (removing one would leave the name unknown) …
  ['[[\uFEFF\uFEFFServerName]] localhost', { fixed: 'ServerName localhost', safe: true }],
  // … and only offered further down, where U+FEFF was typed or pasted
  ['ServerName localhost\n[[\uFEFFServerAdmin]] a@b', { fixed: 'ServerName localhost\nServerAdmin a@b', safe: false }],
  // … or inside a quoted name, where the fix removes the mark and keeps the quotes
  ['[["\uFEFFServerName"]] localhost', { fixed: '"ServerName" localhost', safe: false }],
  // names from other servers and common inventions are reported even in a fragment, with Apache's equivalent
  [
    '[[ProxyReadTimeout]] 300',
    {
      says: ['ProxyReadTimeout is not an Apache directive: use ProxyTimeout, or timeout= on the BalancerMember'],
      apache: `${INVALID}ProxyReadTimeout'`,
      fixed: 'ProxyTimeout 300',
    },
  ],
  [
    '[[ProxyConnectTimeout]] 5',
    { says: ['ProxyConnectTimeout is not an Apache directive: use connectiontimeout= on the BalancerMember or ProxyPass'], noFix: true },
  ],
  [
    '<VirtualHost *:80>\n[[proxy_pass]] http://127.0.0.1:8080;\n</VirtualHost>',
    { says: ["proxy_pass is nginx's: use ProxyPass PATH URL"], noFix: true },
  ],
  ['[[proxy_set_header]] Host $host;', { says: ["nginx's: use RequestHeader set NAME VALUE"] }],
  ['[[PROXY_READ_TIMEOUT]] 60s;', { says: ["PROXY_READ_TIMEOUT is nginx's: use ProxyTimeout"] }],
  ['[[balance]] roundrobin', { says: ["balance is HAProxy's: use lbmethod= in ProxySet"] }],
  [`${COMPLETE}[[ProxyStickySession]] JSESSIONID`, { says: ['use stickysession= in ProxySet'] }],
  // near misses
  ['ProxyTimeout 300\nProxyMaxForwards 3\nProxySet timeout=30 connectiontimeout=5'],
  ['WSGIDaemonProcess app'],
  ['<IfModule !proxy_module>\nProdyPass x\n</IfModule>'],
  ['balancermember balancer://a http://h\n"ProxyPass" /x balancer://a/'],
  [`${COMPLETE}${loadModule('wsgi_module', 'mod_wsgi.so')}WSGIDaemonProcess app`],
  ['MinSpareServers 1'],
  // directives third-party modules define are no typo in a fragment
  ...[
    'JkOptions +ForwardKeySize',
    'SecAction "id:1,pass"',
    'PerlHandler My::Handler',
    'php_value memory_limit 64M',
    'MaxClients 10',
    'PassengerEnabled on',
  ].map((line) => [`${line}\n`] as const),
]);
