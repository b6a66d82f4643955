/**
 * The language server: the only code that imports vscode-languageserver. This file is the routing
 * table; each request kind has a small module under handlers/ that converts core data to protocol
 * data (through convert.ts) over one frozen analysis per document version.
 */
import { CodeLensRefreshRequest, TextDocuments } from 'vscode-languageserver/node';
import type { CodeActionParams, Connection, ExecuteCommandParams, InitializeResult, Position } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { documentLookup } from './context';
import { liveDiagnostics } from './convert';
import { DocumentStates, Settled } from './documents';
import { describe, guardWith } from './guard';
import { codeActions } from './handlers/code-actions';
import { codeLenses } from './handlers/code-lens';
import { diagnosticsPublisher } from './handlers/diagnostics';
import { CAPABILITIES, folderPaths } from './handlers/initialize';
import { inlayHints } from './handlers/inlay-hints';
import { trafficDiff } from './handlers/diff';
import { DIFF_REQUEST, DiffParams } from '../protocol';
import { pullSettings } from './handlers/settings';
import { LIVE_REFRESH_COMMAND, liveMonitor } from './live';
import { DEFAULT_SETTINGS, Settings } from './settings';
import { analysisRequests } from './requests';
import { documentVersions } from './fast-lane';
import type { LaneWorker } from './lane-worker';
import { LaneReport, startLanes, workerSide } from './lanes';
import { checkedSync } from './sync';
import { connect } from './transport';
import { cursorAfter, requestCursor } from './typing';

/**
 * Starts the server: in the main thread, the lanes in front of a worker thread that runs the
 * server (lanes.ts); in that worker, the server itself — and in the main thread when no worker can
 * be started (a transport other than stdio and node-ipc, or not running from the bundle).
 */
export function startServer(early?: LaneWorker): void {
  const worker = workerSide();
  if (worker) serve(worker.connection, worker.report);
  else if (!startLanes(early)) serve(connect(), () => undefined);
}

/** The server on a connection; `report` tells the main thread when it is busy, settled, and what settings it pulled. */
function serve(connection: Connection, report: (report: LaneReport) => void): void {
  const documents = new TextDocuments(TextDocument);
  let settings: Settings = DEFAULT_SETTINGS;
  let canPullSettings = false;
  let canRefresh = { inlayHints: false, codeLenses: false };
  let folders: string[] = [];
  const guard = guardWith((message) => connection.console.error(message));
  // The whole workspace analysed after documents were answered from their own configurations: their cross-file findings may differ.
  const settled = guard('diagnostics', undefined, ({ changed, analysed, ms }: Settled) => {
    report({ kind: 'settled', versions: documentVersions(documents.all()) });
    if (analysed > 0)
      connection.console.log(
        `balancer-lens: ${analysed} more configurations of the workspace analysed in the background (${(ms / 1000).toFixed(1)} s)`,
      );
    for (const document of changed) diagnostics.publish(document);
  });
  const states = new DocumentStates(
    () => settings,
    () => documents.all(),
    () => folders,
    (message) => connection.console.warn(message),
    settled,
    { kind: 'full', busy: (isBusy) => report({ kind: 'busy', isBusy }) },
  );
  const withDocument = documentLookup(documents, states, () => settings);
  const refreshViews = (): void => {
    if (canRefresh.inlayHints) void connection.languages.inlayHint.refresh().catch(() => undefined);
    if (canRefresh.codeLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  };
  const live = liveMonitor(
    () => diagnostics.publishAll(),
    (message) => connection.console.warn(message),
  );
  const diagnostics = diagnosticsPublisher(
    connection,
    documents,
    states,
    guard,
    () => settings.diagnosticsDelay,
    refreshViews,
    (state) => liveDiagnostics(state, live.pages()),
  );
  // The last resort: every handler is guarded, so this only logs a bug in a path that is not.
  process.on('unhandledRejection', (reason) => connection.console.error(`balancer-lens: unhandled rejection: ${describe(reason)}`));

  async function refreshSettings(): Promise<void> {
    if (!canPullSettings) return;
    const pulled = await pullSettings(connection);
    if (!pulled) return;
    settings = pulled;
    report({ kind: 'settings', settings });
    states.clear();
    diagnostics.publishAll();
    live.configure(settings.live.urls, settings.live.intervalSeconds);
  }
  const refresh = (): void => {
    refreshSettings().catch((error: unknown) => connection.console.error(`balancer-lens: settings refresh failed: ${describe(error)}`));
  };

  connection.onInitialize(
    guard('initialize', { capabilities: {} } as InitializeResult, (params): InitializeResult => {
      canPullSettings = Boolean(params.capabilities.workspace?.configuration);
      canRefresh = {
        inlayHints: Boolean(params.capabilities.workspace?.inlayHint?.refreshSupport),
        codeLenses: Boolean(params.capabilities.workspace?.codeLens?.refreshSupport),
      };
      folders = folderPaths(params);
      return { capabilities: CAPABILITIES, serverInfo: { name: 'balancer-lens' } };
    }),
  );
  connection.onInitialized(refresh);
  connection.onDidChangeConfiguration(refresh);

  // Where the last didChange left the cursor, read before TextDocuments applies it; none for didOpen.
  let typedAt: { uri: string; position: Position | undefined } | undefined;
  documents.onDidChangeContent(
    guard('diagnostics', undefined, (change) => {
      states.touch();
      const uri = change.document.uri;
      diagnostics.changed(uri, typedAt?.uri === uri ? typedAt.position : undefined);
      typedAt = undefined;
    }),
  );
  documents.onDidClose(
    guard('close', undefined, (event) => {
      // The open files of its configuration read it from the disk again (an unsaved edit is gone).
      const related = states.related().filter((document) => document !== event.document);
      states.touch();
      diagnostics.closed(event.document.uri);
      void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
      for (const document of related) diagnostics.publish(document);
    }),
  );
  documents.onDidSave(
    guard('save', undefined, () => {
      states.saved();
      diagnostics.saved();
    }),
  );
  connection.onDidChangeWatchedFiles(
    guard('watchedFiles', undefined, () => {
      // A .balancerlens.json (or an included file) changed on disk.
      states.clear();
      diagnostics.publishAll();
    }),
  );

  connection.onExecuteCommand(
    guard('executeCommand', undefined, async (params: ExecuteCommandParams): Promise<void> => {
      if (params.command === LIVE_REFRESH_COMMAND) await live.refresh();
    }),
  );
  connection.languages.inlayHint.on(
    guard(
      'inlayHint',
      [],
      withDocument([], (open, params) => inlayHints(open, params, diagnostics.steady(open.state))),
    ),
  );
  connection.onCodeLens(
    guard(
      'codeLens',
      [],
      withDocument([], (open, params) => codeLenses(open, params, diagnostics.steady(open.state))),
    ),
  );
  const answerCodeActions = withDocument([], (open, params: CodeActionParams) => codeActions(open, params, diagnostics.shown(open.state)));
  connection.onCodeAction(
    guard('codeAction', [], (params: CodeActionParams) => {
      const cursor = requestCursor(params);
      if (cursor) diagnostics.cursorAt(cursor.uri, cursor.position);
      return answerCodeActions(params);
    }),
  );
  for (const { method, handler } of analysisRequests(withDocument, guard, () => live.pages())) connection.onRequest(method, handler);

  connection.onRequest(
    DIFF_REQUEST,
    guard(
      'diff',
      null,
      withDocument(
        null,
        (open, params: DiffParams) => trafficDiff(states, open, params),
        (params: DiffParams) => params.uri,
      ),
    ),
  );

  documents.listen(
    checkedSync(
      connection,
      guard,
      (message) => connection.console.warn(message),
      (params) => {
        typedAt = { uri: params.textDocument.uri, position: cursorAfter(documents.get(params.textDocument.uri)?.getText(), params) };
      },
    ),
  );
  connection.listen();
}
