// The second pass of rules (issue 19) on a real Apache: each bad case shows its symptom (a refusal
// by `apache2 -t`, a 500 with AH00961, health checks that never reach a member) and the corrected
// case does not, and the linter agrees on both. Loopback only; every Apache and backend is stopped.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import { assertApacheInstalled, baseConfigLines, cleanAfterEach, freePort, httpGet, launchApache, runConfigTest } from './harness';

/** Beside the harness's modules: TLS to members, and health checks. */
const EXTRA_MODULES: readonly (readonly [string, string])[] = [
  ['ssl_module', 'mod_ssl.so'],
  ['proxy_hcheck_module', 'mod_proxy_hcheck.so'],
];

/** The rule ids the linter reports for `fragment`, read alone as a user's file would be. */
const ruleIdsOf = (fragment: string): string[] => lint(analyze(fragment, { epochSeconds: 0 })).map((finding) => finding.ruleId);

/** A loopback HTTP backend that records every request path. */
async function recordingBackend(): Promise<{ port: number; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(`${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'close' });
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, paths, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('second-pass rules, on a real Apache', function () {
  const perTest = cleanAfterEach();
  const backend = async (): Promise<Awaited<ReturnType<typeof recordingBackend>>> => perTest.closeAfter(await recordingBackend());

  before(() => assertApacheInstalled());

  /** Writes a complete configuration (private server lines, the modules, `fragment`) in a new scratch folder. */
  async function writeConfig(fragment: string): Promise<{ dir: string; file: string; port: number }> {
    const dir = await perTest.scratch();
    await mkdir(join(dir, 'run'));
    const port = await freePort();
    const file = join(dir, 'httpd.conf');
    await writeFile(file, `${[...baseConfigLines(dir, port, EXTRA_MODULES), fragment, ''].join('\n')}\n`);
    return { dir, file, port };
  }

  /** Starts Apache on `fragment`, sends one GET /, and returns the status and the error log. */
  async function requestThrough(fragment: string): Promise<{ status: number; log: string }> {
    const { dir, file, port } = await writeConfig(fragment);
    const outcome = await launchApache(dir, file, port);
    assert.ok(outcome.started, outcome.started ? '' : outcome.log);
    const server = perTest.stopAfter(outcome.server);
    const { status } = await httpGet(port, '/');
    // Stopped before the log is read, so it holds everything Apache wrote.
    await server.stop();
    return { status, log: await readFile(join(dir, 'error.log'), 'utf8') };
  }

  describe('ssl-proxy-engine-off', () => {
    // The backend speaks plain HTTP: the connection succeeds, so what fails is enabling TLS on it.
    const fragment = (engine: string, port: number): string =>
      [engine, '<Proxy "balancer://t">', `    BalancerMember "https://127.0.0.1:${port}"`, '</Proxy>', 'ProxyPass "/" "balancer://t/"']
        .filter((line) => line !== '')
        .join('\n');

    it('without SSLProxyEngine On: 500 and AH00961, and the rule warns', async () => {
      const member = await backend();
      const text = fragment('', member.port);
      assert.ok(ruleIdsOf(text).includes('ssl-proxy-engine-off'));
      const { status, log } = await requestThrough(text);
      assert.equal(status, 500);
      assert.match(log, /AH00961: https: failed to enable ssl support for 127\.0\.0\.1/);
    });

    it('with SSLProxyEngine On: TLS is attempted (a handshake error, no AH00961), and the rule is silent', async () => {
      const member = await backend();
      const text = fragment('SSLProxyEngine On', member.port);
      assert.ok(!ruleIdsOf(text).includes('ssl-proxy-engine-off'));
      const { log } = await requestThrough(text);
      assert.doesNotMatch(log, /AH00961/);
      assert.match(log, /AH00898: Error during SSL Handshake/);
    });
  });

  describe('health-check-never-runs', () => {
    const fragment = (method: string, port: number): string =>
      [
        '<Proxy "balancer://t">',
        `    BalancerMember "http://127.0.0.1:${port}" ${method}hcuri=/health hcinterval=1`,
        '</Proxy>',
        'ProxyPass "/" "balancer://t/"',
      ].join('\n');
    /** Runs Apache long enough for two check intervals (1 s each), without sending requests. */
    async function checksSeen(text: string, member: Awaited<ReturnType<typeof recordingBackend>>): Promise<string[]> {
      const { dir, file, port } = await writeConfig(text);
      const outcome = await launchApache(dir, file, port);
      assert.ok(outcome.started, outcome.started ? '' : outcome.log);
      perTest.stopAfter(outcome.server);
      await new Promise((resolve) => setTimeout(resolve, 3500));
      return member.paths.filter((path) => path.endsWith('/health'));
    }

    it('hcuri without hcmethod: no check reaches the member, and the rule warns', async () => {
      const member = await backend();
      const text = fragment('', member.port);
      assert.ok(ruleIdsOf(text).includes('health-check-never-runs'));
      assert.deepEqual(await checksSeen(text, member), []);
    });

    it('hcmethod=TCP with hcuri: the page is never requested, and the rule warns', async () => {
      const member = await backend();
      const text = fragment('hcmethod=TCP ', member.port);
      assert.ok(ruleIdsOf(text).includes('health-check-never-runs'));
      assert.deepEqual(await checksSeen(text, member), []);
    });

    it('with hcmethod=GET: GET /health reaches the member, and the rule is silent', async () => {
      const member = await backend();
      const text = fragment('hcmethod=GET ', member.port);
      assert.ok(!ruleIdsOf(text).includes('health-check-never-runs'));
      const seen = await checksSeen(text, member);
      assert.ok(seen.length > 0 && seen.every((path) => path === 'GET /health'), JSON.stringify(seen));
    });
  });

  describe('config test', () => {
    const BALANCER = '<Proxy "balancer://shop">\n    BalancerMember "http://127.0.0.1:9"\n</Proxy>';
    const cases: readonly (readonly [name: string, fragment: string, ruleId: string, refusal: string | undefined])[] = [
      [
        'ProxyPassReverse with a path in <Location>',
        `${BALANCER}\n<Location "/shop/">\n    ProxyPassReverse "/shop/" "balancer://shop/"\n</Location>`,
        'proxypassreverse-syntax',
        'ProxyPassReverse can not have a path when defined in a location',
      ],
      [
        'ProxyPassReverse without it',
        `${BALANCER}\n<Location "/shop/">\n    ProxyPassReverse "balancer://shop/"\n</Location>`,
        'proxypassreverse-syntax',
        undefined,
      ],
      [
        'ProxyPassReverse with only a URL outside a section',
        `${BALANCER}\nProxyPassReverse "balancer://shop/"`,
        'proxypassreverse-syntax',
        'ProxyPassReverse needs a path when not defined in a location',
      ],
      [
        'ProxyPassReverse with four words',
        `${BALANCER}\nProxyPassReverse "/shop/" "balancer://shop/" interpolate x`,
        'proxypassreverse-syntax',
        'ProxyPassReverse takes one, two or three arguments, a virtual path and a URL for reverse proxy behaviour',
      ],
      // accepted: the third word changes nothing Apache checks, which is why the rule warns
      [
        'ProxyPassReverse with stickysession=',
        `${BALANCER}\nProxyPassReverse "/shop/" "balancer://shop/" stickysession=JSESSIONID`,
        'proxypassreverse-extra-word',
        undefined,
      ],
      ['ProxyReadTimeout', 'ProxyReadTimeout 300', 'unknown-directive', "Invalid command 'ProxyReadTimeout'"],
      ['ProxyConnectTimeout', 'ProxyConnectTimeout 5', 'unknown-directive', "Invalid command 'ProxyConnectTimeout'"],
      ['proxy_pass', 'proxy_pass http://127.0.0.1:9;', 'unknown-directive', "Invalid command 'proxy_pass'"],
      ['ProxyTimeout', 'ProxyTimeout 300', 'unknown-directive', undefined],
      ['SSLProxyEngine without https members', 'SSLProxyEngine On', 'ssl-proxy-engine-off', undefined],
    ];
    for (const [name, fragment, ruleId, refusal] of cases) {
      it(`${name}: ${refusal === undefined ? 'accepted' : 'refused'}, and ${ruleId} agrees`, async () => {
        const { file } = await writeConfig(fragment);
        const result = await runConfigTest(file);
        const flagged = lint(analyze(fragment, { epochSeconds: 0 })).filter((finding) => finding.ruleId === ruleId);
        if (refusal === undefined) {
          assert.equal(result.status, 0, result.output);
          if (ruleId !== 'proxypassreverse-extra-word') assert.deepEqual(flagged, []);
          else assert.equal(flagged.length, 1);
        } else {
          assert.notEqual(result.status, 0);
          assert.ok(result.output.includes(refusal), result.output);
          assert.equal(flagged.length, 1);
          assert.equal(flagged[0]!.severity, 'error');
          assert.ok(flagged[0]!.apacheMessage?.includes(refusal), `Apache's words: ${flagged[0]!.apacheMessage}`);
        }
      });
    }
  });
});
