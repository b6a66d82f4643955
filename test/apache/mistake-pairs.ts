// Real-world mistakes as pairs under test/real-mistakes/<rule-id>/: `NN-name.bad.conf` shows the
// mistake, `NN-name.good.conf` its correction. Each file starts with comment lines naming its
// source (`# source:`), the symptom (`# symptom:`) and the request that shows it (`# probe: PATH`).
// The suites start a real Apache on each file and lint it with the built CLI (`npm run build` first).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as http from 'node:http';
import { join } from 'node:path';
import type { LintJsonFile } from '../support/cli';
import { spawnCliAsync } from '../support/cli';

const ROOT = join(__dirname, '../..');
const REQUEST_TIMEOUT_MS = 10_000;

/** One mistake and its correction. */
export interface MistakePair {
  readonly name: string;
  readonly bad: string;
  readonly good: string;
  readonly source: string;
  /** The request path (or absolute URL, for a forward proxy) that shows the symptom. */
  readonly probe: string;
}

/** The pairs of `test/real-mistakes/<ruleId>/`, in name order; fails on a lone half or a missing header. */
export function mistakePairs(ruleId: string): MistakePair[] {
  const dir = join(ROOT, 'test/real-mistakes', ruleId);
  const names = readdirSync(dir).filter((file) => file.endsWith('.conf'));
  const stems = [...new Set(names.map((file) => file.replace(/\.(bad|good)\.conf$/, '')))].sort();
  return stems.map((stem) => {
    assert.ok(names.includes(`${stem}.bad.conf`) && names.includes(`${stem}.good.conf`), `${stem}: a .bad.conf and a .good.conf`);
    const bad = readFileSync(join(dir, `${stem}.bad.conf`), 'utf8');
    const good = readFileSync(join(dir, `${stem}.good.conf`), 'utf8');
    const header = (key: string): string => {
      const value = new RegExp(`^# ${key}: (.+)$`, 'm').exec(bad)?.[1];
      assert.ok(value, `${stem}.bad.conf has no "# ${key}:" line`);
      return value.trim();
    };
    return { name: stem, bad, good, source: header('source'), probe: header('probe') };
  });
}

/** The rule ids and severities `balancer-lens lint --format json FILE` reports (the built binary). */
export async function lintFile(file: string): Promise<{ ruleId: string; severity: 'error' | 'warning' | 'info' }[]> {
  const run = await spawnCliAsync(['lint', '--format', 'json', file]);
  assert.ok(run.status === 0 || run.status === 1, `lint exited ${run.status}: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as LintJsonFile[];
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      ruleId: message.ruleId,
      severity: message.level === 'info' ? ('info' as const) : message.severity === 2 ? ('error' as const) : ('warning' as const),
    })),
  );
}

/** What one request got back. */
export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** One GET to Apache on `port`; `target` is a path, or an absolute URL sent as a forward-proxy request. */
export function request(port: number, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.get(
      { host: '127.0.0.1', port, path: target, agent: false, headers: { Connection: 'close' }, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', reject);
      },
    );
    sent.on('timeout', () => sent.destroy(new Error(`request to port ${port} timed out`)));
    sent.on('error', reject);
  });
}

/** Loopback backends answering every request with `answer(name, port, request, response)`; `close` stops them. */
export async function startAnsweringBackends(
  names: readonly string[],
  answer: (name: string, port: number, request: http.IncomingMessage, response: http.ServerResponse) => void,
): Promise<{ backends: { name: string; port: number }[]; close(): Promise<void> }> {
  const servers: http.Server[] = [];
  const backends: { name: string; port: number }[] = [];
  for (const name of names) {
    let port = 0;
    const server = http.createServer((req, response) => answer(name, port, req, response));
    servers.push(server);
    port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        if (address === null || typeof address === 'string') reject(new Error('no TCP address'));
        else resolve(address.port);
      });
    });
    backends.push({ name, port });
  }
  return {
    backends,
    close: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined),
  };
}
