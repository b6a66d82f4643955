/**
 * The language server reassembles the workspace's set after an edit with `updateSet`, keeping the
 * analyses of configurations that read no changed file. Its diagnostics after an edit in one file,
 * and after a file changed on disk without a notification (found by the stat check), must be those
 * of a server started fresh on the same texts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { Session, startSession } from '../../support/lsp-session';
import { tempDir } from '../../support/temp';

const MEMBERS = '    BalancerMember http://10.0.0.1:8080\n    BalancerMember http://10.0.0.2:8080\n';

/**
 * Two configurations: apache2.conf with what it includes, and site/alone.conf on its own.
 * parts/bal.inc stays closed and is no workspace file (not *.conf): only its Include reads it.
 */
const FILES: Readonly<Record<string, string>> = {
  'apache2.conf': 'Include parts/bal.inc\nInclude parts/*.conf\n',
  'parts/bal.inc': `<Proxy balancer://x>\n${MEMBERS}</Proxy>\n`,
  'parts/use.conf': 'ProxyPass /x/ balancer://x/\nProxyPassReverse /x balancer://x/\n',
  'site/alone.conf': `<Proxy balancer://s>\n${MEMBERS}</Proxy>\nProxyPass /s/ balancer://s/\nProxyPassReverse /s balancer://s/\n`,
};
const OPEN = ['apache2.conf', 'parts/use.conf', 'site/alone.conf'];

function layOut(files: Readonly<Record<string, string>>): string {
  const root = tempDir('balancer-lens-editing-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const uriOf = (root: string, name: string): string => pathToFileURL(join(root, name)).toString();

/** The latest diagnostics published for each open file, by name. */
function latest(session: Session, root: string): Record<string, Diagnostic[]> {
  return Object.fromEntries(
    OPEN.map((name) => [name, session.published.filter((params) => params.uri === uriOf(root, name)).at(-1)?.diagnostics ?? []]),
  );
}

async function openAll(session: Session, root: string, texts: Readonly<Record<string, string>>): Promise<void> {
  const published = OPEN.map((name) => session.diagnostics(uriOf(root, name), 1));
  for (const name of OPEN) session.open(uriOf(root, name), texts[name]!);
  await Promise.all(published);
}

const start = (root: string): Promise<Session> =>
  startSession({
    root: pathToFileURL(root).toString(),
    folders: true,
    pullSettings: true,
    configuration: () => ({ diagnostics: { delay: 0 } }),
  });

/** What a server started on `files` (every open file as on disk) publishes. */
async function fresh(files: Readonly<Record<string, string>>): Promise<Record<string, Diagnostic[]>> {
  const root = layOut(files);
  const session = await start(root);
  try {
    await session.configurationAsked();
    await openAll(session, root, files);
    return latest(session, root);
  } finally {
    session.stop();
  }
}

/** Waits until the session's latest diagnostics are `expected` (a wrong answer fails by the test's timeout, the last one logged). */
async function settlesOn(session: Session, root: string, expected: Record<string, Diagnostic[]>): Promise<void> {
  while (JSON.stringify(latest(session, root)) !== JSON.stringify(expected)) {
    console.log(`      editor so far: ${JSON.stringify(latest(session, root))}`);
    await Promise.race(OPEN.map((name) => session.nextDiagnostics(uriOf(root, name))));
  }
}

const codes = (diagnostics: Record<string, Diagnostic[]>): string[] =>
  Object.entries(diagnostics).flatMap(([name, list]) => list.map((diagnostic) => `${name} ${String(diagnostic.code)}`));

describe('configuration set: editing one file of a workspace', function () {
  this.timeout(30_000);

  it('publishes what a fresh start publishes, after an edit and after an unnotified change on disk', async () => {
    const root = layOut(FILES);
    const session = await start(root);
    try {
      await session.configurationAsked();
      await openAll(session, root, FILES);
      await settlesOn(session, root, await fresh(FILES));

      // An edit in one file of the first configuration: balancer://y has no members anywhere.
      const used =
        'ProxyPass /x/ balancer://x/\nProxyPassReverse /x balancer://x/\nProxyPass /y/ balancer://y/\nProxyPassReverse /y balancer://y/\n';
      session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uriOf(root, 'parts/use.conf'), version: 2 },
        contentChanges: [{ text: used }],
      });
      const edited = await fresh({ ...FILES, 'parts/use.conf': used });
      assert.ok(
        codes(edited).some((code) => code.startsWith('parts/use.conf ')),
        codes(edited).join(', '),
      );
      await settlesOn(session, root, edited);

      // The closed parts/bal.inc now defines balancer://y on disk (a different size, so the stat
      // check sees it), and the next edit is in the other configuration.
      const balancers = `${FILES['parts/bal.inc']}<Proxy balancer://y>\n${MEMBERS}</Proxy>\n`;
      writeFileSync(join(root, 'parts/bal.inc'), balancers);
      const alone = `${FILES['site/alone.conf']}ProxyPass /t/ balancer://s/t/\nProxyPassReverse /t/ balancer://s/t/\n`;
      session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uriOf(root, 'site/alone.conf'), version: 2 },
        contentChanges: [{ text: alone }],
      });
      const both = await fresh({ ...FILES, 'parts/use.conf': used, 'parts/bal.inc': balancers, 'site/alone.conf': alone });
      assert.ok(!codes(both).some((code) => code.startsWith('parts/use.conf ')), codes(both).join(', '));
      await settlesOn(session, root, both);
    } finally {
      session.stop();
    }
  });
});
