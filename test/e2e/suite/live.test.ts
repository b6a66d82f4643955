/**
 * `balancerLens.live.url` in VS Code against a real Apache: the extension host starts a private
 * Apache with a balancer-manager and two loopback backends (test/apache/harness.ts), an admin
 * drains a member through the manager, and the hover's live line and the information diagnostic
 * must say so; after traffic and **Refresh Live Status**, the hover shows the new Elected counts.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import {
  ApacheServer,
  BackendPool,
  editInManager,
  fillPlaceholders,
  makeScratchDir,
  removeScratchDir,
  requestPicks,
  startApache,
  startBackends,
} from '../../apache/harness';

const MANAGER = '/balancer-manager';
const CONFIG = `<Location "${MANAGER}">
  SetHandler balancer-manager
</Location>
ProxyPass "${MANAGER}" !
<Proxy "balancer://t">
  BalancerMember "http://{a}"
  BalancerMember "http://{b}"
</Proxy>
ProxyPass "/" "balancer://t/"
`;

/** Polls `probe` until it returns a value other than undefined; fails with `what` after `timeoutMs`. */
async function eventually<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

describe('the live line against a real Apache', function () {
  this.timeout(90_000);
  let pool: BackendPool | undefined;
  let apache: ApacheServer | undefined;
  let dir = '';

  before(async () => {
    pool = await startBackends(['a', 'b']);
    dir = await makeScratchDir();
    const fragment = join(dir, 'balancers.conf');
    writeFileSync(fragment, fillPlaceholders(CONFIG, pool.backends));
    apache = await startApache(dir, fragment);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('balancerLens').update('live.url', undefined, vscode.ConfigurationTarget.Global);
    await apache?.stop();
    await pool?.close();
    if (dir) await removeScratchDir(dir);
  });

  it('shows a member drained in the manager, and the traffic after a refresh', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const uri = vscode.Uri.joinPath(folder, 'apache2/sites-available/live.conf');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(fillPlaceholders(CONFIG, pool!.backends)));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const [, b] = pool!.backends;
    const memberB = new vscode.Position(6, 4);
    assert.match(document.lineAt(6).text, new RegExp(`BalancerMember "http://127\\.0\\.0\\.1:${b!.port}"`));

    await editInManager(apache!.port, MANAGER, 't', `http://127.0.0.1:${b!.port}`, { w_status_N: '1' });
    await vscode.workspace
      .getConfiguration('balancerLens')
      .update('live.url', `http://127.0.0.1:${apache!.port}${MANAGER}`, vscode.ConfigurationTarget.Global);

    const live = await eventually('the live diagnostic', () =>
      vscode.languages.getDiagnostics(uri).find((diagnostic) => diagnostic.message.startsWith('live ')),
    );
    assert.equal(live.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(live.range.start.line, 6);
    assert.match(live.message, /^live 127\.0\.0\.1:\d+: Drn on the running server, not in the configuration/);
    assert.match(await hoverText(uri, memberB), /live 127\.0\.0\.1:\d+: Drn Ok · elected 0 \(preview 0\.0%\)/);

    // b drains: the next six requests go to a, as the refreshed hover counts them.
    await requestPicks(apache!.port, 6);
    await vscode.commands.executeCommand('balancerLens.live.refresh');
    await eventually('the refreshed hover', async () => {
      const text = await hoverText(uri, new vscode.Position(5, 4));
      return /live 127\.0\.0\.1:\d+: Ok · elected 6 = 100\.0% \(preview 100\.0%\)/.test(text) ? text : undefined;
    });
  });
});
