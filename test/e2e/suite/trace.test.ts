/**
 * The request model in VS Code's extension host: the example requests on a ProxyPass hover, and
 * "Balancer Lens: Trace a Request…" answering with the steps and opening a step's line from its
 * quick pick. Reads the shared fixture, changes nothing.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TraceAnswer } from '../../../server/src/protocol';

const FIXTURE = 'apache2/sites-available/shop.conf';

async function eventually<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Balancer Lens: what happens to a request', () => {
  let document: vscode.TextDocument;
  /** The 0-based line of `ProxyPass "/shop/" …`. */
  let proxyPassLine: number;

  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test window has no workspace folder');
    document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, FIXTURE));
    await vscode.window.showTextDocument(document);
    proxyPassLine = document
      .getText()
      .split('\n')
      .findIndex((line) => line.startsWith('ProxyPass ') && line.includes('"/shop/"'));
    assert.ok(proxyPassLine >= 0, 'no ProxyPass "/shop/" line in the fixture');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('hovers a ProxyPass line with example requests and what the member receives', async () => {
    const at = new vscode.Position(proxyPassLine, 2);
    const text = await eventually('a hover with example requests', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at);
      const joined = (hovers ?? [])
        .flatMap((hover) => hover.contents)
        .map((content) => (typeof content === 'string' ? content : content.value))
        .join('\n');
      return joined.includes('example requests') ? joined : undefined;
    });
    assert.ok(text.includes('- `GET /shop/page` → a `http://10.0.0.1:8080/page`'), text);
    assert.ok(text.includes('- `GET /shop` → Apache answers itself'), text);
  });

  it('traces a request from the command: the steps with their lines, and Enter opens the ProxyPass line', async () => {
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const answer = await vscode.commands.executeCommand<TraceAnswer | undefined>(
      'balancerLens.traceRequest',
      'POST http://localhost/shop/cart?id=7',
    );
    assert.ok(answer && !('error' in answer), JSON.stringify(answer));
    assert.equal(answer.member, 'http://10.0.0.1:8080');
    assert.equal(answer.backendRequest?.method, 'POST');
    assert.equal(answer.backendRequest?.url, 'http://10.0.0.1:8080/cart?id=7');
    const proxyPass = answer.steps.find((step) => step.what.startsWith('ProxyPass /shop/'));
    assert.deepEqual([proxyPass?.file, proxyPass?.line], [document.uri.toString(), proxyPassLine + 1]);
    // The pick opens with the first step that has a line (the ProxyPass) active, previewing it; with
    // the cursor moved away again, Enter goes there.
    await eventually('the pick to preview the ProxyPass line', () =>
      vscode.window.activeTextEditor?.selection.active.line === proxyPassLine ? true : undefined,
    );
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await eventually('the cursor on the ProxyPass line', () =>
      vscode.window.activeTextEditor?.document.uri.toString() === document.uri.toString() &&
      vscode.window.activeTextEditor.selection.active.line === proxyPassLine
        ? true
        : undefined,
    );
  });

  it('says what is wrong with a request that is not an absolute URL', async () => {
    await vscode.window.showTextDocument(document);
    const answer = await vscode.commands.executeCommand<TraceAnswer | undefined>('balancerLens.traceRequest', 'GET /shop/x');
    assert.deepEqual(answer, { error: "'/shop/x' is not an absolute URL (http://host[:port]/path)" });
  });
});
