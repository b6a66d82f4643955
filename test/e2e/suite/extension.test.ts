/**
 * Runs inside VS Code's extension host (code-server here, Electron VS Code elsewhere) against the
 * installed extension and its bundled server, through VS Code's own command API. Every wait is on a
 * condition, bounded.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'balancer-lens.balancer-lens';
/** Where the harness puts test/e2e/fixtures/shop.conf: the language comes from the filename patterns. */
const FIXTURE = 'apache2/sites-available/shop.conf';

let document: vscode.TextDocument;

/** Polls `probe` until it returns a value other than undefined; fails with `what` after `timeoutMs`. */
async function eventually<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The position of `needle` on the first line, not a comment, containing `lineText`. */
function positionOf(lineText: string, needle: string): vscode.Position {
  for (let line = 0; line < document.lineCount; line++) {
    const text = document.lineAt(line).text;
    if (!text.includes(lineText) || /^\s*#/.test(text)) continue;
    const column = text.indexOf(needle);
    assert.ok(column >= 0, `no ${needle} on line ${line + 1}: ${text}`);
    return new vscode.Position(line, column);
  }
  throw new Error(`no line contains ${lineText}`);
}

/** The 0 of `loadfactor=0`. */
function zeroLoadfactor(): vscode.Position {
  return positionOf('loadfactor=0', 'loadfactor=0').translate(0, 'loadfactor='.length);
}

function ruleOf(diagnostic: vscode.Diagnostic): string | number | undefined {
  return typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
}

function hoverText(hovers: readonly vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

function labelOf(hint: vscode.InlayHint): string {
  return typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');
}

describe('Balancer Lens in VS Code', () => {
  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test window has no workspace folder');
    document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, FIXTURE));
    await vscode.window.showTextDocument(document);
  });

  after(async () => {
    // Untitled documents left dirty come back in the next window of this workspace (the UI test's screenshots).
    for (const untitled of vscode.workspace.textDocuments.filter((candidate) => candidate.isUntitled)) {
      await vscode.window.showTextDocument(untitled);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('opens Debian site files as apacheconf and activates on that language', async () => {
    assert.equal(document.languageId, 'apacheconf');
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed`);
    await eventually('the extension to activate', () => (extension.isActive ? true : undefined));
  });

  it('publishes the zero-loadfactor error with its rule id and source', async () => {
    const diagnostic = await eventually('a zero-loadfactor diagnostic', () =>
      vscode.languages.getDiagnostics(document.uri).find((candidate) => ruleOf(candidate) === 'zero-loadfactor'),
    );
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diagnostic.source, 'balancer-lens');
    assert.ok(diagnostic.range.contains(zeroLoadfactor()), `range ${JSON.stringify(diagnostic.range)} misses the 0 of loadfactor=0`);
    assert.match(diagnostic.message, /loadfactor "0"/);
  });

  it("hovers the <Proxy balancer://…> line with each member's share and the picks", async () => {
    const at = positionOf('<Proxy "balancer://shop">', 'shop');
    const text = await eventually('a hover with shares', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at);
      const joined = hoverText(hovers ?? []);
      return joined.includes('%') ? joined : undefined;
    });
    assert.match(text, /70\.0%/);
    assert.match(text, /30\.0%/);
    assert.match(text, /a b a a a b a a b a/);
  });

  it("shows inlay hints with each member's share and why the standby gets nothing", async () => {
    const whole = new vscode.Range(0, 0, document.lineCount, 0);
    const labels = await eventually('inlay hints', async () => {
      const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', document.uri, whole);
      return hints && hints.length > 0 ? hints.map(labelOf) : undefined;
    });
    assert.ok(
      labels.some((label) => /≈ 70\.0%/.test(label)),
      labels.join(' | '),
    );
    assert.ok(
      labels.some((label) => /≈ 30\.0%/.test(label)),
      labels.join(' | '),
    );
    assert.ok(
      labels.some((label) => /standby \(idle\)/.test(label)),
      labels.join(' | '),
    );
  });

  it('says the loadfactor=0 member is refused, in its inlay hint and hover, and gives its balancer no shares', async () => {
    const zero = zeroLoadfactor();
    const whole = new vscode.Range(0, 0, document.lineCount, 0);
    const onLine = await eventually('an inlay hint on the loadfactor=0 line', async () => {
      const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', document.uri, whole);
      const found = (hints ?? []).filter((hint) => hint.position.line === zero.line).map(labelOf);
      return found.length > 0 ? found : undefined;
    });
    assert.deepEqual(onLine, ['refused']);
    const member = positionOf('loadfactor=0', 'http');
    const memberHover = hoverText(
      (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, member)) ?? [],
    );
    assert.match(memberHover, /refused/);
    assert.doesNotMatch(memberHover, /%/);
    const balancer = positionOf('<Proxy "balancer://reports">', 'reports');
    const balancerHover = hoverText(
      (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, balancer)) ?? [],
    );
    assert.match(balancerHover, /Apache refuses this balancer/);
    assert.doesNotMatch(balancerHover, /%|picks/);
  });

  it('offers "Set loadfactor=1" on the zero loadfactor, and applying it clears the error', async () => {
    const zero = zeroLoadfactor();
    const range = new vscode.Range(zero, zero.translate(0, 1));
    const actions = await eventually('code actions', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, range);
      return found && found.length > 0 ? found : undefined;
    });
    const titles = actions.map((action) => action.title);
    const fix = actions.find((action) => action.title === 'Set loadfactor=1');
    assert.ok(fix?.edit, `no "Set loadfactor=1" with an edit among: ${titles.join(' | ')}`);
    try {
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      assert.match(document.lineAt(zero.line).text, /loadfactor=1\s*$/);
      await eventually('the zero-loadfactor error to go', () =>
        vscode.languages.getDiagnostics(document.uri).some((candidate) => ruleOf(candidate) === 'zero-loadfactor') ? undefined : true,
      );
    } finally {
      // Put the 0 back and save, so the file on disk and the editor agree again.
      const undo = new vscode.WorkspaceEdit();
      undo.replace(document.uri, new vscode.Range(zero, zero.translate(0, 1)), '0');
      await vscode.workspace.applyEdit(undo);
      await document.save();
    }
    assert.match(document.lineAt(zero.line).text, /loadfactor=0\s*$/);
    await eventually('the zero-loadfactor error to come back', () =>
      vscode.languages.getDiagnostics(document.uri).some((candidate) => ruleOf(candidate) === 'zero-loadfactor') ? true : undefined,
    );
  });

  it('puts a code lens above each balancer that opens its schedule', async () => {
    const lenses = await eventually('code lenses', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 10);
      return found && found.some((lens) => lens.command) ? found : undefined;
    });
    const shop = lenses.find((lens) => lens.range.start.line === positionOf('<Proxy "balancer://shop">', '<').line);
    assert.ok(shop?.command, `no lens on the shop balancer: ${lenses.map((lens) => lens.command?.title).join(' | ')}`);
    assert.match(shop.command.title, /3 members · cycle 10 · a b a a a b a a b a/);
    assert.equal(shop.command.command, 'balancerLens.showSchedule');
    assert.deepEqual(shop.command.arguments, [document.uri.toString(), 'balancer://shop']);

    await vscode.commands.executeCommand(shop.command.command, ...shop.command.arguments!);
    const tab = await eventually('the schedule panel', () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .find(
          (candidate) => candidate.input instanceof vscode.TabInputWebview && candidate.input.viewType.endsWith('balancerLens.schedule'),
        ),
    );
    assert.equal(tab.label, 'Schedule: shop');
  });

  it('shows the schedule of the balancer around the cursor from the command palette', async () => {
    const editor = await vscode.window.showTextDocument(document);
    const inside = positionOf('loadfactor=2', 'loadfactor=2');
    editor.selection = new vscode.Selection(inside, inside);
    await vscode.commands.executeCommand('balancerLens.showSchedule');
    await eventually('the panel to show balancer://reports', () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .find((tab) => tab.input instanceof vscode.TabInputWebview && tab.label === 'Schedule: reports'),
    );
  });

  it('offers Re-enable for a balancer whose members are all disabled', async () => {
    const disabled = await vscode.workspace.openTextDocument({
      language: 'apacheconf',
      content:
        '<Proxy "balancer://off">\n    BalancerMember "http://10.0.3.1:8080" status=+D\n</Proxy>\nProxyPass "/off/" "balancer://off/"\n',
    });
    await eventually('the all-members-disabled warning', () =>
      vscode.languages.getDiagnostics(disabled.uri).find((candidate) => ruleOf(candidate) === 'all-members-disabled'),
    );
    const actions =
      (await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        disabled.uri,
        new vscode.Range(0, 1, 0, 1),
      )) ?? [];
    const reenable = actions.find((action) => action.title.startsWith('Re-enable a http://10.0.3.1:8080'));
    assert.ok(reenable?.edit, actions.map((action) => action.title).join(' | '));
    assert.ok(await vscode.workspace.applyEdit(reenable.edit));
    assert.equal(disabled.lineAt(1).text, '    BalancerMember "http://10.0.3.1:8080"');
  });

  it('lists the parameters people write first at the top of completion', async () => {
    const draft = await vscode.workspace.openTextDocument({
      language: 'apacheconf',
      content: '<Proxy "balancer://draft">\n    BalancerMember "http://10.0.4.1:8080" \n</Proxy>\n',
    });
    const list = await eventually('parameter completions', async () => {
      const found = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        draft.uri,
        new vscode.Position(1, draft.lineAt(1).text.length),
      );
      return found && found.items.length > 0 ? found : undefined;
    });
    const labels = [...list.items]
      .sort((a, b) => (a.sortText ?? String(a.label)).localeCompare(b.sortText ?? String(b.label)))
      .map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.deepEqual(labels.slice(0, 4), ['loadfactor=', 'route=', 'status=', 'lbset=']);
  });

  it('takes ${NAME} from balancerLens.envFile, as lint --env-file does', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!;
    const site = vscode.Uri.joinPath(folder.uri, 'apache2/sites-available/logs.conf');
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder.uri, 'apache2/envvars'),
      Buffer.from('export APACHE_LOG_DIR=/var/log/apache2\n'),
    );
    await vscode.workspace.fs.writeFile(site, Buffer.from('ErrorLog ${APACHE_LOG_DIR}/error.log\n'));
    const logs = await vscode.workspace.openTextDocument(site);
    await vscode.window.showTextDocument(logs);
    await eventually('the undefined-variable info', () =>
      vscode.languages.getDiagnostics(logs.uri).find((candidate) => ruleOf(candidate) === 'undefined-variable'),
    );
    const settings = vscode.workspace.getConfiguration('balancerLens');
    await settings.update('envFile', 'apache2/envvars', vscode.ConfigurationTarget.Workspace);
    try {
      await eventually('the undefined-variable info to go', () =>
        vscode.languages.getDiagnostics(logs.uri).some((candidate) => ruleOf(candidate) === 'undefined-variable') ? undefined : true,
      );
    } finally {
      await settings.update('envFile', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
