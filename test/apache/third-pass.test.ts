// The third pass of rules (issue 19) on a real Apache, one real mistake at a time from
// test/real-mistakes/: the bad version shows its symptom through loopback backends (a redirect
// leaking a member's address, an absolute URL fetched for anyone, a doubled slash at the backend,
// settings that change nothing) and is flagged; the corrected version shows none and is clean.
// A `.htaccess` with proxy directives is checked the same way: 500 and Apache's words on a request.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import { lintJson } from '../support/cli';
import {
  assertApacheInstalled,
  baseConfigLines,
  cleanAfterEach,
  fillPlaceholders,
  freePort,
  launchApache,
  selfSignedCertificate,
} from './harness';
import { MistakePair, mistakePairs } from './mistake-pairs';

const EXTRA_MODULES: readonly (readonly [string, string])[] = [['rewrite_module', 'mod_rewrite.so']];

/** A loopback backend that records request paths and answers `/…/redirect` with a 302 to its own address. */
interface RecordingBackend {
  readonly name: string;
  readonly port: number;
  readonly paths: string[];
  close(): Promise<void>;
}

async function recordingBackend(name: string): Promise<RecordingBackend> {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    paths.push(url);
    const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.endsWith('/redirect')) response.writeHead(302, { Location: `${own}/login`, Connection: 'close' }).end();
    else {
      const body = `${name} ${url}`;
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body), Connection: 'close' }).end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { name, port, paths, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** One raw HTTP/1.1 request line (a path, or an absolute URL as a forward-proxy client sends it). */
function rawRequest(port: number, target: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy(new Error(`request for ${target} timed out`)));
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.\d (\d+)/.exec(head)?.[1] ?? 0), head, body });
    });
    socket.on('error', reject);
  });
}

type Finding = { ruleId: string; severity: 1 | 2; level?: 'info' };

describe('third-pass rules: real mistakes on a real Apache', function () {
  let backends: RecordingBackend[] = [];
  const perTest = cleanAfterEach();

  before(async () => {
    assertApacheInstalled();
    backends = [await recordingBackend('a'), await recordingBackend('b'), await recordingBackend('c')];
  });
  after(async () => Promise.all(backends.map((backend) => backend.close())));
  beforeEach(() => backends.forEach((backend) => (backend.paths.length = 0)));

  /** Lints `text` as a file of its own, starts Apache on it (after the private server lines) and sends `target` `times` times. */
  async function run(
    text: string,
    target: string,
    times = 1,
  ): Promise<{ answers: Awaited<ReturnType<typeof rawRequest>>[]; findings: Finding[]; log: string }> {
    const dir = await perTest.scratch();
    await mkdir(join(dir, 'run'));
    const fragment = join(dir, 'site.conf');
    await writeFile(fragment, fillPlaceholders(text, backends));
    const findings = lintJson([fragment]).results.flatMap((result) => result.messages);
    const port = await freePort();
    const config = join(dir, 'httpd.conf');
    await writeFile(config, [...baseConfigLines(dir, port, EXTRA_MODULES), `Include "${fragment}"`, ''].join('\n'));
    const outcome = await launchApache(dir, config, port);
    assert.ok(outcome.started, outcome.started ? '' : outcome.log);
    perTest.stopAfter(outcome.server);
    const answers = [];
    for (let i = 0; i < times; i++) answers.push(await rawRequest(port, fillPlaceholders(target, backends)));
    const log = await readFile(join(dir, 'error.log'), 'utf8');
    return { answers, findings, log };
  }

  const flags = (findings: readonly Finding[], ruleId: string): boolean => findings.some((finding) => finding.ruleId === ruleId);
  const serious = (findings: readonly Finding[]): Finding[] => findings.filter((finding) => finding.level !== 'info');
  const memberAddress = (): RegExp => new RegExp(backends.map((backend) => `127\\.0\\.0\\.1:${backend.port}`).join('|'));

  /** One test for each half of every pair of `ruleId`. */
  function eachPair(ruleId: string, bad: (pair: MistakePair) => Promise<void>, good: (pair: MistakePair) => Promise<void>): void {
    describe(ruleId, () => {
      for (const pair of mistakePairs(ruleId)) {
        it(`${pair.name} (${pair.source}): the symptom shows and ${ruleId} flags it`, () => bad(pair));
        it(`${pair.name}: the corrected version shows no symptom and is clean`, () => good(pair));
      }
    });
  }

  // Two requests: the balancer sends one to each member, so a member left out shows too.
  eachPair(
    'missing-proxypassreverse',
    async (pair) => {
      const { answers, findings } = await run(pair.bad, pair.probe, 2);
      assert.ok(
        answers.some((answer) => answer.status === 302 && memberAddress().test(answer.head)),
        answers.map((answer) => answer.head).join('\n'),
      );
      assert.ok(flags(findings, 'missing-proxypassreverse'), JSON.stringify(findings));
    },
    async (pair) => {
      const { answers, findings } = await run(pair.good, pair.probe, 2);
      for (const answer of answers) {
        assert.equal(answer.status, 302);
        assert.doesNotMatch(answer.head, memberAddress());
      }
      assert.deepEqual(serious(findings), []);
    },
  );

  eachPair(
    'open-forward-proxy',
    async (pair) => {
      const { answers, findings } = await run(pair.bad, pair.probe);
      assert.equal(answers[0]!.status, 200);
      assert.equal(answers[0]!.body, 'c /secret');
      assert.ok(flags(findings, 'open-forward-proxy'), JSON.stringify(findings));
    },
    async (pair) => {
      const { answers, findings } = await run(pair.good, pair.probe);
      assert.notEqual(answers[0]!.body, 'c /secret');
      assert.deepEqual(backends[2]!.paths, []);
      assert.deepEqual(serious(findings), []);
    },
  );

  eachPair(
    'member-trailing-slash',
    async (pair) => {
      const { findings } = await run(pair.bad, pair.probe);
      const seen = backends.flatMap((backend) => backend.paths);
      assert.ok(seen.length === 1 && seen[0]!.includes('//'), JSON.stringify(seen));
      assert.ok(flags(findings, 'member-trailing-slash'), JSON.stringify(findings));
    },
    async (pair) => {
      const { findings } = await run(pair.good, pair.probe);
      const seen = backends.flatMap((backend) => backend.paths);
      assert.ok(seen.length === 1 && !seen[0]!.includes('//'), JSON.stringify(seen));
      assert.deepEqual(serious(findings), []);
    },
  );

  // Accepted and without effect: Apache starts on both versions and proxies the request alike.
  eachPair(
    'ineffective-in-proxy',
    async (pair) => {
      const { answers, findings } = await run(pair.bad, pair.probe);
      assert.equal(answers[0]!.status, 200);
      assert.match(answers[0]!.body, /^[ab] \/x$/);
      assert.ok(flags(findings, 'ineffective-in-proxy'), JSON.stringify(findings));
    },
    async (pair) => {
      const { answers, findings } = await run(pair.good, pair.probe);
      assert.equal(answers[0]!.status, 200);
      assert.match(answers[0]!.body, /^[ab] \/x$/);
      assert.deepEqual(findings, []);
    },
  );

  describe('tls-member-by-ip', () => {
    /** A loopback https backend whose self-signed certificate names only "localhost" (made with openssl). */
    async function tlsBackend(scratch: string): Promise<{ port: number; close(): Promise<void> }> {
      const { key, cert } = selfSignedCertificate(scratch, 'localhost');
      const server = https.createServer({ key: await readFile(key), cert: await readFile(cert) }, (_request, response) => {
        response.writeHead(200, { 'Content-Length': 2, Connection: 'close' }).end('ok');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    }
    const cases: readonly (readonly [host: string, extra: string, status: number, flagged: boolean])[] = [
      ['127.0.0.1', '', 500, true],
      ['localhost', '', 200, false],
      ['127.0.0.1', 'SSLProxyCheckPeerName Off\n', 200, false],
    ];
    for (const [host, extra, status, flagged] of cases) {
      it(`https://${host} member${extra ? ' with SSLProxyCheckPeerName Off' : ''}: ${status}, ${flagged ? 'flagged' : 'not flagged'}`, async () => {
        const dir = await perTest.scratch();
        const backend = await tlsBackend(dir);
        try {
          const text = `SSLProxyEngine On\n${extra}<Proxy "balancer://t">\n    BalancerMember "https://${host}:${backend.port}"\n</Proxy>\nProxyPass "/" "balancer://t/"\nProxyPassReverse "/" "balancer://t/"`;
          const ids = lint(analyze(text, { epochSeconds: 0 })).map((finding) => finding.ruleId);
          assert.equal(ids.includes('tls-member-by-ip'), flagged, ids.join());
          await mkdir(join(dir, 'run'));
          const port = await freePort();
          const config = join(dir, 'httpd.conf');
          await writeFile(config, [...baseConfigLines(dir, port, [['ssl_module', 'mod_ssl.so']]), text, ''].join('\n'));
          const outcome = await launchApache(dir, config, port);
          assert.ok(outcome.started, outcome.started ? '' : outcome.log);
          perTest.stopAfter(outcome.server);
          assert.equal((await rawRequest(port, '/')).status, status);
          if (flagged)
            assert.match(await readFile(join(dir, 'error.log'), 'utf8'), /AH00898: Error during SSL Handshake with remote server/);
        } finally {
          await backend.close();
        }
      });
    }
  });

  describe('misplaced-directive in a .htaccess file', () => {
    const cases: readonly (readonly [name: string, htaccess: string])[] = [
      ['ProxyPass', 'ProxyPass "/x" "http://{a}/"'],
      ['<Proxy', '<Proxy "balancer://q">\n    BalancerMember "http://{a}"\n</Proxy>'],
      ['BalancerMember', 'BalancerMember "balancer://q" "http://{a}"'],
      ['ProxySet', 'ProxySet "balancer://q" lbmethod=byrequests'],
    ];
    for (const [name, htaccess] of cases) {
      it(`${name}: apache2 starts, every request there gets 500 ("${name} not allowed here"), and the linter says so`, async () => {
        const dir = await perTest.scratch();
        const docs = join(dir, 'htdocs');
        await mkdir(docs);
        await writeFile(join(docs, 'x'), 'file');
        const file = join(docs, '.htaccess');
        await writeFile(file, `${fillPlaceholders(htaccess, backends)}\n`);
        const findings = lintJson([file]).results.flatMap((result) => result.messages);
        const fragment = join(dir, 'site.conf');
        await writeFile(fragment, `DocumentRoot "${docs}"\n<Directory "${docs}">\n    AllowOverride All\n</Directory>\n`);
        await mkdir(join(dir, 'run'));
        const port = await freePort();
        const config = join(dir, 'httpd.conf');
        await writeFile(config, [...baseConfigLines(dir, port, EXTRA_MODULES), `Include "${fragment}"`, ''].join('\n'));
        const outcome = await launchApache(dir, config, port);
        assert.ok(outcome.started, outcome.started ? '' : outcome.log);
        perTest.stopAfter(outcome.server);
        assert.equal((await rawRequest(port, '/x')).status, 500);
        assert.match(await readFile(join(dir, 'error.log'), 'utf8'), new RegExp(`\\.htaccess: ${name} not allowed here`));
        const refusals = findings.filter((finding) => finding.ruleId === 'misplaced-directive' && finding.severity === 2);
        assert.equal(refusals.length, 1, JSON.stringify(findings));
      });
    }
  });
});
