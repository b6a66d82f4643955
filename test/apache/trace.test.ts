// `balancer-lens trace` against a real Apache: each case of trace-cases.ts runs on a freshly started
// Apache with echo backends; every request is sent to it and traced, and what the member received
// (request line, headers), the first member picked and what the client got back (status, Location,
// Set-Cookie) must agree. Run: npm run build && npx mocha --no-config --require tsx/cjs --timeout 120000 test/apache/trace.test.ts
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { runCli } from '../support/cli';
import { FUZZ_SEED, fuzzCount } from '../support/fuzz';
import {
  assertApacheInstalled,
  baseConfigLines,
  cleanAfterEach,
  ClientAnswer,
  PerTest,
  fillPlaceholders,
  freePort,
  launchApache,
  runConfigTest,
  sendRequest,
  startEchoBackends,
} from './harness';
import { ALL_CASES, TraceCase, TraceCaseRequest } from './trace-cases';

const EXTRA_MODULES: readonly (readonly [string, string])[] = [
  ['rewrite_module', 'mod_rewrite.so'],
  ['alias_module', 'mod_alias.so'],
  ['headers_module', 'mod_headers.so'],
];

/** The JSON contract of `trace`. */
interface TraceJson {
  readonly handledBy: 'proxy' | 'local' | 'error';
  readonly status: number | null;
  readonly balancer: string | null;
  readonly member: string | null;
  readonly backendRequest: { readonly method: string; readonly url: string; readonly headers: Record<string, string> } | null;
  readonly clientLocation: string | null;
  readonly clientSetCookie: string | null;
  readonly steps: readonly { readonly what: string }[];
}

/** Headers every echo carries that the model leaves out, as Apache's connection handling adds them. */
const TRANSPORT_HEADERS = new Set(['connection', 'content-length']);

/** Requests compared and those that agreed, over the whole suite. */
const tally = { requests: 0, agree: 0 };

describe('trace agrees with a real Apache', function () {
  this.timeout(120_000);
  before(assertApacheInstalled);
  const perTest = cleanAfterEach();
  after(() => console.log(`      trace suite: ${tally.agree} of ${tally.requests} requests agree with Apache`));

  for (const testCase of ALL_CASES) {
    it(testCase.name, async () => {
      const disagreements = await disagreementsOf(testCase, perTest);
      assert.deepEqual(disagreements, [], `trace and Apache disagree:\n${disagreements.join('\n')}`);
    });
  }
});

/**
 * Random configurations: a balancer whose members may carry a path; ProxyPass lines with and
 * without their slashes (an exclusion, `nocanon`), now and then inside a `<Location>`; a
 * ProxyPassMatch or a `RewriteRule [P]` with a group; ProxyPassReverse for some of them;
 * AllowEncodedSlashes; the headers sent on (ProxyPreserveHost, ProxyAddHeaders, RequestHeader) and
 * the cookies' way back; and requests along those paths with doubled and encoded slashes, encoded
 * dots, dot segments and query strings, some answered by the member with a redirect to itself or a
 * cookie.
 */
const API_BALANCER = '<Proxy "balancer://api">\n  BalancerMember "http://{a}"\n  BalancerMember "http://{b}"\n</Proxy>';
const RANDOM_PATHS = ['/', '/app', '/app/', '/app/v1/', '/api', '/api/', '/static/'];
const RANDOM_TARGETS = ['balancer://api/', 'balancer://api', 'balancer://api/v1/', 'balancer://api/v1', 'balancer://api//'];
const randomCase: fc.Arbitrary<TraceCase> = fc
  .record({
    memberPath: fc.constantFrom('', '', '/base', '/base/'),
    passes: fc.array(
      fc.record({
        path: fc.constantFrom(...RANDOM_PATHS),
        target: fc.constantFrom(...RANDOM_TARGETS, '!'),
        keyword: fc.constantFrom('', '', '', ' nocanon'),
        reverse: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    location: fc.option(fc.record({ path: fc.constantFrom('/loc', '/loc/'), target: fc.constantFrom(...RANDOM_TARGETS) })),
    match: fc.option(
      fc.constantFrom(
        'ProxyPassMatch "^/m/(.*)$" "balancer://api/$1"',
        'ProxyPassMatch "^/m/(.*)\\.json$" "balancer://api/json/$1"',
        'ProxyPassMatch "^/m" "balancer://api/"',
        'RewriteEngine On\nRewriteRule "^/m/(.*)$" "balancer://api/r/$1" [P]',
        'RewriteEngine On\nRewriteRule "^/m/(.*)$" "balancer://api/r/$1" [P,NE]',
      ),
    ),
    slashes: fc.constantFrom('', '', 'AllowEncodedSlashes On', 'AllowEncodedSlashes NoDecode'),
    headers: fc.subarray([
      'ProxyPreserveHost On',
      'ProxyAddHeaders Off',
      'RequestHeader set X-Added "1"',
      'RequestHeader unset User-Agent',
      'ProxyPassReverseCookiePath "/base/" "/"',
      'ProxyPassReverseCookieDomain "backend.internal" "front.example"',
    ]),
    requests: fc.array(
      fc.tuple(
        fc.constantFrom('/app', '/api', '/static', '/m', '', '/app/v1', '/loc'),
        fc.array(fc.constantFrom('x', 'v1', 'a%2Fb', '%41', '..', '.', '', 'y.json', 'a%20b', '%2e%2e', '%2E', 'a+b'), { maxLength: 3 }),
        fc.constantFrom('', '', '/', '?q=1', '?a=%2F&b'),
        fc.constantFrom(undefined, undefined, 'http://{a}/base/landed', 'http://{b}/landed'),
        fc.constantFrom(undefined, undefined, 's=1; Path=/base/', 's=1; Domain=backend.internal; Path=/base/x'),
      ),
      { minLength: 3, maxLength: 6 },
    ),
  })
  .map(({ memberPath, passes, location, match, slashes, headers, requests }) => ({
    name: 'random',
    config: [
      ...(slashes ? [slashes] : []),
      ...headers,
      '<Proxy "balancer://api">',
      `  BalancerMember "http://{a}${memberPath}"`,
      `  BalancerMember "http://{b}${memberPath}"`,
      '</Proxy>',
      ...(match ? [match] : []),
      ...(location
        ? [`<Location "${location.path}">`, `  ProxyPass "${location.target}"`, `  ProxyPassReverse "${location.target}"`, '</Location>']
        : []),
      ...passes.flatMap(({ path, target, keyword, reverse }) =>
        target === '!'
          ? [`ProxyPass "${path}" "!"`]
          : [`ProxyPass "${path}" "${target}"${keyword}`, ...(reverse ? [`ProxyPassReverse "${path}" "${target}"`] : [])],
      ),
    ].join('\n'),
    requests: requests.map(([start, segments, end, redirect, cookie]) => ({
      path: `${start}/${segments.join('/')}${end}`.replace(/^\/\//, '/'),
      ...(redirect === undefined ? {} : { location: redirect }),
      ...(cookie === undefined ? {} : { cookie }),
    })),
  }));

/**
 * Random virtual hosts: the main server and two name-based hosts on Apache's port, each with its own
 * or the main server's ProxyPass, a sticky balancer with routes, WebSocket members, and requests
 * naming either host or another, with route cookies, URL routes and Upgrade headers.
 */
const randomHostsCase: fc.Arbitrary<TraceCase> = fc
  .record({
    sticky: fc.constantFrom('JSESSIONID', 'ROUTEID', 'JSESSIONID|jsessionid'),
    separator: fc.constantFrom('', '', ' stickysessionsep=_'),
    standby: fc.boolean(),
    mainPass: fc.constantFrom('', 'ProxyPass "/s/" "balancer://st/"', 'ProxyPass "/" "balancer://st/"'),
    hosts: fc.array(
      fc.record({
        pass: fc.constantFrom(
          'ProxyPass "/s/" "balancer://st/"',
          'ProxyPass "/" "balancer://st/"',
          'ProxyPass "/ws/" "balancer://ws/"',
          '',
        ),
        inherit: fc.constantFrom('', '', '  BalancerInherit Off\n  ProxyPassInherit Off\n'),
        preserve: fc.boolean(),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    upgrade: fc.constantFrom('', ' upgrade=websocket', ' upgrade=*'),
    requests: fc.array(
      fc.record({
        host: fc.constantFrom('127.0.0.1', 'x.test', 'y.test', 'other.test'),
        path: fc.constantFrom('/s/a', '/s/a;jsessionid=x.r2', '/s/?jsessionid=x.r1', '/ws/chat', '/', '/s'),
        cookie: fc.constantFrom(undefined, 'JSESSIONID=x.r1', 'JSESSIONID=x_r2', 'ROUTEID=.r2', 'other=1'),
        upgrade: fc.boolean(),
      }),
      { minLength: 3, maxLength: 6 },
    ),
  })
  .map(({ sticky, separator, standby, mainPass, hosts, upgrade, requests }) => {
    const config = [
      '<Proxy "balancer://st">',
      '  BalancerMember "http://{a}" route=r1',
      `  BalancerMember "http://{b}" route=r2${standby ? ' status=+H' : ''}`,
      `  ProxySet stickysession=${sticky}${separator}`,
      '</Proxy>',
      '<Proxy "balancer://ws">',
      `  BalancerMember "ws://{a}"${upgrade}`,
      `  BalancerMember "http://{b}"${upgrade}`,
      '</Proxy>',
      ...(mainPass ? [mainPass] : []),
      ...hosts.map(
        ({ pass, inherit, preserve }, index) =>
          `<VirtualHost *:{port}>\n  ServerName ${index === 0 ? 'x.test' : 'y.test'}\n${inherit}${preserve ? '  ProxyPreserveHost On\n' : ''}${pass ? `  ${pass}\n` : ''}</VirtualHost>`,
      ),
    ].join('\n');
    return {
      name: 'random hosts',
      config,
      requests: requests.map(({ host, path, cookie, upgrade: asks }) => ({
        path,
        host,
        headers: { ...(cookie === undefined ? {} : { Cookie: cookie }), ...(asks ? { Connection: 'Upgrade', Upgrade: 'websocket' } : {}) },
      })),
    };
  });

/**
 * Random regular-expression mappings: `<LocationMatch>` with a ProxyPass, ProxyPassMatch with and
 * without `nocanon` and back-references, Alias and Redirect beside them, ProxyErrorOverride;
 * requests with path parameters (`;jsessionid=`), encoded characters and member answers of several
 * statuses. (`mapping=encoded` and `mapping=servlet`, which the trace does not model, are left out.)
 */
const randomPatternsCase: fc.Arbitrary<TraceCase> = fc
  .record({
    lines: fc.subarray(
      [
        '<LocationMatch "^/lm/(?<rest>.*)$">\n  ProxyPass "balancer://api/"\n</LocationMatch>',
        'ProxyPassMatch "^/pm/([^/]*)/(.*)$" "balancer://api/$2/$1"',
        'ProxyPassMatch "^/pn/(.*)$" "balancer://api/n/$1" nocanon',
        'Alias "/al/" "/var/www/al/"',
        'Redirect "/rd/" "http://elsewhere.example/new/"',
        'ProxyPass "/al/p/" "balancer://api/p/"',
        'ProxyErrorOverride On',
        'ProxyPass "/" "balancer://api/"',
      ],
      { minLength: 2 },
    ),
    requests: fc.array(
      fc.record({
        start: fc.constantFrom('/lm', '/pm', '/pn', '/al', '/rd', '/al/p', '/x'),
        rest: fc.constantFrom('/a/b', '/a;jsessionid=1/b', '/a%3Bb/c', '/%7Ea/b', '/a%25b', '/a/b;p=1?q=1', '', '/'),
        status: fc.constantFrom(undefined, undefined, 404, 500),
      }),
      { minLength: 3, maxLength: 6 },
    ),
  })
  .map(({ lines, requests }) => ({
    name: 'random patterns',
    config: [API_BALANCER, ...lines].join('\n'),
    requests: requests.map(({ start, rest, status }) => ({ path: `${start}${rest}`, ...(status === undefined ? {} : { status }) })),
  }));

describe('trace agrees with a real Apache on random configurations', function () {
  this.timeout(120_000);
  before(assertApacheInstalled);
  const perTest = cleanAfterEach();

  const drawn = [
    ...fc.sample(randomCase, { seed: FUZZ_SEED, numRuns: fuzzCount(12) }),
    ...fc.sample(randomHostsCase, { seed: FUZZ_SEED, numRuns: fuzzCount(8) }),
    ...fc.sample(randomPatternsCase, { seed: FUZZ_SEED, numRuns: fuzzCount(8) }),
  ];
  for (const [index, testCase] of drawn.entries()) {
    it(`random configuration ${index + 1} of seed ${FUZZ_SEED}`, async () => {
      const disagreements = await disagreementsOf(testCase, perTest);
      assert.deepEqual(disagreements, [], `trace and Apache disagree on\n${testCase.config}\n${disagreements.join('\n')}`);
    });
  }
});

/** Starts Apache on the case's configuration with echo backends, sends each request and traces it: what differs, one entry per request. */
async function disagreementsOf(testCase: TraceCase, perTest: PerTest): Promise<string[]> {
  const pool = perTest.closeAfter(await startEchoBackends(['a', 'b', 'c']));
  const dir = await perTest.scratch();
  const port = await freePort();
  const nowhere = `127.0.0.1:${await freePort()}`;
  const fill = (text: string): string =>
    fillPlaceholders(text.replace(/\{port\}/g, String(port)).replace(/\{z\}/g, nowhere), pool.backends);
  await mkdir(join(dir, 'run'));
  const configFile = join(dir, 'httpd.conf');
  await writeFile(configFile, [...baseConfigLines(dir, port, EXTRA_MODULES), fill(testCase.config), ''].join('\n'));
  const check = await runConfigTest(configFile);
  assert.equal(check.status, 0, `apache2 -t refuses the case:\n${check.output}`);
  const outcome = await launchApache(dir, configFile, port);
  if (!outcome.started) throw new Error(`Apache did not start:\n${outcome.log}`);
  perTest.stopAfter(outcome.server);

  const disagreements: string[] = [];
  const balancersSeen = new Set<string>();
  for (const request of testCase.requests) {
    const host = `${request.host ?? '127.0.0.1'}:${port}`;
    const headers = requestHeaders(request, fill);
    const answer = await sendRequest(port, request.method ?? 'GET', request.path, { Host: host, ...headers });
    const trace = traceOf(configFile, dir, `http://${host}${request.path}`, request, headers, [`http://${nowhere}`]);
    // A balancer's first request goes where a fresh Apache sends it; later ones depend on the picks before.
    // A sticky route picks its member whatever came before.
    const isRouted = trace.steps.some((step) => / names route [^,]*: member /.test(step.what));
    const isFirst = trace.balancer === null || !balancersSeen.has(trace.balancer) || isRouted;
    if (trace.balancer !== null) balancersSeen.add(trace.balancer);
    const backend = pool.backends.find((each) => each.name === answer.echo?.name);
    const differences = compare(trace, answer, isFirst, backend === undefined ? '' : `127.0.0.1:${backend.port}`);
    tally.requests++;
    if (differences.length === 0) tally.agree++;
    else disagreements.push(`${request.method ?? 'GET'} ${request.path} (Host ${host}):\n    ${differences.join('\n    ')}`);
  }
  return disagreements;
}

/** The headers the client sends: the case's, and those telling the echo backend how to answer. */
function requestHeaders(request: TraceCaseRequest, fill: (text: string) => string): Record<string, string> {
  return {
    ...request.headers,
    ...(request.location === undefined ? {} : { 'X-Echo-Location': fill(request.location) }),
    ...(request.cookie === undefined ? {} : { 'X-Echo-Cookie': request.cookie }),
    ...(request.status === undefined ? {} : { 'X-Echo-Status': String(request.status) }),
  };
}

function traceOf(
  configFile: string,
  cwd: string,
  url: string,
  request: TraceCaseRequest,
  headers: Readonly<Record<string, string>>,
  down: readonly string[],
): TraceJson {
  const args = ['trace', configFile, '--url', url, '--format', 'json', '--method', request.method ?? 'GET'];
  for (const [name, value] of Object.entries(headers)) args.push('--header', `${name}: ${value}`);
  if (headers['X-Echo-Location'] !== undefined) args.push('--backend-location', headers['X-Echo-Location']);
  if (headers['X-Echo-Cookie'] !== undefined) args.push('--backend-cookie', headers['X-Echo-Cookie']);
  if (headers['X-Echo-Status'] !== undefined) args.push('--backend-status', headers['X-Echo-Status']);
  for (const each of down) args.push('--backend-down', each);
  const run = runCli(args, { cwd });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as TraceJson;
}

/** What differs between the trace and Apache's answer, one line each. */
function compare(trace: TraceJson, answer: ClientAnswer, isFirst: boolean, echoHost: string): string[] {
  const differences: string[] = [];
  const differ = (what: string, model: unknown, apache: unknown): void => {
    if (JSON.stringify(model) !== JSON.stringify(apache))
      differences.push(`${what}: trace ${JSON.stringify(model)}, Apache ${JSON.stringify(apache)}`);
  };
  const echo = answer.echo;
  differ('proxied', trace.handledBy === 'proxy', echo !== undefined);
  if (trace.status !== null) differ('status', trace.status, answer.status);
  if (echo === undefined || trace.backendRequest === null) return differences;
  // A ws:// member gets an HTTP request (with Upgrade when it takes the protocol).
  const asHttp = (url: string): string => url.replace(/^ws(s?):/i, 'http$1:');
  const modelUrl = asHttp(trace.backendRequest.url);
  const modelHost = /^https?:\/\/([^/?]*)/.exec(modelUrl)?.[1] ?? '';
  if (isFirst) differ('member', trace.member && asHttp(trace.member).replace(/^(https?:\/\/[^/]*).*$/, '$1'), `http://${echoHost}`);
  // Later requests may reach another member: compare the rest with that member's address.
  const model = isFirst ? modelUrl : modelUrl.replace(modelHost, echoHost);
  differ('member receives', model, `http://${echoHost}${echo.url}`);
  differ('method', trace.backendRequest.method, echo.method);
  const headers = Object.fromEntries(Object.entries(echo.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
  if (headers['x-forwarded-for'] !== undefined)
    headers['x-forwarded-for'] = headers['x-forwarded-for'].replace(/127\.0\.0\.1$/, '(client address)');
  const modelHeaders = { ...trace.backendRequest.headers };
  if (!isFirst && modelHeaders.host === modelHost) modelHeaders.host = echoHost;
  differ('headers', sorted(modelHeaders), sorted(headers));
  if (answer.location !== undefined || trace.clientLocation !== null) differ('Location', trace.clientLocation, answer.location ?? null);
  if (answer.setCookie !== undefined || trace.clientSetCookie !== null)
    differ('Set-Cookie', trace.clientSetCookie, answer.setCookie ?? null);
  return differences;
}

function sorted(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
