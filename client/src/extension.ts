/**
 * VS Code client: starts the bundled language server over IPC, opens the schedule panel and traces requests.
 * Glue only (CONTRIBUTING.md "Architecture"): every answer comes from the server; the panel's HTML is a pure function.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, MessageSignature, ServerOptions, State, TransportKind } from 'vscode-languageclient/node';
import { type MemberWhatIf, SCHEDULE_REQUEST } from '../../server/src/protocol';
import { PANEL_COMMANDS, PanelReport, renderMessage, renderSchedule, scheduleCommand, TIMELINE_CAP } from './scheduleView';
import { compareWithHead, REPORT_SCHEME, ReportDocuments } from './compareWithHead';
import { TRACE_COMMAND, traceRequestCommand } from './traceRequest';
import { reopenAfterKeys } from './completion';
import { OutlineSymbol, pickerRows } from './picker';
import { serialRestarts } from './restart';

const SHOW_SCHEDULE = 'balancerLens.showSchedule';

/** Text that makes a `.conf` of another language worth opening as Apache configuration. */
const BALANCER_CONTENT = /^[ \t]*(?:<Proxy(?:Match)?[ \t]+["']?balancer:|BalancerMember[ \t]|ProxyPass(?:Match)?[ \t])/im;
/** Workspace state: the user asked not to be offered Apache Config for `.conf` files here. */
const NO_CONTENT_HINT = 'balancerLens.noContentHint';
/** Workspace state: the URIs of the files opened as Apache Config from the offer, which open so again. */
const APACHE_FILES = 'balancerLens.apacheFiles';

/**
 * A request that races the client's stop (a window reload stops it while VS Code still asks for
 * code actions) fails with "Starting server failed": nothing went wrong, so nothing is logged.
 */
class BalancerLensClient extends LanguageClient {
  override handleFailedRequest<T>(
    type: MessageSignature,
    token: vscode.CancellationToken | undefined,
    error: unknown,
    defaultValue: T,
    showNotification?: boolean,
    throwOnCancel?: boolean,
  ): T {
    if (!this.isRunning()) return defaultValue;
    return super.handleFailedRequest(type, token, error, defaultValue, showNotification, throwOnCancel);
  }
}

let client: LanguageClient | undefined;

/** Starts the language client and registers the commands. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath('server/dist/server.js');
  // The server keeps its V8 code cache in the extension's global storage (server/src/node/code-cache.ts).
  const cache = { env: { ...process.env, BALANCER_LENS_CODE_CACHE: context.globalStorageUri.fsPath } };
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: cache },
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
    middleware: {
      async provideCompletionItem(document, position, context, token, next) {
        const answer = await next(document, position, context, token);
        if (!answer) return answer;
        if (Array.isArray(answer)) return reopenAfterKeys(answer);
        reopenAfterKeys(answer.items);
        return answer;
      },
    },
  };
  // The id 'balancerLens' makes the client read its trace level from `balancerLens.trace.server`.
  client = new BalancerLensClient('balancerLens', 'Balancer Lens', serverOptions, clientOptions);
  const panel = new SchedulePanel(() => client);
  const offer = new ApacheConfigOffer(context.workspaceState);
  const reports = new ReportDocuments();
  context.subscriptions.push(
    panel,
    vscode.commands.registerCommand(SHOW_SCHEDULE, (uri?: string, balancer?: string) => showSchedule(panel, uri, balancer)),
    vscode.commands.registerCommand(PANEL_COMMANDS.reveal, (file: string, line: number) => reveal(file, line)),
    vscode.commands.registerCommand(PANEL_COMMANDS.whatIf, (url: string, action: string) => panel.whatIf(url, action)),
    vscode.commands.registerCommand(PANEL_COMMANDS.copyCommand, () => panel.copyCommand()),
    vscode.workspace.onDidOpenTextDocument((document) => opened(document)),
    vscode.workspace.onDidCloseTextDocument((document) => offer.closed(document)),
    reports,
    vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports),
    vscode.commands.registerCommand('balancerLens.compareWithHead', () => compareWithHead(client, reports)),
    vscode.commands.registerCommand(TRACE_COMMAND, (typed?: string) => traceRequestCommand(client, typed)),
  );
  // Activated by a `.conf` opened as Properties, the server waits until Apache configuration is open.
  let started: Promise<void> | undefined;
  const start = (): Promise<void> => (started ??= client!.start());
  const opened = (document: vscode.TextDocument): Promise<void> | undefined => {
    if (document.languageId === 'apacheconf') return start();
    void offer.opened(document);
    return undefined;
  };
  const restart = serialRestarts(client, (message) => client!.warn(message, undefined, false));
  context.subscriptions.push(
    serverStatus(client),
    vscode.commands.registerCommand(RESTART_SERVER, () => (started = restart())),
    vscode.commands.registerCommand(SHOW_OUTPUT, () => client?.outputChannel.show(true)),
  );
  await Promise.all(vscode.workspace.textDocuments.map(opened));
}

const RESTART_SERVER = 'balancerLens.restartServer';
const SHOW_OUTPUT = 'balancerLens.showOutput';
/** The status bar item's words per client state; its tooltip and menu offer both commands. */
const STATE_TEXT: Record<State, string> = {
  [State.Starting]: '$(sync~spin) Balancer Lens',
  [State.Running]: '$(pulse) Balancer Lens',
  [State.Stopped]: '$(warning) Balancer Lens: stopped',
  [State.StartFailed]: '$(error) Balancer Lens: failed to start',
};

/**
 * A status bar item, shown while an Apache configuration is the active editor: the server's state
 * (starting, running, stopped); clicking it offers Restart Server and Show Output.
 */
function serverStatus(languageClient: LanguageClient): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('balancerLens.status', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Balancer Lens';
  const menu = vscode.commands.registerCommand('balancerLens.statusMenu', async () => {
    const choices = [
      { label: 'Restart Server', command: RESTART_SERVER },
      { label: 'Show Output', command: SHOW_OUTPUT },
    ];
    const picked = await vscode.window.showQuickPick(choices, { placeHolder: `Balancer Lens: ${describeState(languageClient.state)}` });
    if (picked) await vscode.commands.executeCommand(picked.command);
  });
  item.command = 'balancerLens.statusMenu';
  const update = (): void => {
    const state = languageClient.state;
    item.text = STATE_TEXT[state];
    item.tooltip = `Balancer Lens language server: ${describeState(state)}. Click for Restart Server or Show Output.`;
    item.backgroundColor =
      state === State.Stopped || state === State.StartFailed ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const editor = vscode.window.activeTextEditor;
    // The Output view (Show Output) is a text editor too: focusing it leaves the item as it was.
    if (editor?.document.uri.scheme === 'output') return;
    if (editor?.document.languageId === 'apacheconf') item.show();
    else item.hide();
  };
  update();
  return vscode.Disposable.from(
    item,
    menu,
    languageClient.onDidChangeState(update),
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidOpenTextDocument(update),
  );
}

function describeState(state: State): string {
  switch (state) {
    case State.Running:
      return 'running';
    case State.Starting:
      return 'starting';
    case State.Stopped:
      return 'stopped';
    case State.StartFailed:
      return 'failed to start';
  }
}

/**
 * A `.conf` that another language claimed (VS Code opens `*.conf` as Properties) but that holds
 * balancer directives: offer to open it as Apache configuration, once per file and window, never
 * switching by itself. The answer is remembered: the file (workspace state) or its folder
 * (`files.associations` in the workspace's settings) opens as Apache configuration from then on,
 * until the user picks another language for it.
 */
class ApacheConfigOffer {
  /** Files offered in this window. */
  private readonly offered = new Set<string>();
  /** The language of each document closed in the current turn: a language change closes and reopens a document at once. */
  private readonly justClosed = new Map<string, string>();

  constructor(private readonly state: vscode.Memento) {}

  closed(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    this.justClosed.set(uri, document.languageId);
    queueMicrotask(() => this.justClosed.delete(uri));
  }

  async opened(document: vscode.TextDocument): Promise<void> {
    const uri = document.uri.toString();
    if (document.languageId === 'apacheconf' || document.uri.scheme !== 'file' || !/\.conf$/i.test(document.uri.path)) return;
    const remembered = this.state.get<string[]>(APACHE_FILES, []);
    if (this.justClosed.get(uri) === 'apacheconf') {
      // The user picked another language for a file open as Apache configuration: that is the answer now.
      if (remembered.includes(uri)) await this.state.update(APACHE_FILES, without(remembered, uri));
      return;
    }
    if (remembered.includes(uri)) {
      await vscode.languages.setTextDocumentLanguage(document, 'apacheconf');
      return;
    }
    if (this.offered.has(uri) || this.state.get<boolean>(NO_CONTENT_HINT)) return;
    if (!BALANCER_CONTENT.test(document.getText(new vscode.Range(0, 0, 2000, 0)))) return;
    this.offered.add(uri);
    const open = 'Open as Apache Config';
    const folder = folderPattern(document.uri);
    const always = 'Always in This Folder';
    const never = 'Not in This Workspace';
    const choice = await vscode.window.showInformationMessage(
      `${vscode.workspace.asRelativePath(document.uri)} holds Apache balancer directives. Open it as Apache Config for Balancer Lens' diagnostics, hovers and schedules?`,
      ...(folder ? [open, always, never] : [open, never]),
    );
    if (choice === open) {
      await this.state.update(APACHE_FILES, [...without(this.state.get<string[]>(APACHE_FILES, []), uri), uri]);
      await vscode.languages.setTextDocumentLanguage(document, 'apacheconf');
    } else if (choice === always && folder) {
      // files.associations is a window setting: the workspace's settings hold it, not a folder's.
      const files = vscode.workspace.getConfiguration('files');
      const associations = files.inspect<Record<string, string>>('associations')?.workspaceValue ?? {};
      await files.update('associations', { ...associations, [folder]: 'apacheconf' }, vscode.ConfigurationTarget.Workspace);
      await vscode.languages.setTextDocumentLanguage(document, 'apacheconf');
    } else if (choice === never) await this.state.update(NO_CONTENT_HINT, true);
  }
}

function without(list: readonly string[], item: string): string[] {
  return list.filter((entry) => entry !== item);
}

/**
 * The `files.associations` pattern for the `.conf` files beside `file`: any `*.conf` in a folder
 * ending in the file's folder path within its workspace folder (the workspace folder's own name
 * for a file at its top), so the settings hold no path of this machine. None outside a workspace.
 */
function folderPattern(file: vscode.Uri): string | undefined {
  const workspaceFolder = vscode.workspace.getWorkspaceFolder(file);
  if (!workspaceFolder) return undefined;
  const parent = vscode.Uri.joinPath(file, '..');
  const relative = vscode.workspace.asRelativePath(parent, false);
  const folder = relative === '' || relative === parent.fsPath ? workspaceFolder.name : relative;
  return `**/${folder}/*.conf`;
}

/** Stops the server. */
export async function deactivate(): Promise<void> {
  if (client?.needsStop()) await client.stop();
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

/**
 * Balancers come from the server's document symbols; the one whose range holds the cursor wins,
 * else a picker shows each with its file, line, members and shares.
 */
async function pickBalancer(editor: vscode.TextEditor): Promise<string | undefined> {
  const symbols =
    (await vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>(
      'vscode.executeDocumentSymbolProvider',
      editor.document.uri,
    )) ?? [];
  const ranges = new Map<string, vscode.Range>();
  const outline = (symbol: vscode.DocumentSymbol | vscode.SymbolInformation): OutlineSymbol => {
    const range = 'range' in symbol ? symbol.range : symbol.location.range;
    if (!ranges.has(symbol.name)) ranges.set(symbol.name, range);
    return {
      name: symbol.name,
      detail: 'detail' in symbol ? symbol.detail : '',
      line: range.start.line,
      children: 'children' in symbol ? symbol.children.map(outline) : [],
    };
  };
  const rows = pickerRows(symbols.map(outline), vscode.workspace.asRelativePath(editor.document.uri, false));
  if (rows.length === 0) {
    void vscode.window.showInformationMessage('Balancer Lens: no balancer in this file.');
    return undefined;
  }
  const here = rows.find((row) => ranges.get(row.balancer)?.contains(editor.selection.active));
  if (here) return here.balancer;
  if (rows.length === 1) return rows[0]!.balancer;
  const picked = await vscode.window.showQuickPick(rows, {
    placeHolder: 'Balancer to show',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked?.balancer;
}

/** A file the server names by URI (or by path). */
function fileUri(file: string): vscode.Uri {
  return /^[a-z][a-z0-9+.-]*:/i.test(file) ? vscode.Uri.parse(file) : vscode.Uri.file(file);
}

/** A workspace-relative path for a file the server names by URI (or by path). */
function displayPath(file: string): string {
  return vscode.workspace.asRelativePath(fileUri(file), false);
}

/** Opens a file at a 1-based line, beside the schedule panel's column (a "line N" link). */
async function reveal(file: string, line: number): Promise<void> {
  const position = new vscode.Position(Math.max(0, line - 1), 0);
  await vscode.window.showTextDocument(fileUri(file), {
    viewColumn: vscode.ViewColumn.One,
    selection: new vscode.Range(position, position),
  });
}

/** One webview panel, reused for every balancer and refreshed while its document changes. */
class SchedulePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private shown: { uri: string; balancer: string; whatIf: MemberWhatIf[] } | undefined;
  /** The last report shown, for the CLI command the panel copies. */
  private report: PanelReport | undefined;
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
    this.shown = { uri, balancer, whatIf: this.shown?.uri === uri && this.shown.balancer === balancer ? this.shown.whatIf : [] };
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      this.panel = vscode.window.createWebviewPanel(
        'balancerLens.schedule',
        balancer,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableCommandUris: Object.values(PANEL_COMMANDS), enableFindWidget: true, localResourceRoots: [] },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.shown = undefined;
      });
    }
    await this.render();
  }

  /** A what-if link: take a member down, drain it or bring it back (`down`, `drain`, `up`), undo one (`reset`) or all (`clear`). */
  async whatIf(url: string, action: string): Promise<void> {
    const shown = this.shown;
    if (!shown) return;
    const others = shown.whatIf.filter((entry) => entry.url !== url);
    if (action === 'clear') shown.whatIf = [];
    else if (action === 'down' || action === 'drain' || action === 'up') shown.whatIf = [...others, { url, action }];
    else shown.whatIf = others;
    await this.render();
  }

  /** Copies the CLI command that shows the same schedule, with --down, --drain or --up for each what-if. */
  async copyCommand(): Promise<void> {
    const shown = this.shown;
    const report = this.report;
    if (!shown || !report) return;
    await vscode.env.clipboard.writeText(scheduleCommand(displayPath(report.file), shown.balancer, shown.whatIf));
    void vscode.window.setStatusBarMessage('Balancer Lens: schedule command copied', 3000);
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
      const report = await languageClient.sendRequest<PanelReport | null>(SCHEDULE_REQUEST, {
        uri: shown.uri,
        balancer: shown.balancer,
        picks: TIMELINE_CAP,
        whatIf: shown.whatIf,
      });
      if (this.shown !== shown) return;
      this.report = report ?? undefined;
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
