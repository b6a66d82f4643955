// `balancer-lens trace` against a real Apache: each case of trace-cases.ts runs on a freshly started
// Apache with echo backends; every request is sent to it and traced, and what the member received
// (request line, headers), the first member picked and what the client got back (status, Location,
// Set-Cookie) must agree. Run: npm run build && npx mocha --no-config --require tsx/cjs --timeout 120000 test/apache/trace.test.ts
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import {
  assertApacheInstalled,
  baseConfigLines,
  cleanAfterEach,
  ClientAnswer,
  fillPlaceholders,
  freePort,
  launchApache,
  runConfigTest,
  sendRequest,
  startEchoBackends,
} from './harness';
import { ALL_CASES, TraceCaseRequest } from './trace-cases';

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
      assert.deepEqual(disagreements, [], `trace and Apache disagree:\n${disagreements.join('\n')}`);
    });
  }
});

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
