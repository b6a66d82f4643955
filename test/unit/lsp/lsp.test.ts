import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PublishDiagnosticsNotification, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { Session, startSession } from '../../support/lsp-session';
import { tempDir } from '../../support/temp';

const URI = 'file:///tmp/balancer-lens-test/shop.conf';
const TEXT = [
  '<Proxy "balancer://shop">',
  '    BalancerMember "http://10.0.0.1:8080" loadfactor=70',
  '    BalancerMember "http://10.0.0.2:8080" loadfactor=30',
  '    BalancerMember "http://10.0.0.3:8080" status=+H',
  '</Proxy>',
  'ProxyPass "/shop/" "balancer://shop/"',
  '<Proxy "balancer://api">',
  '    BalancerMember "http://10.0.1.1:9000" loadfactor=0',
  '</Proxy>',
  'ProxyPass "/api/" "balancer://api/"',
  'ProxyPassReverse "/shop" "balancer://shop/"',
  'ProxyPassReverse "/api" "balancer://api/"',
  '',
].join('\n');

function open(session: Session, text = TEXT, uri = URI): void {
  session.open(uri, text);
}

/** Resolves once `condition` holds, checking every 20 ms: no deadline of its own (mocha's time-out is the safety net). */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The 0-based position of the first occurrence of `needle` (plus `shift` characters). */
function positionOf(needle: string, shift = 0, text = TEXT): { line: number; character: number } {
  const offset = text.indexOf(needle) + shift;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

describe('language server over stdio', function () {
  this.timeout(20_000);
  let session: Session;

  beforeEach(async () => {
    session = await startSession();
  });
  afterEach(() => {
    session.stop();
  });

  it('publishes diagnostics for the opened version, with rule codes and documentation links', async () => {
    open(session);
    const published = await session.diagnostics(URI, 1);
    const zero = published.diagnostics.find((diagnostic) => diagnostic.code === 'zero-loadfactor');
    assert.ok(zero, JSON.stringify(published.diagnostics));
    assert.equal(zero.severity, 1);
    assert.deepEqual(zero.range.start, positionOf('loadfactor=0', 'loadfactor='.length));
    assert.match(zero.codeDescription!.href, /\/docs\/rules\/zero-loadfactor\.md$/);
    // The hover shows the message, then Apache's own words on a line of their own.
    const [message, apache, ...more] = String(zero.message).split('\n');
    assert.match(message!, /^loadfactor "0" is out of range 1–100/);
    assert.equal(apache, 'Apache: BalancerMember LoadFactor must be a number between 1..100');
    assert.deepEqual(more, []);
  });

  it('re-publishes for each edit version under incremental sync, and clears on close', async () => {
    open(session);
    await session.diagnostics(URI, 1);
    const at = positionOf('loadfactor=0', 'loadfactor='.length);
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: '5' }],
    });
    const fixed = await session.diagnostics(URI, 2);
    assert.ok(!fixed.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'));
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
    const cleared = await new Promise<PublishDiagnosticsParams>((resolve) =>
      session.connection.onNotification(PublishDiagnosticsNotification.type, resolve),
    );
    assert.deepEqual(cleared.diagnostics, []);
  });

  it('analyses a burst of edits once, for its last version', async () => {
    // 40 keystrokes sent at once into a 2,000-balancer file: each analysis takes long enough that
    // the later ones are waiting, and must not be analysed one by one.
    const blocks = Array.from(
      { length: 2000 },
      (_, i) =>
        `<Proxy "balancer://b${i}">\n    BalancerMember "http://10.0.${i >> 8}.${i & 255}:8080" loadfactor=5\n</Proxy>\nProxyPass "/b${i}/" "balancer://b${i}/"\nProxyPassReverse "/b${i}" "balancer://b${i}/"\n`,
    );
    const text = `${TEXT}${blocks.join('')}`;
    open(session, text);
    await session.diagnostics(URI, 1);
    const versions: number[] = [];
    const last = new Promise<PublishDiagnosticsParams>((resolve) =>
      session.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
        versions.push(params.version!);
        if (params.version === 41) resolve(params);
      }),
    );
    const at = positionOf('loadfactor=0', 'loadfactor='.length, text);
    for (let version = 2; version <= 41; version++) {
      session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: URI, version },
        contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: String(version % 2) }],
      });
    }
    const final = await last;
    // Version 41 sets the loadfactor to 1: no zero-loadfactor finding.
    assert.ok(!final.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'));
    assert.ok(versions.length <= 10, `40 edits published ${versions.length} times (${versions.join(', ')})`);
  });

  it('hovers a balancer with its shares and picks', async () => {
    open(session);
    await session.diagnostics(URI, 1);
    const result = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: positionOf('balancer://shop', 3),
    })) as { contents: { value: string } };
    assert.match(result.contents.value, /70\.0%/);
    assert.match(result.contents.value, /30\.0%/);
    assert.match(result.contents.value, /a b a a a b a a b a/);
    assert.match(result.contents.value, /standby \(idle\)/);
  });

  it('hovers a loadfactor value with how Apache stores it', async () => {
    const text = '<Proxy balancer://x>\nBalancerMember http://a loadfactor=1.15\n</Proxy>\n';
    open(session, text);
    await session.diagnostics(URI, 1);
    const result = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: positionOf('1.15', 1, text),
    })) as { contents: { value: string } };
    assert.match(result.contents.value, /as 1\.14 \(stored as 114\)/);
  });

  it('hovers a Use line with the macro expansion', async () => {
    const text = '<Macro Pool $name $a>\n<Proxy balancer://$name>\nBalancerMember http://$a\n</Proxy>\n</Macro>\nUse Pool web 10.0.0.9\n';
    open(session, text);
    await session.diagnostics(URI, 1);
    const result = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: positionOf('Use', 1, text),
    })) as { contents: { value: string }; range: { start: { line: number } } };
    assert.match(result.contents.value, /^\*\*Use pool\*\* · macro defined on line 1 · 3 lines/);
    assert.ok(result.contents.value.includes('```apache\n<Proxy balancer://web>\nBalancerMember http://10.0.0.9\n</Proxy>\n```'));
    assert.equal(result.range.start.line, 5);
  });

  it('gives inlay hints and code lenses', async () => {
    open(session);
    await session.diagnostics(URI, 1);
    const hints = (await session.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } },
    })) as { label: string }[];
    assert.deepEqual(
      hints.slice(0, 3).map((hint) => hint.label),
      ['≈ 70.0%', '≈ 30.0%', 'standby (idle)'],
    );
    const lenses = (await session.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } })) as {
      command: { title: string; arguments: unknown[] };
    }[];
    assert.equal(lenses[0]!.command.title, '3 members · cycle 10 · a b a a a b a a b a');
    assert.deepEqual(lenses[0]!.command.arguments, [URI, 'balancer://shop']);
  });

  it('gives no code lenses when balancerLens.codeLens.enabled is false', async () => {
    session.stop();
    session = await startSession({ pullSettings: true, configuration: () => ({ codeLens: { enabled: false } }) });
    await session.configurationAsked();
    open(session);
    await session.diagnostics(URI, 1);
    assert.deepEqual(await session.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } }), []);
  });

  it('offers the fixes of a diagnostic and suppression comments as code actions', async () => {
    open(session);
    const published = await session.diagnostics(URI, 1);
    const zero = published.diagnostics.find((diagnostic) => diagnostic.code === 'zero-loadfactor')!;
    const actions = (await session.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: zero.range,
      context: { diagnostics: [zero] },
    })) as { title: string }[];
    const titles = actions.map((action) => action.title);
    for (const title of [
      'Set loadfactor=1',
      'Replace with status=+D (disabled)',
      'Disable zero-loadfactor for this line',
      'Disable zero-loadfactor in this file',
    ])
      assert.ok(titles.includes(title), titles.join(', '));
  });

  it('completes parameter keys, status letters and balancer names', async () => {
    const text = '<Proxy balancer://shop>\nBalancerMember http://a \nBalancerMember http://b status=\n</Proxy>\nProxyPass / balancer://\n';
    open(session, text);
    await session.diagnostics(URI, 1);
    const labels = async (needle: string, shift: number) =>
      (
        (await session.connection.sendRequest('textDocument/completion', {
          textDocument: { uri: URI },
          position: positionOf(needle, shift, text),
        })) as { label: string }[]
      ).map((item) => item.label);
    assert.ok((await labels('http://a ', 9)).includes('loadfactor='));
    const members = (await session.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: URI },
      position: positionOf('http://a ', 9, text),
    })) as { label: string; sortText: string }[];
    const sorted = members.sort((a, b) => a.sortText.localeCompare(b.sortText)).map((item) => item.label);
    assert.deepEqual(
      sorted.slice(0, 5),
      ['loadfactor=', 'route=', 'status=', 'lbset=', 'retry='],
      'as a client sorts them: the common keys first',
    );
    assert.ok((await labels('status=', 7)).includes('+H'));
    assert.deepEqual(await labels('/ balancer://', 13), ['shop']);
  });

  it('renames a balancer everywhere, case-insensitively', async () => {
    const text =
      '<Proxy balancer://Shop>\nBalancerMember http://a\n</Proxy>\nProxyPass / balancer://shop/\n# balancer://shop in a comment stays\n';
    open(session, text);
    await session.diagnostics(URI, 1);
    const edit = (await session.connection.sendRequest('textDocument/rename', {
      textDocument: { uri: URI },
      position: positionOf('balancer://shop/', 12, text),
      newName: 'store',
    })) as { changes: Record<string, { newText: string }[]> };
    assert.equal(edit.changes[URI]!.length, 2);
  });

  it('answers the schedule request with the JSON report', async () => {
    open(session);
    await session.diagnostics(URI, 1);
    const report = (await session.connection.sendRequest('balancerLens/schedule', { uri: URI, balancer: 'balancer://shop' })) as {
      cycleLength: number;
      picks: string[];
    };
    assert.equal(report.cycleLength, 10);
    assert.equal(report.picks.length, 10);
  });

  it('answers a what-if: members taken down or brought back, with the lbstatus steps of a short cycle', async () => {
    open(session);
    await session.diagnostics(URI, 1);
    type Answer = {
      members: { url: string; share: number; reason: string | null }[];
      whatIf: { url: string; action: string }[];
      steps: { candidates: string[]; rows: { pick: string; lbstatus: number[] }[] } | null;
    };
    const ask = async (whatIf: unknown): Promise<Answer> =>
      (await session.connection.sendRequest('balancerLens/schedule', { uri: URI, balancer: 'balancer://shop', whatIf })) as Answer;
    const plain = await ask(undefined);
    assert.deepEqual(plain.steps?.rows[0], { pick: 'http://10.0.0.1:8080', lbstatus: [-3000, 3000] });
    assert.equal(plain.steps?.rows.length, 10);
    const down = await ask([{ url: 'http://10.0.0.1:8080', action: 'down' }, { url: 'http://nowhere', action: 'down' }, 'junk']);
    assert.deepEqual(down.whatIf, [{ url: 'http://10.0.0.1:8080', action: 'down' }]);
    assert.deepEqual(
      down.members.map((member) => [member.share, member.reason]),
      [
        [0, 'disabled'],
        [1, null],
        [0, 'standby-not-needed'],
      ],
    );
    const drained = await ask([{ url: 'http://10.0.0.2:8080', action: 'drain' }]);
    assert.deepEqual(
      drained.members.map((member) => [member.share, member.reason]),
      [
        [1, null],
        [0, 'draining'],
        [0, 'standby-not-needed'],
      ],
    );
    const off = 'file:///tmp/balancer-lens-test/off.conf';
    open(session, '<Proxy balancer://off>\nBalancerMember http://a status=+D\nBalancerMember http://b status=+SH\n</Proxy>\n', off);
    await session.diagnostics(off, 1);
    const up = (await session.connection.sendRequest('balancerLens/schedule', {
      uri: off,
      balancer: 'balancer://off',
      whatIf: [{ url: 'http://b', action: 'up' }],
    })) as Answer;
    assert.deepEqual(
      up.members.map((member) => [member.share, member.reason]),
      [
        [0, 'disabled'],
        [1, null],
      ],
      'b re-enabled: no longer stopped, and a hot standby serves when nothing else can',
    );
  });

  it('answers the diff request: the document against an older text of it, as the markdown report', async () => {
    open(session);
    await session.diagnostics(URI, 1);
    const before = TEXT.replace('loadfactor=70', 'loadfactor=7');
    const answer = (await session.connection.sendRequest('balancerLens/diff', { uri: URI, before, label: 'HEAD' })) as {
      markdown: string;
      changed: boolean;
    } | null;
    assert.equal(answer?.changed, true);
    assert.match(answer!.markdown, /^### Balancer Lens: traffic changes\n\nHEAD → working copy\n/);
    assert.match(
      answer!.markdown,
      /\| a \| http\\:\/\/10\.0\.0\.1:8080 \| `██········` \| `███████···` \| 18\.9% → 70\.0% \(\+51\.1\) \| loadfactor 7 → 70 \|/,
    );
    const same = (await session.connection.sendRequest('balancerLens/diff', { uri: URI, before: TEXT })) as { changed: boolean };
    assert.equal(same.changed, false);
    assert.equal(await session.connection.sendRequest('balancerLens/diff', { uri: URI, before: 42 }), null);
  });

  it('logs a failing handler through the connection and keeps serving', async () => {
    open(session);
    await session.diagnostics(URI, 1);
    assert.equal(await session.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: null }), null);
    assert.ok(
      session.logs.some((message) => message.includes('hover failed')),
      session.logs.join('\n'),
    );
    const result = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: positionOf('balancer://shop', 3),
    })) as { contents: { value: string } } | null;
    assert.match(result!.contents.value, /70\.0%/);
  });

  it('keeps serving after requests for unknown documents and out-of-range positions', async () => {
    assert.equal(
      await session.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: 'file:///nowhere.conf' },
        position: { line: 0, character: 0 },
      }),
      null,
    );
    open(session);
    await session.diagnostics(URI, 1);
    assert.equal(
      await session.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 9999, character: 9999 } }),
      null,
    );
    const result = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: positionOf('balancer://shop', 3),
    })) as { contents: { value: string } } | null;
    assert.ok(result);
  });
});

describe('language server over Node.js IPC, as the VS Code extension starts it', function () {
  this.timeout(20_000);

  it('publishes, answers and shuts down as over stdio', async () => {
    const answers = async (session: Session): Promise<unknown[]> => {
      open(session);
      const published = await session.diagnostics(URI, 1);
      const hover = await session.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: URI },
        position: positionOf('balancer://shop', 3),
      });
      const nothing = await session.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 9999, character: 0 },
      });
      await session.shutdown();
      return [published, hover, nothing, await session.exited];
    };
    const overIpc = await answers(await startSession({ transport: 'node-ipc' }));
    const overStdio = await answers(await startSession());
    assert.deepEqual(overIpc, overStdio);
    const [published, hover, nothing, exitCode] = overIpc as [PublishDiagnosticsParams, { contents: { value: string } }, null, number];
    assert.ok(
      published.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor' && String(diagnostic.message).includes('1–100')),
    );
    assert.match(hover.contents.value, /a b a a a b a a b a/);
    assert.equal(nothing, null);
    assert.equal(exitCode, 0);
  });
});

describe('language server across included files', function () {
  this.timeout(20_000);
  let session: Session;
  let root: string;

  beforeEach(async () => {
    root = tempDir('balancer-lens-lsp-');
    mkdirSync(join(root, 'conf-enabled'));
    mkdirSync(join(root, 'sites-enabled'));
    writeFileSync(join(root, 'apache2.conf'), 'IncludeOptional conf-enabled/*.conf\nIncludeOptional sites-enabled/*.conf\n');
    writeFileSync(
      join(root, 'conf-enabled', 'balancers.conf'),
      '<Proxy balancer://app>\nBalancerMember http://a loadfactor=3\nBalancerMember http://b\n</Proxy>\n',
    );
    writeFileSync(
      join(root, 'sites-enabled', 'site.conf'),
      '<VirtualHost *:80>\nProxyPass / balancer://app/\nProxyPassReverse / balancer://app/\n</VirtualHost>\n',
    );
    session = await startSession({ root: pathToFileURL(root).toString() });
  });
  afterEach(() => {
    session.stop();
  });

  it('hovers a balancer used in one file and defined in another, and goes to its definition', async () => {
    const site = pathToFileURL(join(root, 'sites-enabled', 'site.conf')).toString();
    const text = '<VirtualHost *:80>\nProxyPass / balancer://app/\nProxyPassReverse / balancer://app/\n</VirtualHost>\n';
    open(session, text, site);
    const published = await session.diagnostics(site, 1);
    assert.deepEqual(published.diagnostics, []);
    const result = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: site },
      position: positionOf('balancer://app', 12, text),
    })) as { contents: { value: string } };
    assert.match(result.contents.value, /75\.0%/);
    const locations = (await session.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: site },
      position: positionOf('balancer://app', 12, text),
    })) as { uri: string }[];
    assert.deepEqual(
      locations.map((location) => location.uri),
      [pathToFileURL(join(root, 'conf-enabled', 'balancers.conf')).toString()],
    );
  });

  it('reads a file that changed on disk again at the next edit, though no notification said so', async () => {
    const site = pathToFileURL(join(root, 'sites-enabled', 'site.conf')).toString();
    const text = '<VirtualHost *:80>\nProxyPass / balancer://app/\nProxyPassReverse / balancer://app/\n</VirtualHost>\n';
    const hover = async (): Promise<string> =>
      (
        (await session.connection.sendRequest('textDocument/hover', {
          textDocument: { uri: site },
          position: positionOf('balancer://app', 12, text),
        })) as { contents: { value: string } }
      ).contents.value;
    open(session, text, site);
    await session.diagnostics(site, 1);
    assert.match(await hover(), /75\.0%/);
    // Another program rewrites the balancers; the editor only sees the next keystroke in its own file.
    writeFileSync(
      join(root, 'conf-enabled', 'balancers.conf'),
      '<Proxy balancer://app>\nBalancerMember http://a\nBalancerMember http://b\n</Proxy>\n',
    );
    session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: site, version: 2 }, contentChanges: [{ text }] });
    await session.diagnostics(site, 2);
    assert.match(await hover(), /50\.0%/);
  });

  it('applies the nearest .balancerlens.json as the CLI does', async () => {
    writeFileSync(join(root, '.balancerlens.json'), JSON.stringify({ rules: { 'zero-loadfactor': 'off' } }));
    const file = pathToFileURL(join(root, 'conf-enabled', 'zero.conf')).toString();
    open(session, '<Proxy balancer://z>\nBalancerMember http://a loadfactor=0\n</Proxy>\n', file);
    const published = await session.diagnostics(file, 1);
    assert.ok(!published.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'), JSON.stringify(published.diagnostics));
  });

  it('logs a broken .balancerlens.json once, not on every edit, and uses the editor settings', async () => {
    mkdirSync(join(root, 'broken'), { recursive: true });
    writeFileSync(join(root, 'broken', '.balancerlens.json'), '{ "rules": ');
    const file = pathToFileURL(join(root, 'broken', 'zero.conf')).toString();
    const text = '<Proxy balancer://z>\nBalancerMember http://a loadfactor=0\n</Proxy>\n';
    open(session, text, file);
    assert.ok((await session.diagnostics(file, 1)).diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'));
    for (let version = 2; version <= 4; version++) {
      session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: file, version },
        contentChanges: [{ text: `# edit ${version}\n${text}` }],
      });
      await session.diagnostics(file, version);
    }
    assert.equal(session.logs.filter((message) => message.includes('using the editor settings')).length, 1, session.logs.join('\n'));
  });

  it('analyses a file on its own once the file that included it no longer reads it', async () => {
    const entry = pathToFileURL(join(root, 'apache2.conf')).toString();
    const members = pathToFileURL(join(root, 'conf-enabled', 'balancers.conf')).toString();
    const membersText = '# members\n<Proxy balancer://app>\nBalancerMember http://a loadfactor=0\n</Proxy>\n';
    open(session, 'IncludeOptional conf-enabled/*.conf\nIncludeOptional sites-enabled/*.conf\n', entry);
    open(session, membersText, members);
    const included = await session.diagnostics(members, 1);
    assert.deepEqual(
      included.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range.start.line]),
      [['zero-loadfactor', 2]],
    );
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: entry, version: 2 },
      contentChanges: [{ text: 'IncludeOptional sites-enabled/*.conf\n' }],
    });
    await session.diagnostics(entry, 2);
    const symbols = (await session.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: members } })) as {
      name: string;
      range: { start: { line: number } };
    }[];
    assert.deepEqual(
      symbols.map((symbol) => [symbol.name, symbol.range.start.line]),
      [['balancer://app', 1]],
    );
    const hover = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: members },
      position: positionOf('balancer://app', 3, membersText),
    })) as { contents: { value: string } } | null;
    assert.match(hover?.contents.value ?? '', /balancer\\:\/\/app/);
  });

  it('re-publishes the files of a configuration when one of them is closed unsaved: the disk text applies again', async () => {
    const members = pathToFileURL(join(root, 'conf-enabled', 'balancers.conf')).toString();
    const site = pathToFileURL(join(root, 'sites-enabled', 'site.conf')).toString();
    open(session, '<VirtualHost *:80>\nProxyPass / balancer://app/\nProxyPassReverse / balancer://app/\n</VirtualHost>\n', site);
    // The open buffer renames the balancer (unsaved): the site now routes to one without members.
    open(session, '<Proxy balancer://renamed>\nBalancerMember http://a\n</Proxy>\n', members);
    await session.diagnostics(members, 1);
    const forSite = (): PublishDiagnosticsParams[] => session.published.filter((params) => params.uri === site);
    await waitFor(
      () =>
        forSite()
          .at(-1)
          ?.diagnostics.some((diagnostic) => diagnostic.code === 'empty-balancer') ?? false,
    );
    session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: members } });
    await waitFor(() => forSite().at(-1)?.diagnostics.length === 0);
  });

  it('re-publishes the diagnostics of a file when a file of its configuration changes', async () => {
    const members = pathToFileURL(join(root, 'conf-enabled', 'balancers.conf')).toString();
    const site = pathToFileURL(join(root, 'sites-enabled', 'site.conf')).toString();
    const membersText = '<Proxy balancer://app>\nBalancerMember http://a loadfactor=3\nBalancerMember http://b\n</Proxy>\n';
    open(session, '<VirtualHost *:80>\nProxyPass / balancer://app/\nProxyPassReverse / balancer://app/\n</VirtualHost>\n', site);
    open(session, membersText, members);
    await session.diagnostics(members, 1);
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: members, version: 2 },
      contentChanges: [{ text: '<Proxy balancer://app>\nProxySet lbmethod=byrequests\n</Proxy>\n' }],
    });
    const emptied = await session.diagnostics(members, 2);
    assert.ok(
      emptied.diagnostics.some((diagnostic) => diagnostic.code === 'empty-balancer'),
      JSON.stringify(emptied.diagnostics),
    );
  });
});
