/**
 * Calm diagnostics: a typing session replayed over the protocol, keystroke by keystroke. The server
 * publishes once typing pauses, and holds back what is only unfinished on the line being typed
 * until typing pauses for longer, the cursor leaves, or the file is saved. Every wait is on a
 * notification; the only clock is the server's own pause.
 */
import assert from 'node:assert/strict';
import type { Diagnostic, Position, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { Session, startSession } from '../../support/lsp-session';

const URI = 'file:///tmp/balancer-lens-typing/typed.conf';

/** One keystroke per character, as an editor sends them: an incremental change at the end of the text. */
class Typist {
  version = 1;
  text = '';
  constructor(private readonly session: Session) {
    session.open(URI, '', this.version);
  }

  /** Types `chunk` one character per didChange, with nothing in between; resolves with the version reached. */
  type(chunk: string): number {
    for (const character of chunk) {
      const at = this.end();
      this.text += character;
      this.version++;
      this.session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: URI, version: this.version },
        contentChanges: [{ range: { start: at, end: at }, text: character }],
      });
    }
    return this.version;
  }

  end(): Position {
    const lines = this.text.split('\n');
    return { line: lines.length - 1, character: lines.at(-1)!.length };
  }
}

/** The publications of one version, in order. */
function publicationsOf(session: Session, version: number): PublishDiagnosticsParams[] {
  return session.published.filter((params) => params.uri === URI && params.version === version);
}

/** Resolves with the `count`-th publication of `version`. */
async function publication(session: Session, version: number, count: number): Promise<PublishDiagnosticsParams> {
  while (publicationsOf(session, version).length < count) await session.nextDiagnostics(URI);
  return publicationsOf(session, version)[count - 1]!;
}

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => `${String(diagnostic.code)}@${diagnostic.range.start.line}`).sort();
}

describe('calm diagnostics while typing', function () {
  this.timeout(30_000);
  let session: Session;
  afterEach(() => session.stop());

  it('publishes once typing pauses, holding back what is unfinished where the cursor is', async () => {
    session = await startSession({ pullSettings: true, configuration: () => ({ diagnostics: { delay: 200 } }) });
    await session.configurationAsked();
    const typist = new Typist(session);
    assert.deepEqual((await session.diagnostics(URI, 1)).diagnostics, [], 'an empty document is published on open');

    // "<Proxy …" never closed and "BalancerMem" half typed: held back at the pause, shown after the longer one.
    const half = typist.type('<Proxy "balancer://app">\n    BalancerMem');
    assert.deepEqual(codes((await publication(session, half, 1)).diagnostics), []);
    // A settings change re-publishes every document, and still holds back what is being typed (VS Code sends them at start-up).
    session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    assert.deepEqual(codes((await publication(session, half, 2)).diagnostics), []);
    assert.deepEqual(codes((await publication(session, half, 3)).diagnostics), ['section-mismatch@0', 'unknown-directive@1']);

    // The cursor leaves the line of "lbmethod=b" (a code-action request elsewhere): the lbmethod shows,
    // while the section it is still inside stays held.
    const lbmethod = typist.type('ber "http://10.0.0.1:8080"\n    ProxySet lbmethod=b');
    assert.deepEqual(codes((await publication(session, lbmethod, 1)).diagnostics), []);
    await session.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: { start: { line: 1, character: 4 }, end: { line: 1, character: 4 } },
      context: { diagnostics: [] },
    });
    assert.deepEqual(codes((await publication(session, lbmethod, 2)).diagnostics), ['unknown-lbmethod@2']);

    // Finished: nothing to hold, nothing to report; a save publishes at once.
    const done = typist.type('yrequests\n</Proxy>\nProxyPass "/app/" "balancer://app/"\nProxyPassReverse "/app" "balancer://app/"\n');
    assert.deepEqual(codes((await publication(session, done, 1)).diagnostics), []);
    session.connection.sendNotification('textDocument/didSave', { textDocument: { uri: URI } });
    assert.deepEqual(codes((await publication(session, done, 2)).diagnostics), []);
    for (const version of [half, lbmethod, done])
      assert.ok(
        publicationsOf(session, version - 1).length === 0,
        `version ${version - 1}, typed just before a pause, was never published on its own`,
      );
  });

  it('offers no code action for a finding held back, so no lightbulb offers only "Disable…"', async () => {
    session = await startSession({ pullSettings: true, configuration: () => ({ diagnostics: { delay: 200 } }) });
    await session.configurationAsked();
    const typist = new Typist(session);
    await session.diagnostics(URI, 1);
    const half = typist.type('BalancerMem');
    const actionsAt = async (line: number, character: number): Promise<string[]> => {
      const actions: { title: string }[] = await session.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: URI },
        range: { start: { line, character }, end: { line, character } },
        context: { diagnostics: [] },
      });
      return actions.map((action) => action.title);
    };
    assert.deepEqual(await actionsAt(0, 11), [], 'asked before the pause');
    assert.deepEqual(codes((await publication(session, half, 1)).diagnostics), []);
    assert.deepEqual(await actionsAt(0, 11), [], 'asked once the pause held it back');
    assert.deepEqual(codes((await publication(session, half, 2)).diagnostics), ['unknown-directive@0']);
    assert.ok((await actionsAt(0, 11)).includes('Disable unknown-directive for this line'), 'shown: its actions follow');
  });

  it('analyses a burst of keystrokes once, for its last version', async () => {
    session = await startSession({ pullSettings: true, configuration: () => ({ diagnostics: { delay: 1000 } }) });
    await session.configurationAsked();
    const typist = new Typist(session);
    await session.diagnostics(URI, 1);
    const last = typist.type('<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n</Proxy>\n');
    const published = await publication(session, last, 1);
    assert.deepEqual(codes(published.diagnostics), ['zero-loadfactor@1']);
    assert.deepEqual(
      session.published.map((params) => params.version),
      [1, last],
      `${last - 1} keystrokes within the pause were published once`,
    );
  });

  it('publishes every change at once with a delay of 0, holding nothing back', async () => {
    session = await startSession({ pullSettings: true, configuration: () => ({ diagnostics: { delay: 0 } }) });
    await session.configurationAsked();
    const typist = new Typist(session);
    await session.diagnostics(URI, 1);
    const version = typist.type('BalancerMem');
    assert.deepEqual(codes((await publication(session, version, 1)).diagnostics), ['unknown-directive@0']);
  });
});

describe('calm inlay hints and code lenses while typing', function () {
  this.timeout(30_000);
  let session: Session;
  afterEach(() => session.stop());

  const CALM = [
    '<Proxy "balancer://app">',
    '    BalancerMember "http://10.0.0.1:8080" loadfactor=3',
    '    BalancerMember "http://10.0.0.2:8080"',
    '    ProxySet ',
    '</Proxy>',
    'ProxyPass "/app/" "balancer://app/"',
    'ProxyPassReverse "/app" "balancer://app/"',
    '',
  ].join('\n');
  const WHOLE = { start: { line: 0, character: 0 }, end: { line: 8, character: 0 } };

  let version = 1;
  /** Types `chunk` one character per didChange at `at` (which moves along). */
  function typeAt(at: Position, chunk: string): number {
    for (const character of chunk) {
      version++;
      session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: URI, version },
        contentChanges: [{ range: { start: at, end: at }, text: character }],
      });
      at = { line: at.line, character: at.character + 1 };
    }
    return version;
  }
  async function hints(): Promise<string[]> {
    const answer: { label: string }[] = await session.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri: URI },
      range: WHOLE,
    });
    return answer.map((hint) => hint.label);
  }
  async function lenses(): Promise<string[]> {
    const answer: { command?: { title: string } }[] = await session.connection.sendRequest('textDocument/codeLens', {
      textDocument: { uri: URI },
    });
    return answer.map((lens) => lens.command?.title ?? '');
  }

  it('keeps the last calm schedule while a refusal is held back at the cursor, and follows the diagnostics once it shows', async () => {
    session = await startSession({ pullSettings: true, refreshViews: true, configuration: () => ({ diagnostics: { delay: 200 } }) });
    await session.configurationAsked();
    version = 1;
    session.open(URI, CALM, version);
    await session.diagnostics(URI, 1);
    const calmHints = await hints();
    const calmLenses = await lenses();
    assert.deepEqual(calmHints, ['≈ 75.0%', '≈ 25.0%']);
    assert.match(calmLenses[0]!, /^2 members · cycle 4 · /);

    // "lbmethod=b": Apache refuses the balancer, but the word is still being typed.
    const typed = typeAt({ line: 3, character: 13 }, 'lbmethod=b');
    assert.deepEqual(await hints(), calmHints, 'hints asked right after the keystrokes keep the calm schedule');
    assert.deepEqual(await lenses(), calmLenses);
    assert.deepEqual(codes((await publication(session, typed, 1)).diagnostics), []);
    assert.deepEqual(await hints(), calmHints, 'held back at the pause: the hints too');
    assert.deepEqual(await lenses(), calmLenses);

    // After the longer pause the refusal shows, the views are asked to refresh, and they say it.
    const before = session.refreshes.length;
    assert.deepEqual(codes((await publication(session, typed, 2)).diagnostics), ['unknown-lbmethod@3']);
    while (session.refreshes.length < before + 2) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(session.refreshes.slice(before).sort(), ['workspace/codeLens/refresh', 'workspace/inlayHint/refresh']);
    assert.deepEqual(await hints(), ['no schedule: balancer refused', 'no schedule: balancer refused']);
    assert.match((await lenses())[0]!, /Apache refuses this balancer/);
  });

  it('keeps each member where it is when a parameter is half typed on its line', async () => {
    session = await startSession({ pullSettings: true, configuration: () => ({ diagnostics: { delay: 200 } }) });
    await session.configurationAsked();
    version = 1;
    session.open(URI, CALM, version);
    await session.diagnostics(URI, 1);
    const calmHints = await hints();
    const typed = typeAt({ line: 2, character: 41 }, ' loadf');
    assert.deepEqual(await hints(), calmHints);
    const answer: { position: Position }[] = await session.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri: URI },
      range: WHOLE,
    });
    assert.deepEqual(
      answer.map((hint) => hint.position),
      [
        { line: 1, character: 54 },
        { line: 2, character: 47 },
      ],
      'the hint of the member being typed follows its line end',
    );
    assert.deepEqual(codes((await publication(session, typed, 1)).diagnostics), []);
  });
});
