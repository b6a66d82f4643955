/**
 * The language server under abuse, over stdio like an editor: 1,000 random edit sequences under
 * incremental sync (the edited document must answer exactly like a fresh document opened with the
 * final text), requests with positions out of range or for unknown and closed documents,
 * cancellations, and junk answers to workspace/configuration. The server must keep serving, and
 * its internal errors must reach the client log (window/logMessage), never a message box.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CancellationTokenSource, ResponseError } from 'vscode-languageserver/node';
import { grammarText, tokenText, TOKENS } from '../../fuzz/inputs';
import { fuzzCount, fuzzRuns } from '../../support/fuzz';
import { Session, startSession } from '../../support/lsp-session';

const RUNS = fuzzCount(1000);

interface Position {
  line: number;
  character: number;
}

/** Line starts as LSP counts lines: CR LF, CR and LF all end one. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (code === 13 || code === 10) starts.push(i + 1);
  }
  return starts;
}

function positionAt(text: string, offset: number): Position {
  const starts = lineStarts(text);
  let line = 0;
  while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
  return { line, character: offset - starts[line]! };
}

/** An offset that is not inside a CR LF pair (whose middle is no position at all). */
function cleanOffset(text: string, offset: number): number {
  return offset > 0 && text.charCodeAt(offset - 1) === 13 && text.charCodeAt(offset) === 10 ? offset - 1 : offset;
}

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 })),
  insert: fc.oneof(
    fc.constantFrom(...TOKENS),
    fc.constant(''),
    tokenText.map((text) => text.slice(0, 60)),
  ),
});
/** A change notification: one to three range edits, or (rarely) the whole text replaced. */
const change = fc.oneof(
  { weight: 9, arbitrary: fc.array(edit, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: tokenText.map((text) => ({ full: text })) },
);
const sequence = fc.record({
  initial: fc.oneof(grammarText, tokenText),
  changes: fc.array(change, { minLength: 1, maxLength: 6 }),
  probes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
});

/** Every read-only feature's answer for a document, as JSON with the document's URI neutralised. */
async function answers(session: Session, uri: string, text: string, probes: readonly number[]): Promise<string> {
  const textDocument = { uri };
  const request = (method: string, params: object): Promise<unknown> => session.connection.sendRequest(method, { textDocument, ...params });
  const end = positionAt(text, text.length);
  // Sent together: the server answers in order, and the round trips overlap.
  const pending: Promise<unknown>[] = [
    request('textDocument/documentSymbol', {}),
    request('textDocument/foldingRange', {}),
    request('textDocument/inlayHint', { range: { start: { line: 0, character: 0 }, end } }),
    request('textDocument/codeLens', {}),
  ];
  for (const probe of probes) {
    const position = positionAt(text, cleanOffset(text, Math.floor(probe * text.length)));
    pending.push(
      request('textDocument/hover', { position }),
      request('textDocument/completion', { position }),
      request('textDocument/references', { position, context: { includeDeclaration: true } }),
    );
  }
  const results = await Promise.all(pending);
  return neutral(results, uri);
}

/** JSON with the document's URI and file name replaced by placeholders. */
function neutral(value: unknown, uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  return JSON.stringify(value).split(JSON.stringify(uri).slice(1, -1)).join('<uri>').split(name).join('<name>');
}

describe('language server resilience over stdio', function () {
  this.timeout(600_000);
  let session: Session;

  before(async () => {
    // Published at once and whole: these properties compare each edit's diagnostics with a fresh analysis.
    session = await startSession({ pullSettings: true, configuration: () => ({ diagnostics: { delay: 0 } }) });
    await session.configurationAsked();
  });
  after(() => {
    session.stop();
  });
  afterEach(() => {
    assert.equal(session.process.exitCode, null, `the server exited: ${session.stderr.join('')}`);
    assert.deepEqual(session.popups, [], 'internal errors must go to the log, not a message box');
  });

  /** A known-good request still gets a known-good answer. */
  async function assertServing(): Promise<void> {
    const uri = 'file:///tmp/balancer-lens-resilience/alive.conf';
    const text = '<Proxy balancer://shop>\nBalancerMember http://a loadfactor=70\nBalancerMember http://b loadfactor=30\n</Proxy>\n';
    session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'apacheconf', version: 1, text } });
    const hover = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 10 },
    })) as { contents: { value: string } } | null;
    assert.match(hover?.contents.value ?? '', /70\.0%/);
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  it(`keeps the document equal to the edited text through ${RUNS} random incremental edit sequences`, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(sequence, async ({ initial, changes, probes }) => {
        run++;
        // Side by side in one directory, so includes resolve alike; the names are neutralised when comparing.
        const edited = `file:///tmp/balancer-lens-resilience/edited-${run}.conf`;
        const fresh = `file:///tmp/balancer-lens-resilience/fresh-${run}.conf`;
        let text = initial;
        let version = 1;
        session.connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri: edited, languageId: 'apacheconf', version, text },
        });
        for (const each of changes) {
          const contentChanges: object[] = [];
          if ('full' in each) {
            text = each.full;
            contentChanges.push({ text });
          } else {
            for (const { at, remove, insert } of each) {
              const start = cleanOffset(text, Math.floor(at * text.length));
              const end = cleanOffset(text, Math.min(text.length, start + remove));
              contentChanges.push({ range: { start: positionAt(text, start), end: positionAt(text, Math.max(start, end)) }, text: insert });
              text = text.slice(0, start) + insert + text.slice(Math.max(start, end));
            }
          }
          session.connection.sendNotification('textDocument/didChange', {
            textDocument: { uri: edited, version: ++version },
            contentChanges,
          });
        }
        // Each alone: open documents form one configuration set, so the two must not see each other.
        const afterEdits = await session.diagnostics(edited, version);
        const afterEditsAnswers = await answers(session, edited, text, probes);
        session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: edited } });
        session.connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri: fresh, languageId: 'apacheconf', version: 1, text },
        });
        const reference = await session.diagnostics(fresh, 1);
        assert.equal(
          neutral(afterEdits.diagnostics, edited),
          neutral(reference.diagnostics, fresh),
          'diagnostics after the edits differ from a fresh analysis of the final text',
        );
        const freshAnswers = await answers(session, fresh, text, probes);
        assert.equal(afterEditsAnswers, freshAnswers, 'features after the edits differ from a fresh document');
        session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: fresh } });
      }),
      fuzzRuns(1000),
    );
    await assertServing();
  });

  it('answers requests with positions and ranges out of range, or malformed, and keeps serving', async () => {
    const uri = 'file:///tmp/balancer-lens-resilience/positions.conf';
    const text =
      '<Proxy balancer://shop>\r\nBalancerMember http://a loadfactor=0\rBalancerMember http://b 😀\n</Proxy>\nProxyPass / balancer://shop/\nProxyPassReverse / balancer://shop/\n';
    session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'apacheconf', version: 1, text } });
    await session.diagnostics(uri, 1);
    const positions: unknown[] = [
      { line: 0, character: 0 },
      { line: 2 ** 31 - 1, character: 2 ** 31 - 1 },
      { line: 1e9, character: 0 },
      { line: 0, character: 1e9 },
      { line: -1, character: -1 },
      { line: 2, character: 27 },
      { line: 0.5, character: 1.5 },
      { line: 'x', character: null },
      null,
      {},
      'here',
      [1, 2],
    ];
    const ranges = [
      ...positions.map((start) => ({ start, end: { line: 0, character: 5 } })),
      { start: { line: 4, character: 0 }, end: { line: 0, character: 0 } },
      null,
    ];
    const requests: [string, object][] = [];
    for (const position of positions) {
      for (const method of ['textDocument/hover', 'textDocument/completion', 'textDocument/definition', 'textDocument/prepareRename'])
        requests.push([method, { textDocument: { uri }, position }]);
      requests.push(['textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: true } }]);
      requests.push(['textDocument/rename', { textDocument: { uri }, position, newName: 'store' }]);
    }
    for (const range of ranges) {
      requests.push(['textDocument/inlayHint', { textDocument: { uri }, range }]);
      requests.push(['textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [] } }]);
    }
    const answered = await Promise.allSettled(requests.map(([method, params]) => session.connection.sendRequest(method, params)));
    // Every request is answered: a result, or a JSON-RPC error for params the protocol does not allow.
    for (const [index, result] of answered.entries()) {
      if (result.status === 'rejected')
        assert.ok(result.reason instanceof ResponseError, `${requests[index]![0]}: ${String(result.reason)}`);
    }
    await assertServing();
  });

  it('answers requests for unknown, closed and malformed documents', async () => {
    const closed = 'file:///tmp/balancer-lens-resilience/closed.conf';
    session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: closed, languageId: 'apacheconf', version: 1, text: 'BalancerMember balancer://a http://b\n' },
    });
    await session.diagnostics(closed, 1);
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: closed } });
    // Notifications about documents the server does not have are dropped, not fatal.
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: 'file:///nowhere.conf', version: 2 },
      contentChanges: [{ text: 'x' }],
    });
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: 'file:///nowhere.conf' } });
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: closed, version: 3 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x' }],
    });
    for (const uri of [closed, 'file:///nowhere.conf', 'untitled:Untitled-1', 'not a uri', '', 'file:///%E0%A4%A.conf']) {
      const position = { line: 0, character: 3 };
      for (const [method, params] of [
        ['textDocument/hover', { position }],
        ['textDocument/completion', { position }],
        ['textDocument/documentSymbol', {}],
        ['textDocument/foldingRange', {}],
        ['textDocument/codeLens', {}],
        ['textDocument/documentLink', {}],
        ['textDocument/definition', { position }],
        ['textDocument/rename', { position, newName: 'x' }],
        ['textDocument/inlayHint', { range: { start: position, end: position } }],
        ['balancerLens/schedule', { uri, balancer: 'balancer://a' }],
      ] as [string, object][]) {
        const result = await session.connection.sendRequest(method, { textDocument: { uri }, ...params }).catch((error: unknown) => error);
        assert.ok(
          result === null || (Array.isArray(result) && result.length === 0) || result instanceof ResponseError,
          `${method} on ${uri}: ${JSON.stringify(result)}`,
        );
      }
    }
    // The same URI opened again after a close is a new document.
    const published = session.nextDiagnostics(closed);
    session.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: closed,
        languageId: 'apacheconf',
        version: 1,
        text: '<Proxy balancer://x>\nBalancerMember http://b loadfactor=0\n</Proxy>\n',
      },
    });
    const reopened = await published;
    assert.ok(
      reopened.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'),
      JSON.stringify(reopened),
    );
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: closed } });
    await assertServing();
  });

  it('survives cancelled requests ($/cancelRequest) and keeps serving', async () => {
    const uri = 'file:///tmp/balancer-lens-resilience/cancel.conf';
    const members = Array.from(
      { length: 3000 },
      (_, i) => `    BalancerMember http://10.0.${i >> 8}.${i & 255}:8080 loadfactor=${(i % 100) + 1}`,
    );
    const text = `<Proxy balancer://big>\n${members.join('\n')}\n</Proxy>\nProxyPass / balancer://big/\nProxyPassReverse / balancer://big/\n`;
    session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'apacheconf', version: 1, text } });
    await session.diagnostics(uri, 1);
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const source = new CancellationTokenSource();
      const method = [
        'textDocument/hover',
        'textDocument/documentSymbol',
        'textDocument/inlayHint',
        'textDocument/codeLens',
        'textDocument/completion',
      ][i % 5]!;
      const params = {
        textDocument: { uri },
        position: { line: i % 40, character: 10 },
        range: { start: { line: 0, character: 0 }, end: { line: 3003, character: 0 } },
      };
      pending.push(session.connection.sendRequest(method, params, source.token).catch((error: unknown) => error));
      if (i % 2 === 0) source.cancel();
      else setTimeout(() => source.cancel(), i % 7);
    }
    const outcomes = await Promise.all(pending);
    for (const outcome of outcomes) {
      // Answered, or refused as cancelled (-32800): never left hanging, never anything else.
      if (outcome instanceof ResponseError) assert.equal(outcome.code, -32800, outcome.message);
    }
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await assertServing();
  });

  it('reads junk from workspace/configuration without failing, and says so in the log', async () => {
    const uri = 'file:///tmp/balancer-lens-resilience/settings.conf';
    session.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'apacheconf',
        version: 1,
        text: '<Proxy balancer://x>\nBalancerMember http://b loadfactor=0\n</Proxy>\n',
      },
    });
    await session.diagnostics(uri, 1);
    const junk: (() => unknown)[] = [
      () => null,
      () => 42,
      () => 'balancerLens',
      () => [],
      () => [null],
      () => [[1, 2]],
      () => [{ rules: 5 }],
      () => [{ rules: [1, 2] }],
      () => [
        {
          rules: { 'zero-loadfactor': 7, 'no-such-rule': 'error', ['__proto__']: 'x', constructor: 'off' },
          preview: { picks: 'many' },
          inlayHints: [],
        },
      ],
      () => [{ rules: { 'zero-loadfactor': { severity: 'off' } }, preview: null, inlayHints: { enabled: 'yes' } }],
      () => [{ preview: { picks: 1e308 }, inlayHints: { enabled: null } }],
      () => [{ preview: { picks: -1 } }],
      () => [JSON.parse('{"__proto__": {"polluted": true}, "rules": {"__proto__": "off"}}')],
      () => [{ rules: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`rule-${i}`, 'off'])) }],
      () => [{ limits: 7 }],
      () => [{ limits: { maxSize: -1, maxIncludes: 1.5, maxDirectoryDepth: 'deep' } }],
      () => [{ limits: { maxSize: 1e308, maxIncludes: -3 } }],
      () => {
        throw new ResponseError(-32603, 'the client could not read its settings');
      },
      () => [{ rules: { 'zero-loadfactor': 'off' } }],
    ];
    for (const answer of junk) {
      session.configuration = answer;
      const asked = session.configurationAsked();
      session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await asked;
      await assertServing();
    }
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    const last = session.nextDiagnostics(uri);
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: '<Proxy balancer://x>\nBalancerMember http://b loadfactor=0\n</Proxy>\n' }],
    });
    const quiet = await last;
    assert.ok(
      !quiet.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'),
      'the last (valid) settings turn zero-loadfactor off',
    );
    for (const setting of ['rules', 'limits', 'limits.maxSize', 'limits.maxIncludes', 'limits.maxDirectoryDepth']) {
      assert.ok(
        session.logs.some((message) => message.includes(`balancerLens.${setting}:`)),
        `malformed ${setting} is reported in the log:\n${session.logs.join('\n')}`,
      );
    }
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('gives a document over the size limit one message instead of an analysis, until balancerLens.limits.maxSize allows it', async () => {
    const uri = 'file:///tmp/balancer-lens-resilience/huge.conf';
    const members = Array.from(
      { length: 50_000 },
      (_, i) => `    BalancerMember "http://backend-${i}.example.com:8080" loadfactor=${i === 0 ? 0 : 1}\n`,
    );
    const text = `<Proxy "balancer://big">\n${members.join('')}</Proxy>\nProxyPass "/big/" "balancer://big/"\nProxyPassReverse "/big" "balancer://big/"\n`;
    session.configuration = () => [{}];
    const asked = session.configurationAsked();
    session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await asked;
    // That no analysis is even begun is counted in fast-lane-bounds.test.ts (an analysis allowed no work).
    session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'apacheconf', version: 1, text } });
    const refused = await session.diagnostics(uri, 1);
    assert.deepEqual(
      refused.diagnostics.map((diagnostic) => [diagnostic.range.start, diagnostic.severity, diagnostic.code, diagnostic.message]),
      [
        [
          { line: 0, character: 0 },
          2,
          undefined,
          'this file is 3.4 MB, more than the 2.0 MB balancer-lens analyses in the editor, so it is not analysed: raise balancerLens.limits.maxSize, or lint it with balancer-lens lint',
        ],
      ],
    );
    const textDocument = { uri };
    assert.equal(await session.connection.sendRequest('textDocument/hover', { textDocument, position: { line: 0, character: 10 } }), null);
    assert.deepEqual(await session.connection.sendRequest('textDocument/documentSymbol', { textDocument }), []);
    session.configuration = () => [{ limits: { maxSize: 4 } }];
    const analysed = session.nextDiagnostics(uri);
    session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const all = await analysed;
    assert.deepEqual(
      all.diagnostics.map((diagnostic) => diagnostic.code),
      ['zero-loadfactor'],
    );
    session.configuration = () => [{}];
    session.connection.sendNotification('textDocument/didClose', { textDocument });
    await assertServing();
  });

  it('logs a failing handler to the client log and answers with a fallback', async () => {
    const uri = 'file:///tmp/balancer-lens-resilience/failing.conf';
    session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'apacheconf', version: 1, text: '<Proxy balancer://x>\nBalancerMember http://b\n</Proxy>\n' },
    });
    await session.diagnostics(uri, 1);
    const before = session.logs.length;
    assert.equal(await session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: null }), null);
    assert.ok(
      session.logs.slice(before).some((message) => message.includes('hover failed')),
      session.logs.slice(before).join('\n'),
    );
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await assertServing();
  });
});
