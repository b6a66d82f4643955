import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/core/analysis';
import { parseHeader, parseRequest, type BackendAnswer, type Trace } from '../../../server/src/core/requests/request';
import { aliasMatch, traceRequest } from '../../../server/src/core/requests/trace';
import { decodePath, encodePath } from '../../../server/src/core/requests/uri';

const BALANCER = '<Proxy "balancer://api">\n  BalancerMember "http://10.0.0.1:8080"\n  BalancerMember "http://10.0.0.2:8080"\n</Proxy>\n';

/** Traces `url` through `config` (lines joined by newlines). */
function trace(config: string, url: string, headers: string[] = [], answer: BackendAnswer = {}): Trace {
  const analysis = analyze(config, { epochSeconds: 1_700_000_000 });
  const request = parseRequest(
    'GET',
    url,
    headers.map((text) => parseHeader(text) as [string, string]),
  );
  if ('error' in request) throw new Error(request.error);
  return traceRequest(analysis, request, answer);
}

/** What the member receives, or the status Apache answers itself, in one line. */
function outcome(result: Trace): string {
  if (!result.backendRequest) return `${result.handledBy} ${result.status ?? '?'}`;
  return `${result.member} ${result.backendRequest.url}`;
}

describe('request model: trace', () => {
  const cases: [config: string, url: string, expected: string][] = [
    [`${BALANCER}ProxyPass "/api/" "balancer://api/"`, 'http://h/api/v1/x?y=1', 'http://10.0.0.1:8080 http://10.0.0.1:8080/v1/x?y=1'],
    [`${BALANCER}ProxyPass "/api" "balancer://api"`, 'http://h/api/v1', 'http://10.0.0.1:8080 http://10.0.0.1:8080/v1'],
    [`${BALANCER}ProxyPass "/api" "balancer://api"`, 'http://h/apiv1', 'local ?'],
    [`${BALANCER}ProxyPass "/api/static" "!"\nProxyPass "/api" "balancer://api"`, 'http://h/api/static/a.css', 'local ?'],
    [
      `${BALANCER}ProxyPass "/api" "balancer://api"\nProxyPass "/api/static" "!"`,
      'http://h/api/static/a.css',
      'http://10.0.0.1:8080 http://10.0.0.1:8080/static/a.css',
    ],
    [
      `${BALANCER}ProxyPassMatch "^/v(\\d+)/(.*)$" "balancer://api/version$1/$2"`,
      'http://h/v2/items',
      'http://10.0.0.1:8080 http://10.0.0.1:8080/version2/items',
    ],
    [
      `${BALANCER}<Location "/api/">\n  ProxyPass "balancer://api/"\n</Location>`,
      'http://h/api/x',
      'http://10.0.0.1:8080 http://10.0.0.1:8080/x',
    ],
    [
      `${BALANCER}RewriteEngine On\nRewriteCond "%{HTTP:X-Beta}" "=1"\nRewriteRule "^/(.*)$" "balancer://api/beta/$1" [P]`,
      'http://h/a',
      'local ?',
    ],
    [`${BALANCER}RewriteEngine On\nRewriteRule "^/old/(.*)$" "/new/$1" [R=301,L]`, 'http://h/old/x', 'local 301'],
    // mod_rewrite's own words (parseargline; test/apache/trace-cases.ts): a backslash keeps a space, never escapes a quote, `\\` stays
    ['RewriteEngine On\nRewriteRule ^/a\\ b$ http://10.0.0.3/space [P]', 'http://h/a%20b', 'http://10.0.0.3 http://10.0.0.3/space'],
    ['RewriteEngine On\nRewriteRule "^/back\\\\" "http://10.0.0.3/b" [P]', 'http://h/back%5Cx', 'http://10.0.0.3 http://10.0.0.3/b'],
    ['RewriteEngine On\nRewriteRule ^/two\\\\d$ http://10.0.0.3/two [P]', 'http://h/two%5Cd', 'http://10.0.0.3 http://10.0.0.3/two'],
    ['RewriteEngine On\nRewriteRule ^/two\\\\d$ http://10.0.0.3/two [P]', 'http://h/two5', 'local ?'],
    ['RewriteEngine On\nRewriteRule ^/slash$ "http://10.0.0.3/s\\" [P]', 'http://h/slash', 'http://10.0.0.3 http://10.0.0.3/s%5C'],
    [`${BALANCER}ProxyPass "/" "balancer://api/"`, 'http://h/a%2Fb', 'error 404'],
    // What the random configurations of test/apache/trace.test.ts found, each checked on Apache 2.4.71 (trace-cases.ts, FOUND_AT_RANDOM).
    [`${BALANCER}ProxyPass "/" "balancer://api/"`, 'http://h/app/../..', 'error 400'],
    [`${BALANCER}ProxyPass "/" "balancer://api/"`, 'http://h/%2e%2e/x', 'error 400'],
    [`${BALANCER}ProxyPass "/" "balancer://api/"`, 'http://h/a/.%2e/b', 'http://10.0.0.1:8080 http://10.0.0.1:8080/b'],
    [`${BALANCER}RewriteEngine On\nRewriteRule "^/m/(.*)$" "balancer://api/r/$1" [P,NE]`, 'http://h/m/a%20b', 'error 403'],
    [
      `${BALANCER}RewriteEngine On\nRewriteRule "^/m/(.*)$" "balancer://api/r/$1" [P,NE]`,
      'http://h/m/x?q=1',
      'http://10.0.0.1:8080 http://10.0.0.1:8080/r/x?q=1',
    ],
    [`${BALANCER}RewriteEngine On\nRewriteRule "^/s/(.*)$" "balancer://api/find?q=$1" [P]`, 'http://h/s/a%20b', 'error 403'],
    [
      `AllowEncodedSlashes NoDecode\n${BALANCER}ProxyPass "/" "balancer://api/"\n<Location "/loc/">\n  Options None\n</Location>`,
      'http://h/loc/a%2Fb',
      'http://10.0.0.1:8080 http://10.0.0.1:8080/loc/a%252Fb',
    ],
    [
      `AllowEncodedSlashes NoDecode\n${BALANCER}ProxyPass "/" "balancer://api/"`,
      'http://h/top/a%2Fb',
      'http://10.0.0.1:8080 http://10.0.0.1:8080/top/a%2Fb',
    ],
    [
      `${BALANCER}ProxyPass "/s/" "balancer://api/"\n<VirtualHost *:80>\n  ServerName x.test\n  BalancerInherit Off\n  ProxyPassInherit Off\n</VirtualHost>`,
      'http://x.test/s/a',
      'error 500',
    ],
    [`${BALANCER}<Location "/">\n  Require all denied\n</Location>\nProxyPass "/" "balancer://api/"`, 'http://h/x', 'error 403'],
    [`${BALANCER}ProxyPass "/" "balancer://other/"`, 'http://h/x', 'error 503'],
    [`ProxyPass "/app/" "http://10.0.0.9:9000/base/"`, 'http://h/app/a%20b', 'http://10.0.0.9:9000 http://10.0.0.9:9000/base/a%20b'],
    [`ProxyPass "/app" "http://10.0.0.9:9000"`, 'http://h/app', 'http://10.0.0.9:9000 http://10.0.0.9:9000/'],
    [`ProxyPass "/app/" "http://10.0.0.9:9000"`, 'http://h/app/x', 'error 500'],
    [`AllowEncodedSlashes NoDecode\nProxyPass "/" "http://10.0.0.9/"`, 'http://h/a%2Fb%20c', 'http://10.0.0.9 http://10.0.0.9/a%2Fb%20c'],
    [
      `ProxyPass "/s/" "http://10.0.0.7/"\nProxyPassInherit Off\n<VirtualHost *:80>\n</VirtualHost>`,
      'http://h/s/x',
      'http://10.0.0.7 http://10.0.0.7/x',
    ],
    [
      // merge_proxy_config appends the main server's ProxyPass lines whatever ProxyPassInherit says.
      `ProxyPass "/s/" "http://10.0.0.7/"\n<VirtualHost *:80>\nProxyPassInherit Off\nBalancerInherit Off\n</VirtualHost>`,
      'http://h/s/x',
      'http://10.0.0.7 http://10.0.0.7/x',
    ],
    [
      `<Proxy "balancer://api">\n  BalancerMember "http://10.0.0.1/app"\n</Proxy>\nProxyPass "/api" "balancer://api"`,
      'http://h/api',
      'http://10.0.0.1/app http://10.0.0.1/app/',
    ],
    [
      `${BALANCER}<LocationMatch "^/v[0-9]+/">\n  ProxyPass "balancer://api/"\n</LocationMatch>`,
      'http://h/v1/x',
      'http://10.0.0.1:8080 http://10.0.0.1:8080//v1/x',
    ],
    [`ProxyPass "/t/" "http://10.0.0.9/t/?fixed=1"`, 'http://h/t/x?a=1', 'http://10.0.0.9 http://10.0.0.9/t/%3Ffixed=1x?a=1'],
    [`ProxyPass "/q/" "http://10.0.0.9/q/"`, 'http://h/q/a%3Fb', 'http://10.0.0.9 http://10.0.0.9/q/a%3Fb'],
    [
      `RewriteEngine On\nRewriteRule "^/(.*)$" "http://10.0.0.1/main/$1" [P]\n<VirtualHost *:80>\n  RewriteOptions Inherit\n</VirtualHost>`,
      'http://h/x',
      'http://10.0.0.1 http://10.0.0.1/main/x',
    ],
    [
      `<VirtualHost *:80>\n  ServerName star\n  ProxyPass "/" "http://10.0.0.1/"\n</VirtualHost>\n<VirtualHost 10.0.0.5:80>\n  ProxyPass "/" "http://10.0.0.2/"\n</VirtualHost>`,
      'http://star/x',
      'http://10.0.0.2 http://10.0.0.2/x',
    ],
  ];
  for (const [config, url, expected] of cases) {
    it(`${url} on ${config.split('\n').slice(-1)[0]}`, () => assert.equal(outcome(trace(config, url)), expected));
  }

  it('takes a RewriteRule [P] whose condition holds, before any ProxyPass', () => {
    const config = `${BALANCER}RewriteEngine On\nRewriteCond "%{HTTP:X-Beta}" "=1"\nRewriteRule "^/(.*)$" "balancer://api/beta/$1" [P]\nProxyPass "/" "http://10.0.0.9/"`;
    assert.equal(outcome(trace(config, 'http://h/a?q=1', ['X-Beta: 1'])), 'http://10.0.0.1:8080 http://10.0.0.1:8080/beta/a?q=1');
  });

  it('chooses the virtual host by Host, the first one by default', () => {
    const config = `${BALANCER}<VirtualHost *:80>\n  ServerName a.example\n  ProxyPass "/" "http://10.0.0.7/"\n</VirtualHost>\n<VirtualHost *:80>\n  ServerName b.example\n  ServerAlias *.b.example\n  ProxyPass "/" "http://10.0.0.8/"\n</VirtualHost>`;
    assert.equal(trace(config, 'http://x.b.example/').member, 'http://10.0.0.8');
    assert.equal(trace(config, 'http://a.example/').member, 'http://10.0.0.7');
    assert.equal(trace(config, 'http://other.example/').member, 'http://10.0.0.7');
    assert.equal(trace(config, 'http://other.example:8080/').handledBy, 'local');
  });

  it('skips a member that is down, and answers 503 when every member is', () => {
    const config = `${BALANCER}ProxyPass "/" "balancer://api/"`;
    assert.equal(trace(config, 'http://h/', [], { down: ['http://10.0.0.1:8080'] }).member, 'http://10.0.0.2:8080');
    assert.equal(trace(config, 'http://h/', [], { down: ['http://10.0.0.1:8080', 'http://10.0.0.2:8080'] }).status, 503);
  });

  it('sends Host and X-Forwarded-* as mod_proxy_http does', () => {
    const config = `ServerName main.example\n${BALANCER}ProxyPass "/" "balancer://api/"`;
    const headers = trace(config, 'http://shop.example/x').backendRequest?.headers;
    assert.deepEqual(headers, {
      host: '10.0.0.1:8080',
      'x-forwarded-for': '(client address)',
      'x-forwarded-host': 'shop.example',
      'x-forwarded-server': 'main.example',
    });
    const preserved = trace(`${config}\nProxyPreserveHost On`, 'http://shop.example/x').backendRequest?.headers.host;
    assert.equal(preserved, 'shop.example');
  });

  it('maps a Location and a cookie back, /api//landed included', () => {
    const config = `${BALANCER}ProxyPass "/api/" "balancer://api/"\nProxyPassReverse "/api/" "balancer://api/"\nProxyPassReverseCookiePath "/" "/api/"`;
    const result = trace(config, 'http://h/api/x', [], { location: 'http://10.0.0.1:8080/landed', setCookie: 's=1; Path=/' });
    assert.equal(result.clientLocation, 'http://h/api//landed');
    assert.equal(result.clientSetCookie, 's=1; Path=/api/');
    // The whole path is replaced, not only the matching start.
    assert.equal(trace(config, 'http://h/api/x', [], { setCookie: 's=1; Path=/sub' }).clientSetCookie, 's=1; Path=/api/');
  });

  it('says what it assumes: an %{ENV:…} value, a file test, where a host name leads', () => {
    const rewrite = `RewriteEngine On\nRewriteCond "%{ENV:STAGE}" "=beta" [OR]\nRewriteCond "%{REQUEST_FILENAME}" "-f"\nRewriteRule "^/(.*)$" "http://10.0.0.3/$1" [P]`;
    const steps = trace(rewrite, 'http://h/x').steps.map((step) => step.what);
    assert.ok(steps.includes('assumes %{ENV:STAGE} is empty'), steps.join('\n'));
    assert.ok(steps.includes('assumes /x does not exist on the file system (-f)'), steps.join('\n'));
    // An expression is not evaluated, nor read as a regex on the word "expr": `x` would have matched it.
    const expression = `RewriteEngine On\nRewriteCond expr "x"\nRewriteRule "^/(.*)$" "http://10.0.0.3/$1" [P]`;
    const expressionTrace = trace(expression, 'http://h/x');
    assert.ok(expressionTrace.steps.some((step) => step.what === 'assumes the expression x is false (RewriteCond expr is not evaluated)'));
    assert.equal(expressionTrace.handledBy, 'local');
    const vhosts = `<VirtualHost 10.0.0.5:80>\n  ServerName a\n</VirtualHost>`;
    assert.match(trace(vhosts, 'http://a/').steps[0]!.what, /assuming a resolves to 10\.0\.0\.5/);
  });

  it('runs configuration patterns on the bounded matcher: no backtracking, and what it cannot evaluate is said', () => {
    const hostile = `<LocationMatch "^/(a+)+$">\nRequire all denied\n</LocationMatch>\nRewriteEngine On\nRewriteCond "%{REQUEST_URI}" "^/(a|aa)+$"\nRewriteRule "^/(a+)+$" "http://10.0.0.3/" [P]\nProxyPassMatch "^/(a+)+$" "http://10.0.0.4/"`;
    assert.equal(outcome(trace(hostile, `http://h/${'a'.repeat(26)}!`)), 'local ?');
    const steps = trace('ProxyPassMatch "^/(a)\\1$" "http://10.0.0.4/"', 'http://h/aa').steps.map((step) => step.what);
    assert.ok(
      steps.includes('assumes ^/(a)\\1$ does not match /aa: the pattern is not evaluated (too costly without backtracking)'),
      steps.join('\n'),
    );
    assert.equal(
      outcome(trace('RewriteEngine On\nRewriteRule "^/API/(.*)$" "http://10.0.0.3/$1" [P,NC]', 'http://h/api/x')),
      'http://10.0.0.3 http://10.0.0.3/x',
    );
  });

  it('follows a sticky route in a cookie or the URL, standbys and redirect= included', () => {
    const sticky = (extra = '', b = 'route=b') =>
      `<Proxy "balancer://st">\n  BalancerMember "http://10.0.0.1" route=a\n  BalancerMember "http://10.0.0.2" ${b}\n  BalancerMember "http://10.0.0.3" route=c status=+H\n  ProxySet stickysession=ROUTEID ${extra}\n</Proxy>\nProxyPass "/st/" "balancer://st/"`;
    const member = (config: string, url: string, headers: string[] = []) => {
      const result = trace(config, url, headers);
      return result.member ?? `${result.status}`;
    };
    assert.equal(member(sticky(), 'http://h/st/x', ['Cookie: ROUTEID=.b']), 'http://10.0.0.2');
    assert.equal(member(sticky(), 'http://h/st/x', ['Cookie: other=1; ROUTEID=x.c']), 'http://10.0.0.3');
    assert.equal(member(sticky(), 'http://h/st/x', ['Cookie: XROUTEID=.b']), 'http://10.0.0.1');
    assert.equal(member(sticky(), 'http://h/st/x', ['Cookie: ROUTEID=b']), 'http://10.0.0.1');
    assert.equal(member(sticky(), 'http://h/st/x?q=1&ROUTEID=.b&r=2', ['Cookie: ROUTEID=.c']), 'http://10.0.0.2');
    assert.equal(member(sticky(), 'http://h/st/x;ROUTEID=.b'), 'http://10.0.0.2');
    assert.equal(member(sticky('stickysessionsep=_'), 'http://h/st/x', ['Cookie: ROUTEID=s_b']), 'http://10.0.0.2');
    assert.equal(member(sticky('', 'route=b status=+D'), 'http://h/st/x', ['Cookie: ROUTEID=.b']), 'http://10.0.0.1');
    assert.equal(member(sticky('', 'route=b status=+D redirect=c'), 'http://h/st/x', ['Cookie: ROUTEID=.b']), 'http://10.0.0.3');
    assert.equal(member(sticky('nofailover=On', 'route=b status=+D'), 'http://h/st/x', ['Cookie: ROUTEID=.b']), '503');
    const steps = trace(sticky(), 'http://h/st/x', ['Cookie: ROUTEID=.b']).steps.map((step) => step.what);
    assert.ok(steps.includes('the cookie ROUTEID names route b: member b http://10.0.0.2'), steps.join('\n'));
  });

  it('applies RequestHeader edits before the member gets the headers: main server, server, then <Location>', () => {
    const config = [
      'RequestHeader set X-Set "one"',
      'RequestHeader append X-App "two"',
      'RequestHeader unset X-Gone',
      'RequestHeader setifempty X-Empty "filled"',
      'RequestHeader merge X-Merge "b"',
      'RequestHeader set X-Env "e" env=STAGE',
      '<Location "/h/loc/">',
      '  RequestHeader set X-Set "loc"',
      '</Location>',
      'ProxyPass "/h/" "http://10.0.0.1/"',
    ].join('\n');
    const headers = (url: string, sent: string[]) => trace(config, url, sent).backendRequest?.headers ?? {};
    const plain = headers('http://h/h/x', []);
    assert.deepEqual(
      [plain['x-set'], plain['x-app'], plain['x-empty'], plain['x-merge'], plain['x-env']],
      ['one', 'two', 'filled', 'b', undefined],
    );
    const edited = headers('http://h/h/loc/x', ['X-App: one', 'X-Gone: bye', 'X-Empty: full', 'X-Merge: a, b', 'X-Set: client']);
    assert.deepEqual(
      [edited['x-set'], edited['x-app'], edited['x-gone'], edited['x-empty'], edited['x-merge']],
      ['loc', 'one, two', undefined, 'full', 'a, b'],
    );
    assert.equal(headers('http://h/h/x', ['X-Merge: a'])['x-merge'], 'a, b');
    const steps = trace(config, 'http://h/h/x').steps.map((step) => step.what);
    assert.ok(steps.includes('RequestHeader set X-Env: assumes its condition env=STAGE does not hold'), steps.join('\n'));
  });

  it('says when the balancer schedule is shared with other servers (merge_balancers copies share their members)', () => {
    // The virtual host's own members of that name are dropped for the main server's: one schedule for both.
    const own = '<Proxy "balancer://api">\n  BalancerMember "http://10.0.0.9:8080"\n</Proxy>\n';
    const config = `${BALANCER}ProxyPass "/api/" "balancer://api/"\n<VirtualHost *:80>\n  ServerName v.test\n${own}</VirtualHost>`;
    for (const host of ['h', 'v.test']) {
      const result = trace(config, `http://${host}/api/x`);
      assert.equal(outcome(result), 'http://10.0.0.1:8080 http://10.0.0.1:8080/x', host);
      const shared = result.steps.find((step) => step.what.startsWith('one schedule for the main server and the virtual host'));
      assert.ok(shared, result.steps.map((step) => step.what).join('\n'));
      assert.equal(config.slice(shared.span!.start, shared.span!.end), '<Proxy "balancer://api">', host);
    }
    const apart = `${BALANCER}ProxyPass "/api/" "balancer://api/"\nBalancerInherit Off\nProxyPassInherit Off\n<VirtualHost *:80>\n  ServerName v.test\n</VirtualHost>`;
    assert.ok(!trace(apart, 'http://h/api/x').steps.some((step) => step.what.startsWith('one schedule')));
  });

  it("passes the client's Upgrade only to a worker that takes the protocol (mod_proxy_http)", () => {
    const upgrade = ['Upgrade: websocket', 'Connection: Upgrade'];
    const received = (config: string): string | undefined => trace(config, 'http://h/ws/chat', upgrade).backendRequest?.headers.upgrade;
    assert.equal(received(`${BALANCER}ProxyPass "/ws/" "balancer://api/"`), undefined);
    assert.equal(
      received(
        '<Proxy "balancer://api">\n  BalancerMember "http://10.0.0.1:8080" upgrade=WebSocket\n</Proxy>\nProxyPass "/ws/" "balancer://api/"',
      ),
      'websocket',
    );
    assert.equal(received('ProxyPass "/ws/" "ws://10.0.0.1:8080/"'), 'websocket');
    assert.equal(received('ProxyPass "/ws/" "ws://10.0.0.1:8080/" upgrade=h2c'), undefined);
    assert.equal(received('ProxyPass "/ws/" "http://10.0.0.1:8080/" upgrade=ANY'), 'websocket');
    assert.equal(received('ProxyPass "/ws/" "http://10.0.0.1:8080/" upgrade=h2c,websocket'), 'websocket');
    const dropped = trace(`${BALANCER}ProxyPass "/ws/" "balancer://api/"`, 'http://h/ws/chat', upgrade);
    assert.ok(dropped.steps.some((step) => step.what.startsWith('Upgrade: websocket is dropped')));
  });

  it("answers errors with the ErrorDocument: a redirect, a local page, a page from a member, or Apache's own", () => {
    const dead = '<Proxy "balancer://dead">\n  BalancerMember "http://10.0.0.9:8080"\n</Proxy>\n';
    const down = { down: ['http://10.0.0.9:8080'] };
    const answered = (config: string, answer: BackendAnswer = down): string => {
      const result = trace(`${dead}${config}`, 'http://h/app/x', [], answer);
      return `${result.handledBy} ${result.status ?? '?'}${result.clientLocation ? ` ${result.clientLocation}` : ''}`;
    };
    const pass = 'ProxyPass "/" "balancer://dead/"';
    assert.equal(answered(pass), 'error 503');
    assert.equal(answered(`ErrorDocument 503 "http://status.example/"\n${pass}`), 'local 302 http://status.example/');
    assert.equal(answered(`ErrorDocument 503 "/errors/503.html"\nProxyPass "/errors/" "!"\n${pass}`), 'local 503');
    assert.equal(answered(`ErrorDocument 503 "/errors/503.html"\n${pass}`), 'error 503');
    assert.equal(answered(`ErrorDocument 503 "/sorry"\nProxyPass "/sorry" "http://10.0.0.1/"\n${pass}`), 'proxy 200');
    const live = `${BALANCER}ErrorDocument 404 "/errors/404.html"\nProxyPass "/errors/" "!"\nProxyPass "/" "balancer://api/"`;
    assert.equal(answered(live, { status: 404 }), 'proxy 404');
    assert.equal(answered(`ProxyErrorOverride On\n${live}`, { status: 404 }), 'local 404');
    assert.equal(answered(`ProxyErrorOverride On 500\n${live}`, { status: 404 }), 'proxy 404');
  });

  it('names the line of each decision', () => {
    const config = `${BALANCER}ProxyPass "/api/" "balancer://api/"`;
    const text = config;
    const steps = trace(config, 'http://h/api/x').steps.filter((step) => step.span);
    assert.ok(steps.some((step) => text.slice(step.span!.start, step.span!.end) === 'ProxyPass "/api/" "balancer://api/"'));
    assert.ok(steps.some((step) => text.slice(step.span!.start, step.span!.end) === 'BalancerMember "http://10.0.0.1:8080"'));
  });
});

describe('request model: paths', () => {
  it('matches ProxyPass paths as alias_match does', () => {
    assert.equal(aliasMatch('/api/x', '/api'), 4);
    assert.equal(aliasMatch('/apix', '/api'), 0);
    assert.equal(aliasMatch('/api//x', '/api/'), 6);
    assert.equal(aliasMatch('/a', '/api'), 0);
  });

  it('decodes and re-encodes paths', () => {
    assert.deepEqual(decodePath('/a/./b/../c%20d', 'off'), { uri: '/a/c d' });
    assert.deepEqual(decodePath('/a%2Fb', 'nodecode'), { uri: '/a%2Fb' });
    assert.deepEqual(decodePath('/a%2Fb', 'on'), { uri: '/a/b' });
    assert.equal(encodePath('/a b%"'), '/a%20b%25%22');
    assert.equal(encodePath('/ā/😀'), '/%C4%81/%F0%9F%98%80');
  });

  it('traces a balancer URL holding half a character (fuzz seed 479500281) as U+FFFD', () => {
    const config = 'ProxyPass / balancer://shop/\udc00\n<Proxy balancer://shop>\nBalancerMember http://10.0.0.1:8080\n';
    assert.equal(outcome(trace(config, 'http://h/x')), 'http://10.0.0.1:8080 http://10.0.0.1:8080/%EF%BF%BDx');
  });

  it('refuses a URL that is not http(s)', () => {
    assert.ok('error' in parseRequest('GET', 'ftp://h/', []));
    assert.ok('error' in parseRequest('GET', '/relative', []));
  });
});
