/**
 * The editor's size limit bounds the workspace as a whole, not only each file: a workspace of many
 * large configurations must not hold back a small file's first diagnostics (40 files of 2 MB took
 * 25 s before the first answer).
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSession } from '../../support/lsp-session';
import { tempDir } from '../../support/temp';

const SMALL = '<Proxy balancer://small>\nBalancerMember http://a loadfactor=0\n</Proxy>\nProxyPass / balancer://small/\n';

/** A configuration of about 0.9 MB: one balancer per file, many members. */
function large(index: number): string {
  const lines = [`<Proxy balancer://big${index}>`];
  for (let member = 0; member < 26_000; member++) lines.push(`BalancerMember http://10.${index}.${member >> 8}.${member & 255}`);
  lines.push('</Proxy>', `ProxyPass /${index}/ balancer://big${index}/`, '');
  return lines.join('\n');
}

/** The first diagnostics of the small file in `root` (their codes), and the server's log. */
async function firstDiagnostics(root: string): Promise<{ logs: readonly string[]; codes: string[] }> {
  const session = await startSession({
    root: pathToFileURL(root).toString(),
    folders: true,
    pullSettings: true,
    configuration: () => ({}),
  });
  try {
    await session.configurationAsked();
    const uri = pathToFileURL(join(root, 'small', 'small.conf')).toString();
    session.open(uri, SMALL);
    const published = await session.diagnostics(uri, 1);
    return {
      logs: session.logs,
      codes: published.diagnostics.map((diagnostic) => String(diagnostic.code)),
    };
  } finally {
    session.stop();
  }
}

describe('editor: the workspace as a whole is bounded', function () {
  this.timeout(120_000);

  it('a small file beside 20 files of 0.9 MB waits for at most the size limit of them', async () => {
    const alone = tempDir('balancer-lens-workspace-alone-');
    mkdirSync(join(alone, 'small'));
    writeFileSync(join(alone, 'small', 'small.conf'), SMALL);
    const crowded = tempDir('balancer-lens-workspace-crowded-');
    mkdirSync(join(crowded, 'small'));
    writeFileSync(join(crowded, 'small', 'small.conf'), SMALL);
    mkdirSync(join(crowded, 'big'));
    for (let index = 0; index < 20; index++) writeFileSync(join(crowded, 'big', `big${index}.conf`), large(index));

    const quiet = await firstDiagnostics(alone);
    const busy = await firstDiagnostics(crowded);
    assert.deepEqual(busy.codes, quiet.codes);
    assert.ok(busy.codes.includes('zero-loadfactor'), busy.codes.join(' '));
    // At most the size limit of them (2 MB: two files) is analysed, where all 18 MB took 36–58 s here:
    // counted by the server, which says how many it leaves until they are opened.
    assert.ok(
      busy.logs.some((line) =>
        /the workspace's configuration files hold more than 2\.0 MB in all: 18 of them are analysed only when opened/.test(line),
      ),
      busy.logs.join('\n'),
    );
  });
});

describe('editor: a document waits only for its own configuration', function () {
  this.timeout(120_000);

  it('a small file is answered, and hovered, before the large configurations beside it are analysed', async () => {
    const root = tempDir('balancer-lens-workspace-order-');
    mkdirSync(join(root, 'small'));
    mkdirSync(join(root, 'big'));
    for (let index = 0; index < 2; index++) writeFileSync(join(root, 'big', `big${index}.conf`), large(index));
    // The small file also routes to a balancer whose members are in a large configuration: until
    // that one is analysed, the small file's configuration alone calls it empty.
    const text = `${SMALL}ProxyPass /b/ balancer://big0/\n`;
    writeFileSync(join(root, 'small', 'small.conf'), text);
    const session = await startSession({
      root: pathToFileURL(root).toString(),
      folders: true,
      pullSettings: true,
      configuration: () => ({}),
    });
    try {
      await session.configurationAsked();
      const background = (): boolean =>
        session.logs.some((line) => /configurations of the workspace analysed in the background/.test(line));
      const uri = pathToFileURL(join(root, 'small', 'small.conf')).toString();
      session.open(uri, text);
      const hovered = session.connection
        .sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 12 } })
        .then((hover) => ({ hover, background: background() }));
      const first = await session.diagnostics(uri, 1);
      const firstBeforeBackground = !background();
      const { hover, background: hoverAfterBackground } = await hovered;
      assert.ok(String(JSON.stringify(hover)).includes('//small**'), JSON.stringify(hover));
      assert.ok(
        first.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'),
        JSON.stringify(first.diagnostics),
      );
      // Events, not a clock: the answers came before the log line that says the rest was analysed.
      assert.ok(firstBeforeBackground, `the first diagnostics came after the workspace was analysed:\n${session.logs.join('\n')}`);
      assert.ok(!hoverAfterBackground, 'the hover was answered after the workspace was analysed');
      // Then the whole workspace settles what only it knows, and the file is published again.
      let latest = first;
      while (latest.diagnostics.some((diagnostic) => diagnostic.code === 'empty-balancer')) latest = await session.nextDiagnostics(uri);
      assert.ok(background(), session.logs.join('\n'));
    } finally {
      session.stop();
    }
  });
});
