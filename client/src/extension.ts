/**
 * VS Code client: starts the bundled language server over IPC and opens the schedule panel.
 * Glue only (STYLE.md): every answer comes from the server; the panel's HTML is a pure function.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import type { BalancerReport } from '../../server/src/core/features/schedule-report';
import { renderMessage, renderSchedule, TIMELINE_CAP } from './scheduleView';
import { compareWithHead, REPORT_SCHEME, ReportDocuments } from './compareWithHead';

/** The server's custom request: one balancer's schedule, or null when the document has no such balancer. */
const SCHEDULE_REQUEST = 'balancerLens/schedule';
const SHOW_SCHEDULE = 'balancerLens.showSchedule';

let client: LanguageClient | undefined;

/** Starts the language client and registers the commands. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath('server/dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // Files and unsaved buffers; not git: or other virtual documents, which hold old versions.
    documentSelector: [
      { scheme: 'file', language: 'apacheconf' },
      { scheme: 'untitled', language: 'apacheconf' },
    ],
    synchronize: {
      configurationSection: 'balancerLens',
      fileEvents: vscode.workspace.createFileSystemWatcher('**/.balancerlens.json'),
    },
  };
  // The id 'balancerLens' makes the client read its trace level from `balancerLens.trace.server`.
  client = new LanguageClient('balancerLens', 'Balancer Lens', serverOptions, clientOptions);
  const panel = new SchedulePanel(() => client);
  const reports = new ReportDocuments();
  context.subscriptions.push(
    panel,
    vscode.commands.registerCommand(SHOW_SCHEDULE, (uri?: string, balancer?: string) => showSchedule(panel, uri, balancer)),
    reports,
    vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports),
    vscode.commands.registerCommand('balancerLens.compareWithHead', () => compareWithHead(client, reports)),
  );
  await client.start();
}

/** Stops the server. */
export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

/** From a code lens: both arguments. From the command palette: the balancer around the cursor, the only one, or a pick. */
async function showSchedule(panel: SchedulePanel, uri: string | undefined, balancer: string | undefined): Promise<void> {
  if (uri !== undefined && balancer !== undefined) return panel.show(uri, balancer);
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'apacheconf') {
    void vscode.window.showInformationMessage('Balancer Lens: open an Apache configuration file to see its schedules.');
    return;
  }
  const name = await pickBalancer(editor);
  if (name !== undefined) await panel.show(editor.document.uri.toString(), name);
}

/** Balancers come from the server's document symbols; the one whose range holds the cursor wins. */
async function pickBalancer(editor: vscode.TextEditor): Promise<string | undefined> {
  const symbols =
    (await vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>(
      'vscode.executeDocumentSymbolProvider',
      editor.document.uri,
    )) ?? [];
  const balancers: { name: string; range: vscode.Range }[] = [];
  const visit = (symbol: vscode.DocumentSymbol | vscode.SymbolInformation): void => {
    const range = 'range' in symbol ? symbol.range : symbol.location.range;
    const name = /balancer:\/\/[^\s/"'>]+/i.exec(symbol.name)?.[0];
    if (name && !balancers.some((known) => known.name === name)) balancers.push({ name, range });
    if ('children' in symbol) symbol.children.forEach(visit);
  };
  symbols.forEach(visit);
  if (balancers.length === 0) {
    void vscode.window.showInformationMessage('Balancer Lens: no balancer in this file.');
    return undefined;
  }
  const here = balancers.find((entry) => entry.range.contains(editor.selection.active));
  if (here) return here.name;
  if (balancers.length === 1) return balancers[0]!.name;
  return vscode.window.showQuickPick(
    balancers.map((entry) => entry.name),
    { placeHolder: 'Balancer to show' },
  );
}

/** A workspace-relative path for a file the server names by URI (or by path). */
function displayPath(file: string): string {
  const uri = /^[a-z][a-z0-9+.-]*:/i.test(file) ? vscode.Uri.parse(file) : vscode.Uri.file(file);
  return vscode.workspace.asRelativePath(uri, false);
}

/** One webview panel, reused for every balancer and refreshed while its document changes. */
class SchedulePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private shown: { uri: string; balancer: string } | undefined;
  private refresh: ReturnType<typeof setTimeout> | undefined;
  private readonly listener: vscode.Disposable;

  constructor(private readonly languageClient: () => LanguageClient | undefined) {
    this.listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (!this.panel || !this.shown || event.document.uri.toString() !== this.shown.uri) return;
      clearTimeout(this.refresh);
      this.refresh = setTimeout(() => void this.render(), 300);
    });
  }

  async show(uri: string, balancer: string): Promise<void> {
    this.shown = { uri, balancer };
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      this.panel = vscode.window.createWebviewPanel(
        'balancerLens.schedule',
        balancer,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableFindWidget: true, localResourceRoots: [] },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.shown = undefined;
      });
    }
    await this.render();
  }

  private async render(): Promise<void> {
    const panel = this.panel;
    const shown = this.shown;
    if (!panel || !shown) return;
    const options = { nonce: randomBytes(16).toString('base64') };
    panel.title = `Schedule: ${shown.balancer.replace(/^balancer:\/\//i, '')}`;
    const languageClient = this.languageClient();
    if (!languageClient) {
      panel.webview.html = renderMessage(shown.balancer, 'The Balancer Lens language server is not running.', options);
      return;
    }
    try {
      const report = await languageClient.sendRequest<BalancerReport | null>(SCHEDULE_REQUEST, {
        uri: shown.uri,
        balancer: shown.balancer,
        picks: TIMELINE_CAP,
      });
      if (this.shown !== shown) return;
      panel.webview.html = report
        ? renderSchedule(report, { ...options, fileLabel: displayPath(report.file) })
        : renderMessage(
            shown.balancer,
            `No balancer named ${shown.balancer} in ${vscode.Uri.parse(shown.uri).path.split('/').pop() ?? shown.uri}.`,
            options,
          );
    } catch (error) {
      panel.webview.html = renderMessage(
        shown.balancer,
        `The language server could not compute this schedule: ${error instanceof Error ? error.message : String(error)}`,
        options,
      );
    }
  }

  dispose(): void {
    clearTimeout(this.refresh);
    this.listener.dispose();
    this.panel?.dispose();
  }
}
