/**
 * A language server that cannot be taken down: hostile requests and notifications over stdio, as a
 * malicious or broken client would send them. Each case once crashed the server, made it deaf, or
 * made it answer (or hold) gigabytes. See docs/reliability.md, "Language server".
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Diagnostic } from 'vscode-languageserver/node';
import { SERVER, Session, startSession } from '../support/lsp-session';
import { workCounter } from '../support/work';

const ALIVE = 'file:///tmp/balancer-lens-security/alive.conf';
const ALIVE_TEXT = '<Proxy balancer://shop>\nBalancerMember http://a loadfactor=70\nBalancerMember http://b loadfactor=30\n</Proxy>\n';

/** A known-good hover still gets its answer; fails at once if the server exits instead. */
async function assertServing(session: Session): Promise<void> {
  session.open(ALIVE, ALIVE_TEXT);
  const hover = session.connection.sendRequest('textDocument/hover', {
    textDocument: { uri: ALIVE },
    position: { line: 0, character: 10 },
  }) as Promise<{ contents: { value: string } } | null>;
  const answer = await Promise.race([hover, session.exited.then((code) => ({ exited: code }))]);
  assert.ok(answer && !('exited' in answer), `the server exited (${JSON.stringify(answer)}): ${session.stderr.join('').slice(-300)}`);
  assert.match(answer.contents.value, /70\.0%/);
  session.close(ALIVE);
}

/** The resident memory of a process, in MB (Linux). */
function residentMegabytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  assert.ok(match, 'no VmRSS in /proc/PID/status');
  return Number(match[1]) / 1024;
}

describe('language server under attack (security)', function () {
  this.timeout(60_000);
  let session: Session;

  beforeEach(async () => {
    session = await startSession({ pullSettings: true });
  });
  afterEach(() => {
    session.stop();
  });

  it('clamps the picks of balancerLens/schedule: 5×10⁷ picks on an all-disabled balancer answer promptly with at most 1,000', async () => {
    const uri = 'file:///tmp/balancer-lens-security/disabled.conf';
    session.open(
      uri,
      '<Proxy balancer://off>\nBalancerMember http://a status=+D\nBalancerMember http://b status=+D\n</Proxy>\nProxyPass / balancer://off/\n',
    );
    await session.diagnostics(uri, 1);
    for (const picks of [5e7, 1e308, -5, 2.5, 'many', null]) {
      const report = (await session.connection.sendRequest('balancerLens/schedule', { uri, balancer: 'balancer://off', picks })) as {
        picks: unknown[];
      } | null;
      assert.ok(report, `picks ${String(picks)}`);
      assert.ok(report.picks.length <= 1000, `picks ${String(picks)}: ${report.picks.length} picks answered`);
    }
    const report = (await session.connection.sendRequest('balancerLens/schedule', { uri, balancer: 'balancer://off', picks: 5e7 })) as {
      picks: unknown[];
    };
    assert.equal(report.picks.length, 1000);
    for (const balancer of [42, null, { toLowerCase: 1 }])
      assert.equal(await session.connection.sendRequest('balancerLens/schedule', { uri, balancer }), null);
    await assertServing(session);
  });

  it('balancerLens/schedule with 20,000 what-ifs on a 20,000-member balancer does about the work of one', async () => {
    const uri = 'file:///tmp/balancer-lens-security/big.conf';
    const members = Array.from({ length: 20_000 }, (_, index) => `http://10.0.${index >> 8}.${index & 255}:${8000 + (index % 1000)}`);
    const text = `<Proxy balancer://big>\n${members.map((url) => `BalancerMember ${url}\n`).join('')}</Proxy>\nProxyPass / balancer://big/\n`;
    session.open(uri, text);
    await session.diagnostics(uri, 1);
    const one = [{ url: members[0], action: 'down' }];
    // Members that are not there cost a search of every member each, unless looked up by URL.
    const many = [...Array.from({ length: 20_000 }, (_, index) => ({ url: `http://192.0.2.1:${index}`, action: 'down' })), ...one];
    const report = (await session.connection.sendRequest('balancerLens/schedule', { uri, balancer: 'balancer://big', whatIf: many })) as {
      whatIf: unknown[];
    };
    assert.equal(report.whatIf.length, 1);
    // The handler's work counted (test/support/work.ts), not timed: the first call analyses, the next ones answer.
    const counter = workCounter('test/support/work-targets.ts', 'scheduleWhatIf');
    try {
      counter.count(text, 'balancer://big', one);
      const single = counter.count(text, 'balancer://big', one).work;
      const all = counter.count(text, 'balancer://big', many).work;
      assert.ok(all <= 2 * single, `one what-if: ${single} units of work; 20,001: ${all}`);
    } finally {
      await counter.close();
    }
    await assertServing(session);
  });

  it('balancerLens/diff does not analyse a "before" text over balancerLens.limits.maxSize', async () => {
    const uri = 'file:///tmp/balancer-lens-security/now.conf';
    session.open(uri, ALIVE_TEXT);
    await session.diagnostics(uri, 1);
    const before = `${ALIVE_TEXT}${'# padding\n'.repeat(300_000)}`;
    const answer = (await session.connection.sendRequest('balancerLens/diff', { uri, before, label: 'HEAD' })) as {
      markdown: string;
      changed: boolean;
    } | null;
    assert.ok(answer);
    assert.equal(answer.changed, false);
    assert.match(answer.markdown, /HEAD is 2\.9 MB, more than the 2\.0 MB/);
    await assertServing(session);
  });

  it('survives didOpen with URIs that are not strings, then a settings change, and keeps serving', async () => {
    for (const uri of [42, null, { path: '/etc/passwd' }, ['file:///a.conf'], true]) {
      session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'apacheconf', version: 1, text: 'BalancerMember http://a loadfactor=0\n' },
      });
    }
    for (const textDocument of [
      null,
      'x',
      { uri: 'file:///tmp/x.conf', version: 'one', text: 5 },
      { uri: 'file:///tmp/y.conf', version: 1, text: null },
    ]) {
      session.connection.sendNotification('textDocument/didOpen', { textDocument });
    }
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: 7, version: 2 },
      contentChanges: [{ text: 'x' }],
    });
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: {} } });
    const asked = session.configurationAsked();
    session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await asked;
    await assertServing(session);
    session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: 'everything' });
    await assertServing(session);
    assert.deepEqual(session.popups, []);
  });

  it('answers select-all code actions on 1,000 findings in size linear in the findings', async () => {
    const uri = 'file:///tmp/balancer-lens-security/findings.conf';
    const members = Array.from({ length: 1000 }, (_, i) => `BalancerMember http://10.0.${i >> 8}.${i & 255}:8080 loadfactor=0`);
    const text = `<Proxy balancer://many>\n${members.join('\n')}\n</Proxy>\nProxyPass / balancer://many/\n`;
    session.open(uri, text);
    const published = await session.diagnostics(uri, 1);
    const diagnostics: Diagnostic[] = published.diagnostics;
    assert.ok(diagnostics.length >= 1000, `${diagnostics.length} findings`);
    const range = { start: { line: 0, character: 0 }, end: { line: 1003, character: 0 } };
    const actions = (await session.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics },
    })) as { title: string; diagnostics: unknown[] }[];
    const bytes = JSON.stringify(actions).length;
    assert.ok(bytes < 5000 * diagnostics.length, `${bytes} bytes for ${diagnostics.length} findings`);
    assert.ok(actions.some((action) => action.title === 'Set loadfactor=1'));
    assert.equal(
      actions.filter((action) => action.title === 'Disable zero-loadfactor in this file').length,
      1,
      'one file-wide suppression per rule',
    );
    // Every finding is still attached to the actions that fix it.
    assert.ok(actions.filter((action) => action.title === 'Set loadfactor=1').every((action) => action.diagnostics.length === 1));
    await assertServing(session);
  });

  it('frees the memory of documents once they are closed: 200 different 119 KB files opened and closed', async function () {
    if (process.platform !== 'linux') this.skip();
    this.timeout(300_000);
    const pid = session.process.pid!;
    const document = (n: number): string => {
      const members = Array.from(
        { length: 1780 },
        (_, i) => `    BalancerMember "http://d${n}-m${i}.example.com:8080" loadfactor=${(i % 100) + 1}`,
      );
      return `<Proxy "balancer://doc${n}">\n${members.join('\n')}\n</Proxy>\nProxyPass "/doc${n}/" "balancer://doc${n}/"\n`;
    };
    assert.ok(Math.abs(document(0).length - 119_000) < 10_000, `${document(0).length} bytes`);
    const cycle = async (n: number): Promise<void> => {
      const uri = `file:///tmp/balancer-lens-security/memory-${n}.conf`;
      session.open(uri, document(n));
      await session.diagnostics(uri, 1);
      session.close(uri);
    };
    for (let n = 0; n < 20; n++) await cycle(n);
    const before = residentMegabytes(pid);
    for (let n = 20; n < 220; n++) await cycle(n);
    await assertServing(session);
    const after = residentMegabytes(pid);
    // Before the fix every closed document kept its analysis: about 4.7 MB each, 940 MB here.
    assert.ok(after - before < 250, `resident memory grew from ${before.toFixed(0)} MB to ${after.toFixed(0)} MB`);
  });

  it('refuses a 10 MB new name for a rename without quoting or repeating it', async () => {
    const uri = 'file:///tmp/balancer-lens-security/rename.conf';
    const uses = Array.from({ length: 200 }, (_, i) => `ProxyPass /p${i} balancer://shop/`).join('\n');
    session.open(uri, `<Proxy balancer://shop>\nBalancerMember http://a\n</Proxy>\n${uses}\n`);
    await session.diagnostics(uri, 1);
    const logged = session.logs.length;
    const answer = await session.connection.sendRequest('textDocument/rename', {
      textDocument: { uri },
      position: { line: 0, character: 20 },
      newName: 'x'.repeat(10_000_000),
    });
    assert.equal(answer, null);
    const reasons = session.logs.slice(logged);
    assert.ok(
      reasons.some((message) => message.includes('a balancer name is at most 84 bytes')),
      reasons.join('\n').slice(0, 500),
    );
    assert.ok(
      reasons.every((message) => message.length < 2000),
      'the name is not quoted back',
    );
    await assertServing(session);
  });

  it('answers a well-framed message that is not JSON with a parse error (-32700), one that is not an object with -32600, and goes on', async () => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const send = (body: string): void => void child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      /** The bodies of the messages the server wrote so far. */
      const bodies = (): { id?: unknown; error?: { code: number }; result?: unknown }[] =>
        output
          .split(/Content-Length: \d+\r\n\r\n/)
          .filter(Boolean)
          .map((body) => JSON.parse(body) as { id?: unknown; error?: { code: number } });
      send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      send('{"jsonrpc": "2.0", "id": 2, "method": ');
      send('42');
      send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'shutdown' }));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const answered = async (): Promise<void> => {
        while (!bodies().some((body) => body.id === 3)) {
          if ((await Promise.race([exited.then(() => 'exited'), new Promise((resolve) => setTimeout(resolve, 50, 'wait'))])) === 'exited')
            assert.fail(`the server exited: ${output}`);
        }
      };
      await answered();
      const errors = bodies().filter((body) => body.error);
      assert.deepEqual(
        errors.map((body) => [body.id, body.error!.code]),
        [
          [null, -32700],
          [null, -32600],
        ],
      );
      assert.equal(child.exitCode, null, 'still running');
    } finally {
      child.kill();
    }
  });

  for (const [name, skew] of [
    ['too large', 40],
    ['too small', -7],
  ] as const) {
    it(`exits (for the client to restart it) instead of staying deaf after a Content-Length ${name}`, async () => {
      await assertServing(session);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 'broken',
        method: 'textDocument/hover',
        params: { textDocument: { uri: ALIVE }, position: { line: 0, character: 0 } },
      });
      session.process.stdin!.write(`Content-Length: ${Buffer.byteLength(body) + skew}\r\n\r\n${body}`);
      // The next message completes (or follows) the broken one.
      session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: ALIVE } });
      const code = await session.exited;
      assert.equal(code, 1);
      assert.ok(
        session.logs.some((message) => message.includes('cannot read the messages')),
        session.logs.join('\n'),
      );
    });
  }
});
