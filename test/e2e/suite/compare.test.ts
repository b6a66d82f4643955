/**
 * "Balancer Lens: Compare with HEAD" in VS Code's extension host: a file committed in a git
 * repository, changed on disk, compared through the built-in Git extension; the report opens as a
 * markdown preview. Uses its own file and balancer name, and removes both and the repository after.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';

const FILE = 'apache2/sites-available/cart.conf';
/** A committed symlink to FILE, as a2ensite makes it and etckeeper stores it. */
const LINK = 'apache2/sites-enabled/cart.conf';
const cart = (first: number): string =>
  `<Proxy "balancer://cart">\n    BalancerMember "http://10.0.3.1:8080" loadfactor=${first}\n    BalancerMember "http://10.0.3.2:8080" loadfactor=30\n</Proxy>\nProxyPass "/cart/" "balancer://cart/"\n`;

/** The part of the Git extension's API this test drives. */
interface GitApi {
  openRepository?(root: vscode.Uri): Promise<unknown>;
  getRepository(uri: vscode.Uri): unknown;
}

async function eventually<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A report without its title lines (the CLI's names the commit, the editor's says "working copy"). */
function withoutTitles(markdown: string): string {
  return markdown.replace(/^(.*)\n\n(.*)→(.*)\n/, '$1\n\n');
}

describe('Balancer Lens: Compare with HEAD', () => {
  let root: string;

  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test window has no workspace folder');
    root = folder.uri.fsPath;
    mkdirSync(join(root, 'apache2/sites-available'), { recursive: true });
    writeFileSync(join(root, FILE), cart(70));
    mkdirSync(join(root, 'apache2/sites-enabled'), { recursive: true });
    symlinkSync('../sites-available/cart.conf', join(root, LINK));
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
        cwd: root,
        encoding: 'utf8',
      });
    git('init', '-q', '-b', 'main');
    // The whole workspace is committed, so the one change since HEAD is cart's, for the editor and diff --base HEAD alike.
    git('add', '--all');
    git('commit', '-q', '-m', 'cart at 70/30');
    writeFileSync(join(root, FILE), cart(7));
    // The harness turns Git off for the scratch workspace; this test turns it on and opens the repository.
    await vscode.workspace.getConfiguration('git').update('enabled', true, vscode.ConfigurationTarget.Global);
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(extension, 'the built-in Git extension is missing');
    const exports = extension.isActive ? extension.exports : await extension.activate();
    // The extension builds its model once it sees git.enabled turn true; until then getAPI throws.
    const api = await eventually('the Git extension to start', () => {
      try {
        return exports.getAPI(1);
      } catch {
        return undefined;
      }
    });
    await api.openRepository?.(folder.uri);
    await eventually('the Git extension to see the repository', () => (api.getRepository(folder.uri) ? true : undefined));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('git').update('enabled', undefined, vscode.ConfigurationTarget.Global);
    rmSync(join(root, FILE), { force: true });
    rmSync(join(root, LINK), { force: true });
    rmSync(join(root, '.git'), { recursive: true, force: true });
  });

  /** `balancer-lens diff --base HEAD` on the workspace folder, from the installed extension's CLI, without its title lines. */
  const cliReport = (): string => {
    const extension = vscode.extensions.all.find((each) => each.packageJSON?.name === 'balancer-lens');
    assert.ok(extension, 'the extension under test is not installed');
    const run = spawnSync(
      process.execPath,
      [join(extension.extensionPath, 'server/dist/cli.js'), 'diff', '--base', 'HEAD', '-f', 'markdown'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      },
    );
    assert.equal(run.status, 1, run.stderr);
    return withoutTitles(run.stdout);
  };

  // The second case opens the symlink while the real file is still open: VS Code keeps both documents.
  for (const opened of [FILE, LINK])
    it(`reports what diff --base HEAD reports on the folder, opened as ${opened}: 70/30 became 7/30`, async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(join(root, opened)));
      await vscode.window.showTextDocument(document);
      assert.equal(document.languageId, 'apacheconf');
      await vscode.commands.executeCommand('balancerLens.compareWithHead');
      const report = await eventually('the report document', () =>
        vscode.workspace.textDocuments.find(
          (candidate) => candidate.uri.scheme === 'balancer-lens-report' && candidate.uri.query === document.uri.toString(),
        ),
      );
      const text = report.getText();
      assert.match(text, /^### Balancer Lens: traffic changes\n\nHEAD → working copy\n/);
      assert.match(
        text,
        /\| a \| http\\:\/\/10\.0\.3\.1:8080 \| `███████···` \| `██········` \| 70\.0% → 18\.9% \(−51\.1\) \| loadfactor 70 → 7 \|/,
      );
      assert.equal(withoutTitles(text), cliReport());
      const tabs = await eventually('the markdown preview tab', () => {
        const labels = vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label));
        return labels.some((label) => label.includes('cart.conf since HEAD')) ? labels : undefined;
      });
      assert.ok(
        tabs.some((label) => /preview/i.test(label)),
        tabs.join(' | '),
      );
    });
});
