import * as assert from 'node:assert/strict';
import { buildModel } from '../../../server/src/core/model/build';
import type { Balancer, Model, ServerScope } from '../../../server/src/core/model/model';
import type { BalancerParams, WorkerParams } from '../../../server/src/core/model/params';
import type { Span } from '../../../server/src/core/syntax/lines';
import { parse } from '../../../server/src/core/syntax/parser';
import { show, unmark } from '../../support/markers';

// Spec §2 and the modelling rows of §9. Every expectation below that the spec does not already
// mark as verified was checked with `apache2 -t` (Apache/2.4.71, Debian); member sharing shows in
// its AH01150 warning. Inheritance between the main server and virtual hosts (§2.6, rows 54–58)
// happens after reading and is modelled by model/inherit.ts (the last table below).

const model = (text: string): Model => buildModel(parse(text));

/** A balancer as `name: member…`, prefixed with `<VirtualHost args>` when it belongs to one. */
function describeBalancer(balancer: Balancer): string {
  const scope = balancer.scope.kind === 'vhost' ? `<VirtualHost ${balancer.scope.section.args.map((word) => word.value).join(' ')}> ` : '';
  return `${scope}${balancer.name}:${balancer.members.map((member) => ` ${member.name}`).join('')}`;
}

/** Every balancer in creation order with its members in array order. */
function checkMembers(text: string, expected: readonly string[]): void {
  assert.deepEqual(model(text).balancers.map(describeBalancer), expected);
}

/**
 * Everything Apache would say while reading and walking, in text order, as `[[marked text]]
 * message`; `note: ` means Apache accepts the file anyway. The n-th marker is the n-th span.
 */
function checkProblems(marked: string, expected: readonly string[]): void {
  const { text, spans } = unmark(marked);
  assert.equal(spans.length, expected.length, 'one marker per expected problem');
  const tree = parse(text);
  const found = [...tree.diagnostics, ...buildModel(tree).problems];
  const format = (span: Span, message: string): string => `${span.start}:[[${text.slice(span.start, span.end)}]] ${message}`;
  const actual = found
    .sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end)
    .map((problem) => format(problem.span, `${problem.refused ? '' : 'note: '}${problem.message}`));
  assert.deepEqual(
    actual,
    expected.map((message, i) => format(spans[i]!, message)),
  );
}

/** Picks the fields of `actual` that `expected` names. */
function pick<T extends object>(actual: T, expected: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key as keyof T]])) as Partial<T>;
}

/** The named fields of the main server's balancer `name`. */
function checkBalancer(text: string, name: string, expected: Partial<BalancerParams>): void {
  const balancer = model(text).balancers.find((b) => b.name === name && b.scope.kind === 'main');
  assert.ok(balancer, `no balancer ${name}`);
  assert.deepEqual(pick(balancer.params, expected), expected);
}

/** The named fields of member `member` of the main server's balancer `name`. */
function checkMember(text: string, name: string, member: string, expected: Partial<WorkerParams>): void {
  const balancer = model(text).balancers.find((b) => b.name === name && b.scope.kind === 'main');
  const found = balancer?.members.find((m) => m.name === member);
  assert.ok(found, `no member ${member} in ${name}`);
  assert.deepEqual(pick(found.params, expected), expected);
}

const BM = 'BalancerMember balancer://c';
const IN_C = (body: string): string => `<Proxy balancer://c>\n${body}\n</Proxy>`;
const MPM =
  'LoadModule mpm_event_module modules/mod_mpm_event.so\nLoadModule lbmethod_byrequests_module modules/mod_lbmethod_byrequests.so\n';

/** §2.1, §2.2, §2.4: [configuration, balancers with their members]. */
const MEMBERS: readonly (readonly [string, readonly string[]])[] = [
  // §2.2's four examples.
  [
    'ProxyPass "/app/" "balancer://app/" stickysession=JSESSIONID|jsessionid\n<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2 route=n1\n    BalancerMember "http://10.0.0.2:8080" route=n2\n    BalancerMember "http://10.0.0.3:8080" status=+H\n    ProxySet lbmethod=byrequests\n</Proxy>',
    ['balancer://app: http://10.0.0.1:8080 http://10.0.0.2:8080 http://10.0.0.3:8080'],
  ],
  [
    'BalancerMember balancer://api http://10.0.1.1:9000 loadfactor=3\nBalancerMember balancer://api http://10.0.1.2:9000',
    ['balancer://api: http://10.0.1.1:9000 http://10.0.1.2:9000'],
  ],
  ['<Proxy balancer://img lbmethod=bytraffic>\n    BalancerMember http://10.0.2.1\n</Proxy>', ['balancer://img: http://10.0.2.1']],
  ['<Location "/svc/">\n    ProxyPass "balancer://svc/" maxattempts=1\n</Location>', ['balancer://svc:']],
  // Every other way in, and the ways that create nothing.
  ['ProxyPassMatch "^/m/(.*)$" "balancer://m/$1"', ['balancer://m:']],
  ['<Proxy balancer://p>\n    ProxySet lbmethod=bytraffic\n</Proxy>', ['balancer://p:']],
  ['<Proxy balancer://p lbmethod=bytraffic>\n</Proxy>', ['balancer://p:']],
  ['<Proxy balancer://r>\n    Require all granted\n</Proxy>', []], // row 36
  ['<Proxy balancer://r>\n</Proxy>', []],
  ['ProxySet balancer://c lbmethod=bytraffic', []],
  ['ProxyPass ~ ^/x balancer://c/\nProxyPass /a=b balancer://d/ nocanon\nProxyPass /e !', ['balancer://c:', 'balancer://d:']],
  ['RewriteRule "^/x/(.*)" "balancer://c/$1" [P]\nSetHandler "proxy:balancer://c"\nProxyPassReverse /x balancer://c/', []],
  ['ProxyPass /x balancer://c1/\n<Proxy balancer://c1>\n    BalancerMember http://h\n</Proxy>', ['balancer://c1: http://h']], // row 37
  [
    '<Proxy balancer://c>\nBalancerMember http://a\n</Proxy>\n<Proxy balancer://c>\nBalancerMember http://b\n</Proxy>',
    ['balancer://c: http://a http://b'],
  ],
  ['<Proxy balancer://c>\n<IfModule mod_proxy.c>\nBalancerMember http://a\n</IfModule>\n</Proxy>', ['balancer://c: http://a']],
  ['<IfModule mod_proxy.c>\n<Proxy balancer://c>\nBalancerMember http://a\n</Proxy>\n</IfModule>', ['balancer://c: http://a']],
  [`${BM} route=x loadfactor=3 http://h`, ['balancer://c: http://h']], // row 50: parameters may come first
  [
    'balancermember balancer://c http://h\n<PROXY balancer://d>\nBALANCERMEMBER http://h\n</proxy>',
    ['balancer://c: http://h', 'balancer://d: http://h'],
  ],
  ['Define B balancer://c\nDefine M "http://h:1 route=x"\nBalancerMember ${B} ${M}', ['balancer://c: http://h:1']],
  [IN_C('# note \\\nBalancerMember http://h loadfactor=0'), []], // row 69: the comment swallows the member
  // §2.1 names: lower case, path dropped, `balancer:` in any case; BalancerMember takes any name.
  [
    '<Proxy balancer://MixedCase/some/path>\nBalancerMember http://h\n</Proxy>\nProxyPass / balancer://mixedcase/',
    ['balancer://mixedcase: http://h'],
  ], // row 39
  ['ProxyPass / BALANCER://C1/x\nBalancerMember balancer://c1 http://h', ['balancer://c1: http://h']],
  ['ProxyPass / Balancer://X/', ['balancer://x:']],
  ['<Proxy http://backend>\nBalancerMember http://h\n</Proxy>', ['http://backend: http://h']], // row 46
  ['<ProxyMatch balancer://c.*>\nBalancerMember http://h\n</ProxyMatch>', ['balancer://c.*: http://h']],
  [
    'BalancerMember balancer://a-b http://h\nBalancerMember balancer://a.b http://h',
    ['balancer://a-b: http://h', 'balancer://a.b: http://h'],
  ],
  [
    'BalancerMember balancer://\u00c4 http://h\nBalancerMember balancer://\u00e4 http://h',
    ['balancer://\u00c4: http://h', 'balancer://\u00e4: http://h'],
  ], // ASCII-only folding
  // Worker names: scheme and host lower-cased, the scheme's default port dropped, the rest as written.
  [`${BM} HTTP://Host:8080/Path?Q#F`, ['balancer://c: http://host:8080/Path?Q#F']],
  [
    `${BM} http://h:80\n${BM} https://h:443\n${BM} https://h:80\n${BM} ajp://h:8009\n${BM} http://h2:080`,
    ['balancer://c: http://h https://h https://h:80 ajp://h http://h2'],
  ],
  [`${BM} http://U:P@H:8080/x\n${BM} http://U:P@h:8080/x/zz`, ['balancer://c: http://U:P@h:8080/x http://U:P@h:8080/x/zz']], // the lookup lower-cases the user too
  [
    `${BM} gopher://h:70\n${BM} ssh://h:22\n${BM} fcgi://h:8000\n${BM} FCGI://h:8000/x\n${BM} uwsgi://h:3031\n${BM} wss://h:443`,
    ['balancer://c: gopher://h ssh://h fcgi://h fcgi://h/x uwsgi://h:3031 wss://h'],
  ],
  [`${BM} http://[::1]:8080\n${BM} http://[::2]`, ['balancer://c: http://[::1]:8080 http://[::2]']],
  [`${BM} unix:/run/a.sock|http://localhost/app\n${BM} unix:sock|http:`, ['balancer://c: http://localhost/app http://localhost']],
  // §2.4: a new URL that an existing member's name prefixes (past scheme://host[:port]) is that member.
  [`${BM} http://h:1\n${BM} http://h:1/app`, ['balancer://c: http://h:1']], // row 51
  [`${BM} http://h:1/app\n${BM} http://h:1`, ['balancer://c: http://h:1/app http://h:1']], // row 52
  [`${BM} http://LOCALHOST:80\n${BM} http://localhost/`, ['balancer://c: http://localhost']], // row 53
  [`${BM} http://localhost\n${BM} http://LOCALHOST:80/`, ['balancer://c: http://localhost http://localhost/']], // the new URL is compared as written
  [`${BM} HTTP://H:80/A\n${BM} HTTP://H:80/A/zz`, ['balancer://c: http://h/A http://h/A/zz']],
  [`${BM} http://h:1\n${BM} http://H:1/app`, ['balancer://c: http://h:1']],
  [`${BM} http://h:1/App\n${BM} http://h:1/app`, ['balancer://c: http://h:1/App http://h:1/app']],
  [`${BM} http://h:1\n${BM} http://h:10`, ['balancer://c: http://h:1 http://h:10']],
  [`${BM} http://h:1/a\n${BM} http://h:1/ab`, ['balancer://c: http://h:1/a']], // no path boundary
  [`${BM} http://h:1?a\n${BM} http://h:1?a/zz`, ['balancer://c: http://h:1?a']],
  [`${BM} http://u:p@H:8080/x\n${BM} http://u:p@h:8080/x/y`, ['balancer://c: http://u:p@h:8080/x']],
  [`${BM} unix:/s|http://localhost/x\n${BM} http://localhost/x/y`, ['balancer://c: http://localhost/x']],
  [`${BM} http://h:080\n${BM} http://h/y`, ['balancer://c: http://h']],
  ['BalancerMember balancer://a http://h\nBalancerMember balancer://b http://h', ['balancer://a: http://h', 'balancer://b: http://h']],
  ['BalancerMember balancer://c http://h\nProxyPass /x http://h/', ['balancer://c: http://h']],
  // Per-server scopes merged as Apache merges them (§2.6, §9 rows 54, 57, 58): a vhost balancer named
  // like a main-server one takes the main server's members and drops its own.
  [
    '<VirtualHost *:80>\n<Proxy balancer://c1>\nBalancerMember http://v\n</Proxy>\n</VirtualHost>\nBalancerMember balancer://c1 http://m',
    ['<VirtualHost *:80> balancer://c1: http://m', 'balancer://c1: http://m'],
  ],
  [
    'BalancerMember balancer://c1 http://m\n<VirtualHost *:80>\nProxyPass / balancer://c1/\n</VirtualHost>',
    ['balancer://c1: http://m', '<VirtualHost *:80> balancer://c1: http://m'],
  ],
  [
    'BalancerMember balancer://c1 http://m\n<VirtualHost *:80>\nProxyPassInherit Off\nProxyPass / balancer://c1/\n</VirtualHost>',
    ['balancer://c1: http://m', '<VirtualHost *:80> balancer://c1: http://m'],
  ],
  [
    'BalancerMember balancer://c1 http://m\n<VirtualHost *:80>\nBalancerInherit Off\nProxyPassInherit Off\nProxyPass / balancer://c1/\n</VirtualHost>',
    ['balancer://c1: http://m', '<VirtualHost *:80> balancer://c1:'],
  ],
  [
    '<VirtualHost a:80>\nBalancerMember balancer://c1 http://a\n</VirtualHost>\n<VirtualHost b:80>\nBalancerMember balancer://c1 http://b\n</VirtualHost>',
    ['<VirtualHost a:80> balancer://c1: http://a', '<VirtualHost b:80> balancer://c1: http://b'],
  ],
  [
    '<VirtualHost *:80>\nBalancerMember balancer://c1 http://v\n</VirtualHost>\nBalancerMember balancer://c1 http://m',
    ['<VirtualHost *:80> balancer://c1: http://m', 'balancer://c1: http://m'],
  ],
  // Recovery: one broken line or section hides nothing after it.
  [
    '<Proxy balancer://a>\nBalancerMember http://h\n</Location>\n<Proxy balancer://b>\nBalancerMember http://h2\n</Proxy>',
    ['balancer://a: http://h', 'balancer://b: http://h2'],
  ],
  ['<Proxy balancer://a>\n</Proxy >\n<Proxy balancer://b>\nBalancerMember http://h2\n</Proxy>', ['balancer://b: http://h2']],
  ['</Proxy>\nBalancerMember balancer://b http://h2', ['balancer://b: http://h2']],
  [
    '<Proxy balancer://a\nBalancerMember http://h\n</Proxy>\nBalancerMember balancer://b http://h2',
    ['balancer://a: http://h', 'balancer://b: http://h2'],
  ],
  [
    'BalancerMember balancer://a http://h lbset=200 x\nBalancerMember balancer://a 127.0.0.1:1\nBalancerMember balancer://b http://h2',
    ['balancer://a: http://h', 'balancer://b: http://h2'],
  ],
];

/** [configuration with marked spans, problems in text order]. */
const PROBLEMS: readonly (readonly [string, readonly string[]])[] = [
  [MEMBERS[0]![0], []],
  // §2.3 BalancerMember's words, with Apache's texts.
  [IN_C('BalancerMember balancer://c1 [[http://h]]'), ['BalancerMember can not have a balancer name when defined in a location']], // row 42
  ['[[BalancerMember http://h]]', ['BalancerMember must define remote proxy server']], // row 43
  ['[[BalancerMember]]', ['BalancerMember must define balancer name when outside <Proxy > section']],
  ['[[BalancerMember route=x]]', ['BalancerMember must define balancer name when outside <Proxy > section']],
  [`${BM} http://h [[extra]]`, ["Invalid BalancerMember parameter. Parameter must be in the form 'key=value'"]],
  ['<Location /x>\n[[BalancerMember http://h]]\n</Location>', ['BalancerMember Bad syntax for a balancer name (/x)']], // row 44
  ['<Location /X>\n[[BalancerMember http://h]]\n</Location>', ['BalancerMember Bad syntax for a balancer name (/x)']],
  ['<Location /x>\n[[BalancerMember 127.0.0.1:1]]\n</Location>', ['BalancerMember Bad syntax for a balancer name (/x)']], // the name is checked before the URL
  ['<Proxy>\n[[BalancerMember http://h]]\n</Proxy>', ['BalancerMember Bad syntax for a balancer name ()']], // row 45
  ['<Proxy *>\n[[BalancerMember http://h]]\n</Proxy>', ['BalancerMember Bad syntax for a balancer name (*)']],
  // Row 47: Apache stops at the stray word; the linter goes on with the words it kept, as Apache would once it is removed.
  [
    '<If "true">\n[[BalancerMember balancer://x [[http://h]]]]\n</If>',
    ['BalancerMember Bad syntax for a balancer name (*if)', 'BalancerMember can not have a balancer name when defined in a location'],
  ],
  ['<If "true">\n[[BalancerMember http://h]]\n</If>', ['BalancerMember Bad syntax for a balancer name (*if)']],
  ['BalancerMember route=x [[BALANCER:C]] http://h', ['BalancerMember Bad syntax for a balancer name (balancer:c)']],
  ['BalancerMember [[""]] http://h', ['BalancerMember Bad syntax for a balancer name ()']],
  [`${BM} [[127.0.0.1:8080]]`, ['BalancerMember Unable to parse URL: 127.0.0.1:8080']], // row 48
  [`${BM} [[localhost:8080]]`, ['BalancerMember URL must be absolute!: localhost:8080']],
  [`${BM} [[http://h:1:80/]]`, ['BalancerMember Unable to parse URL: http://h:1:80/']],
  [`${BM} [[10.0.0.1]]`, ['BalancerMember URL must be absolute!: 10.0.0.1']],
  [`${BM} [[_x:1]]`, ['BalancerMember Unable to parse URL: _x:1']],
  [`${BM} [[http:/h]]`, ['BalancerMember URL must be absolute!: http:/h']],
  [`${BM} [[//h:1/x]]`, ['BalancerMember URL must be absolute!: //h:1/x']],
  [`${BM} [[http://:80]]`, ['BalancerMember URL must be absolute!: http://:80']],
  [`${BM} [[http://]]`, ['BalancerMember URL must be absolute!: http://']],
  [`${BM} [[http://[::1]]`, ['BalancerMember Unable to parse URL: http://[::1']],
  [`${BM} [[""]]`, ['BalancerMember URL must be absolute!: ']],
  [`${BM} http://h:+80\n${BM} unix:sock|http://h\n${BM} unix:/tmp/s|http:\n${BM} unix:/s|http://`, []],
  [`${BM} [[unix:/s|h]]`, ['BalancerMember uses an invalid "unix:" URL']],
  [`${BM} [[unix:/s|]]`, ['BalancerMember uses an invalid "unix:" URL']],
  ['BalancerMember balancer:c [[unix:/s|]]', ['BalancerMember uses an invalid "unix:" URL']], // checked before the balancer name
  ['[[BalancerMember balancer://c http://h/?a=b]]', ['BalancerMember must define remote proxy server']], // row 49
  [`${BM} route=x loadfactor=3 http://h`, []], // row 50
  [IN_C('BalancerMember http://h status=+H [[+R]]'), ['BalancerMember can not have a balancer name when defined in a location']], // row 18
  // Row 68: Apache stops at the first stray word, and so does the model: one problem per line.
  [IN_C('BalancerMember http://h loadfactor=2 [[#]] slow'), ['BalancerMember can not have a balancer name when defined in a location']],
  [
    IN_C('BalancerMember http://h [[\\]] \nBalancerMember http://h2'),
    ['BalancerMember can not have a balancer name when defined in a location'],
  ], // row 70
  [IN_C('[[BalancerMember http://h:1\\\nloadfactor=2]]'), ['BalancerMember must define remote proxy server']], // row 71 and §1.1
  [IN_C('# note \\\nBalancerMember http://h loadfactor=0'), []], // row 69
  [`${BM} http://h loadfactor=[["2"]]`, ['BalancerMember LoadFactor must be a number between 1..100']], // row 7
  [`${BM} http://h "loadfactor=2" 'lbset=1'`, []], // row 8
  [`${MPM}${BM} http://h [[lbfactor=2]]`, ['BalancerMember unknown Worker parameter']], // row 9
  [`${MPM}${BM} http://h [[=5]]`, ['BalancerMember unknown Worker parameter']], // an empty key
  [`${MPM}${BM} http://h [[lbmethod=bytraffic]]`, ['BalancerMember unknown Worker parameter']], // row 29
  [`${BM} http://h [[lbfactor=2]]`, ['BalancerMember unknown Worker hcheck parameter']], // no LoadModule lines: mod_proxy_hcheck is assumed
  [`${BM} http://h loadfactor=abc LoadFactor=2`, []], // row 11: last wins, the first is never checked
  [`${BM} http://h route=[[\${NOPE}]]`, ['note: AH00111: Config variable ${NOPE} is not defined']],
  [
    'Define M "http://h:1 loadfactor=0"\nBalancerMember balancer://c [[${M}]]',
    ['BalancerMember LoadFactor must be a number between 1..100'],
  ], // row 80
  // Row 51: a shared member ignores the later line's parameters, unchecked.
  [
    `${BM} http://h:1\n${BM} http://h:1/app [[route=x]] [[loadfactor=0]]`,
    [
      "note: AH01150: Ignoring parameter 'route=x' for worker 'http://h:1' because of worker sharing",
      "note: AH01150: Ignoring parameter 'loadfactor=0' for worker 'http://h:1' because of worker sharing",
    ],
  ],
  [
    `${BM} http://h/a/b\n${BM} http://h/a\n${BM} http://h/a/b/c [[route=1]]`,
    ["note: AH01150: Ignoring parameter 'route=1' for worker 'http://h/a/b' because of worker sharing"],
  ], // the longest match
  // ProxyPass, ProxySet and <Proxy> (§2.2, §2.5).
  ['ProxyPass /x balancer://c1/ [[loadfactor=2]]', ['ProxyPass unknown Balancer parameter']], // row 27
  ['ProxyPass / balancer://c/ lbmethod=bogus lbmethod=byrequests', []],
  ['ProxyPass /x [[balancer:c1]]', ['ProxyPass Bad syntax for a balancer name (balancer:c1)']], // row 38
  [`ProxyPass /x [[balancer://${'n'.repeat(85)}/]]`, [`ProxyPass balancer name (balancer://${'n'.repeat(85)}) too long`]], // row 40: 96 bytes
  [`ProxyPass /x balancer://${'n'.repeat(84)}/`, []],
  ['ProxyPass / balancer://c/ nocanon NoQuery interpolate mapping=Servlet', []],
  ['ProxyPass / balancer://c/ mapping=[[bogus]]', ['unknown mapping']], // no ProxyPass prefix
  ['ProxyPass /x balancer://c/ [[bogus]]', ["Invalid ProxyPass|ProxyPassMatch parameter. Parameter must be in the form 'key=value'."]],
  ['ProxyPassMatch [[~]] ^/x balancer://c/', ["ProxyPassMatch invalid syntax ('~' usage)."]],
  ['ProxyPassMatch ^/x balancer://c/ [[loadfactor=2]]', ['ProxyPass unknown Balancer parameter']], // the prefix is ProxyPass for both
  [
    '<Location /x>\nProxyPass balancer://c/ [[extra]]\n</Location>',
    ["Invalid ProxyPass|ProxyPassMatch parameter. Parameter must be in the form 'key=value'."],
  ],
  [
    '<Location /x>\nProxyPass [[/y]] balancer://c/ mapping=bad\n</Location>',
    ['ProxyPass|ProxyPassMatch can not have a path when defined in a location.'],
  ],
  [
    'BalancerMember balancer://c1 http://h\nProxySet balancer://c1 [[loadfactor=2]]',
    ['ProxySet: unknown Balancer parameter loadfactor=2; balancer://c1'],
  ], // row 28
  [
    'BalancerMember balancer://c1 http://h\nProxySet balancer://c1 lbmethod=[[ByRequests]]',
    ['ProxySet: unknown lbmethod lbmethod=ByRequests; balancer://c1'],
  ], // row 30
  [
    `${BM} http://h\nProxySet balancer://c lbmethod=[[bogus]] lbmethod=byrequests`,
    ['ProxySet: unknown lbmethod lbmethod=bogus; balancer://c'],
  ], // word by word
  ['ProxySet [[balancer://c1]] lbmethod=byrequests', ["ProxySet can not find 'balancer://c1' Balancer."]], // row 35
  [
    '<Proxy balancer://c1>\nRequire all granted\n</Proxy>\nProxySet [[balancer://c1]] lbmethod=bytraffic',
    ["ProxySet can not find 'balancer://c1' Balancer."],
  ], // row 36
  [
    'ProxySet [[balancer://c1]] lbmethod=bytraffic\n<Proxy balancer://c1>\nBalancerMember http://h\n</Proxy>',
    ["ProxySet can not find 'balancer://c1' Balancer."],
  ],
  [
    'BalancerMember balancer://c1 http://h\n<VirtualHost *:80>\nProxySet [[balancer://c1]] lbmethod=byrequests\n</VirtualHost>',
    ["ProxySet can not find 'balancer://c1' Balancer."],
  ],
  ['BalancerMember balancer://c http://m\nProxySet [[http://m]] loadfactor=2', ["ProxySet can not find 'http://m' Worker."]], // row 99
  ['[[ProxySet]]', ["ProxySet can not find '' Worker."]],
  ['<Proxy>\n[[ProxySet lbmethod=byrequests]]\n</Proxy>', ['ProxySet URL must be absolute!: ']],
  ['ProxySet [[unix:/s|h]] lbmethod=x', ['ProxySet uses an invalid "unix:" URL']],
  [
    '<Proxy balancer://c1>\n<IfModule mod_proxy.c>\nProxySet lbmethod=[[bogus]]\n</IfModule>\n</Proxy>',
    ['ProxySet: unknown lbmethod lbmethod=bogus; balancer://c1'],
  ], // row 67
  ['<Proxy balancer://c1> lbmethod=bogus\nBalancerMember http://h\n</Proxy>', []], // row 65
  ['<Proxy balancer://c* [[lbmethod=x]]>\n</Proxy>', ['<Proxy> arguments are not supported for wildchar url.']], // row 66
  ['<Proxy /local [[lbmethod=x]]>\n</Proxy>', ['<Proxy> arguments are not supported for non url.']],
  ['<ProxyMatch re [[lbmethod=x]]>\n</ProxyMatch>', ['Multiple <ProxyMatch> arguments not (yet) supported.']],
  ['[[<Proxy balancer://c1]]\nBalancerMember http://h\n</Proxy>', ["<Proxy> directive missing closing '>'"]], // row 76
  ['[[<proxy balancer://c1]]\nBalancerMember http://h\n</proxy>', ["<Proxy> directive missing closing '>'"]],
  ['[[<location /x]]\n</location>', ["<Location> directive missing closing '>'"]],
  [
    `${MPM}<Proxy balancer://c lbmethod=[[bytraffic]]>\nBalancerMember http://h\n</Proxy>`,
    ['<Proxy unknown lbmethod lbmethod=bytraffic; balancer://c'],
  ],
  [
    `${MPM}<proxy balancer://c lbmethod=bytraffic>\nBalancerMember http://h\n</proxy>\nLoadModule lbmethod_bytraffic_module mod_lbmethod_bytraffic.so`,
    [],
  ], // row 33: LoadModule acts while reading
];

describe('model', () => {
  describe('balancers and members (§2.1–2.4)', () => {
    for (const [text, expected] of MEMBERS) it(show(text), () => checkMembers(text, expected));
  });

  describe("problems, in Apache's words (§2.3–2.5)", () => {
    for (const [marked, expected] of PROBLEMS) it(show(marked), () => checkProblems(marked, expected));
    it('an unresolved ${VAR} reaches the handler literally', () => {
      const problems = model(`${BM} http://h loadfactor=\${NOPE}`).problems;
      assert.deepEqual(
        problems.map((problem) => problem.message),
        ['BalancerMember LoadFactor must be a number between 1..100'],
      );
    });
    it("names Apache's error first: table order follows a key's first occurrence (row 12)", () => {
      const problems = model(`${BM} http://h lbset=200 loadfactor=0 lbset=300`).problems;
      assert.deepEqual(
        problems.map((problem) => problem.message),
        ['BalancerMember lbset must be between 0 and 99', 'BalancerMember LoadFactor must be a number between 1..100'],
      );
    });
  });

  describe('parameter order and precedence (§2.5)', () => {
    it('row 64: <Proxy>-line parameters apply after the body', () =>
      checkBalancer(
        '<Proxy balancer://c1 lbmethod=bytraffic>\nBalancerMember http://h\nProxySet lbmethod=byrequests\n</Proxy>',
        'balancer://c1',
        { lbmethod: 'bytraffic' },
      ));
    it('§2.5 first example: ProxyPass, then the <Proxy> line over its body', () =>
      checkBalancer(
        'ProxyPass /c1 balancer://c1/ lbmethod=bybusyness\n<Proxy balancer://c1 lbmethod=bytraffic>\nBalancerMember http://h\nProxySet lbmethod=byrequests\n</Proxy>',
        'balancer://c1',
        { lbmethod: 'bytraffic' },
      ));
    it('§2.5 second example: the last directive walked wins', () =>
      checkBalancer(
        '<Proxy balancer://c1>\nBalancerMember http://h\nProxySet lbmethod=bytraffic\n</Proxy>\nProxySet balancer://c1 lbmethod=bybusyness\nProxyPass /c1 balancer://c1/ lbmethod=byrequests',
        'balancer://c1',
        { lbmethod: 'byrequests' },
      ));
    it('a ProxyPass table keeps the last value of a key', () =>
      checkBalancer('ProxyPass / balancer://c/ lbmethod=bogus LBMETHOD=bytraffic', 'balancer://c', { lbmethod: 'bytraffic' }));
    it('a ProxyPass before the members still configures the balancer', () =>
      checkBalancer(
        'ProxyPass "/app/" "balancer://app/" stickysession=JSESSIONID|jsessionid\n<Proxy balancer://app>\nBalancerMember http://h\n</Proxy>',
        'balancer://app',
        { stickysession: 'JSESSIONID|jsessionid' },
      ));
    it('failonstatus replaces the previous list', () =>
      checkBalancer('ProxyPass / balancer://c/ failonstatus=500\nProxySet balancer://c failonstatus=503,504', 'balancer://c', {
        failonstatus: [503, 504],
      }));
    it('row 11: a member table keeps the last value of a key', () =>
      checkMember(`${BM} http://h loadfactor=abc LoadFactor=2`, 'balancer://c', 'http://h', { lbfactor: 200 }));
    it('row 50: parameters before the URL', () =>
      checkMember(`${BM} route=x LBSET=1 loadfactor=3 http://h`, 'balancer://c', 'http://h', { route: 'x', lbset: 1, lbfactor: 300 }));
    it('row 8: a quoted key=value word', () =>
      checkMember(`${BM} http://h "loadfactor=2" 'lbset=1'`, 'balancer://c', 'http://h', { lbfactor: 200, lbset: 1 }));
    it('row 51: a shared member keeps its first declaration', () =>
      checkMember(`${BM} http://h:1 route=a\n${BM} http://h:1/app route=b loadfactor=5`, 'balancer://c', 'http://h:1', {
        route: 'a',
        lbfactor: 100,
      }));
    it('a value is split at the first "="', () => checkMember(`${BM} http://h route=a=b`, 'balancer://c', 'http://h', { route: 'a=b' }));
    it('a <Proxy> on a member URL configures another worker, not the member', () =>
      checkMember(`${BM} http://m\n<Proxy http://m>\nProxySet loadfactor=2\n</Proxy>`, 'balancer://c', 'http://m', { lbfactor: 100 }));
    it('a ${VAR} value reaches the parameter', () =>
      checkMember(`Define LF 2.5\n${BM} http://h loadfactor=\${LF}`, 'balancer://c', 'http://h', { lbfactor: 250 }));
  });

  // Shared balancers across servers (test/apache/shared-balancer.test.ts): the main server and every
  // virtual host that inherits its balancers pick from one set of counters.
  describe('servers sharing one schedule', () => {
    const label = (scope: ServerScope): string => (scope.kind === 'main' ? 'main' : scope.section.args[0]!.value);
    const shared = (text: string): string[] =>
      model(text).balancers.map(
        (balancer) => `${label(balancer.scope)} ${balancer.name} ← ${(balancer.sharedAcross ?? []).map(label).join(' ')}`,
      );
    const MAIN = 'BalancerMember balancer://t http://a\n';
    const CASES: readonly (readonly [string, string, readonly string[]])[] = [
      ['no virtual host', MAIN, ['main balancer://t ← ']],
      ['a vhost without its own', `${MAIN}<VirtualHost x:80>\n</VirtualHost>`, ['main balancer://t ← main x:80']],
      [
        'a vhost copy',
        `${MAIN}<VirtualHost x:80>\nBalancerMember balancer://t http://b\n</VirtualHost>`,
        ['main balancer://t ← main x:80', 'x:80 balancer://t ← main x:80'],
      ],
      ['BalancerInherit Off alone', `${MAIN}<VirtualHost x:80>\nBalancerInherit Off\n</VirtualHost>`, ['main balancer://t ← main x:80']],
      [
        'both Off',
        `${MAIN}<VirtualHost x:80>\nBalancerInherit Off\nProxyPassInherit Off\nBalancerMember balancer://t http://a\n</VirtualHost>`,
        ['main balancer://t ← ', 'x:80 balancer://t ← '],
      ],
      [
        'both Off in the main server',
        `BalancerInherit Off\nProxyPassInherit Off\n${MAIN}<VirtualHost x:80>\n</VirtualHost>`,
        ['main balancer://t ← '],
      ],
      [
        'two vhosts, one inheriting',
        `${MAIN}<VirtualHost x:80>\n</VirtualHost>\n<VirtualHost y:80>\nBalancerInherit Off\nProxyPassInherit Off\n</VirtualHost>\n<VirtualHost z:80>\n</VirtualHost>`,
        ['main balancer://t ← main x:80 z:80'],
      ],
      ['a vhost-only balancer', '<VirtualHost x:80>\nBalancerMember balancer://u http://a\n</VirtualHost>', ['x:80 balancer://u ← ']],
    ];
    for (const [name, text, expected] of CASES) it(name, () => assert.deepEqual(shared(text), expected));
  });
});
