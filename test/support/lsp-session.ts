/**
 * One language-server session, as an editor runs it: the bundled server spawned with `--stdio` (or
 * `--node-ipc`, as the VS Code extension starts it), spoken to with the client side of
 * vscode-languageserver. Tests wait on what the server publishes (diagnostics of a document
 * version, a settings request, the process exiting), never on a clock.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  createProtocolConnection,
  InitializeRequest,
  IPCMessageReader,
  IPCMessageWriter,
  ProtocolConnection,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';

/** The bundled server (`npm run build`). */
export const SERVER = join(__dirname, '../../server/dist/server.js');

/** How to start a session. */
export interface SessionOptions {
  /** The workspace root (a file: URI), also sent as the only workspace folder when `folders` is set. */
  readonly root?: string | null;
  readonly folders?: boolean;
  /** Whether the client offers workspace/configuration, so the server pulls its settings. */
  readonly pullSettings?: boolean;
  /** The first answer to workspace/configuration (default `{}`: every setting at its default). */
  readonly configuration?: () => unknown;
  /** Whether the client takes workspace/inlayHint/refresh and workspace/codeLens/refresh requests (counted in `refreshes`). */
  readonly refreshViews?: boolean;
  /** Node options before the server's path (e.g. `--require` a guard, or the bench's resource-usage preload). */
  readonly execArgv?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** How the client speaks to the server: stdio (the default, as most editors do) or Node.js IPC (as VS Code does). */
  readonly transport?: 'stdio' | 'node-ipc';
}

/** A running server and what it has said so far. */
export interface Session {
  readonly connection: ProtocolConnection;
  readonly process: ChildProcess;
  /** window/logMessage texts. */
  readonly logs: string[];
  /** window/showMessage and window/showMessageRequest: anything that would pop up in front of the user. */
  readonly popups: string[];
  readonly stderr: string[];
  /** The workspace/inlayHint/refresh and workspace/codeLens/refresh requests so far, in order. */
  readonly refreshes: string[];
  /** Every publishDiagnostics so far, in order. */
  readonly published: readonly PublishDiagnosticsParams[];
  /** When the process was spawned (performance.now()). */
  readonly spawnedAt: number;
  /** Spawn → initialize result, in ms. */
  readonly initializeMs: number;
  /** Resolves with the process's exit code (or signal name) when it exits. */
  readonly exited: Promise<number | string>;
  /** What the next workspace/configuration request is answered with (a function may throw a ResponseError). */
  configuration: () => unknown;
  /** Resolves when the server next asks for its configuration (after the answer is sent). */
  configurationAsked(): Promise<void>;
  /** Resolves with the diagnostics published for `uri` at `version` (the latest, if already published). */
  diagnostics(uri: string, version: number): Promise<PublishDiagnosticsParams>;
  /** Resolves with the next diagnostics published for `uri`. */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  /** Sends textDocument/didOpen for an apacheconf document. */
  open(uri: string, text: string, version?: number): void;
  /** Sends textDocument/didClose. */
  close(uri: string): void;
  /** Ends the connection and kills the process. */
  stop(): void;
  /** Asks the server to shut down and exit, as an editor does, and resolves when the process is gone. */
  shutdown(): Promise<void>;
}

/** Spawns the server, initializes it, and sends `initialized`. */
export async function startSession(options: SessionOptions = {}): Promise<Session> {
  const spawnedAt = performance.now();
  const isIpc = options.transport === 'node-ipc';
  const child = spawn(process.execPath, [...(options.execArgv ?? []), SERVER, isIpc ? '--node-ipc' : '--stdio'], {
    stdio: isIpc ? ['pipe', 'pipe', 'pipe', 'ipc'] : ['pipe', 'pipe', 'pipe'],
    env: options.env ?? process.env,
  });
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  let connection: ProtocolConnection;
  if (isIpc) connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  else {
    const reader = new StreamMessageReader(child.stdout!);
    // A message cut off by a kill would otherwise re-arm vscode-jsonrpc's 10 s partial-message timer
    // forever and keep the test run from ending.
    reader.partialMessageTimeout = 0;
    connection = createProtocolConnection(reader, new StreamMessageWriter(child.stdin!));
  }
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  // A server that exits on purpose closes the pipe under a write in flight.
  child.stdin!.on('error', () => undefined);
  const waiting: { uri: string; version: number | undefined; resolve: (params: PublishDiagnosticsParams) => void }[] = [];
  const published: PublishDiagnosticsParams[] = [];
  const latest = new Map<string, PublishDiagnosticsParams>();
  const asked: (() => void)[] = [];
  const session: Session = {
    connection,
    process: child,
    spawnedAt,
    initializeMs: Number.NaN,
    logs: [],
    popups: [],
    stderr,
    refreshes: [],
    published,
    exited,
    configuration: options.configuration ?? (() => [{}]),
    configurationAsked: () => new Promise((resolve) => asked.push(resolve)),
    diagnostics: (uri, version) =>
      new Promise((resolve) => {
        const already = latest.get(`${uri}@${version}`);
        if (already) resolve(already);
        else waiting.push({ uri, version, resolve });
      }),
    nextDiagnostics: (uri) => new Promise((resolve) => waiting.push({ uri, version: undefined, resolve })),
    open(uri, text, version = 1) {
      connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'apacheconf', version, text } });
    },
    close(uri) {
      connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    },
    stop() {
      connection.dispose();
      child.kill();
    },
    async shutdown() {
      await connection.sendRequest('shutdown');
      connection.sendNotification('exit');
      await exited;
      connection.dispose();
    },
  };
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    if (params.version !== undefined) latest.set(`${params.uri}@${params.version}`, params);
    for (const wait of waiting.filter(
      (entry) => entry.uri === params.uri && (entry.version === undefined || entry.version === params.version),
    )) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(params);
    }
  });
  connection.onNotification('window/logMessage', (params: { message: string }) => {
    session.logs.push(params.message);
  });
  connection.onNotification('window/showMessage', (params: { message: string }) => {
    session.popups.push(params.message);
  });
  connection.onRequest('window/showMessageRequest', (params: { message: string }) => {
    session.popups.push(params.message);
    return null;
  });
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => {
    // Resolved after this answer goes out: a request sent then is read by the server after it.
    setImmediate(() => asked.splice(0).forEach((resolve) => resolve()));
    const answer = session.configuration();
    return Array.isArray(answer) || answer === null || typeof answer !== 'object' ? answer : params.items.map(() => answer);
  });
  connection.onRequest('client/registerCapability', () => null);
  for (const method of ['workspace/inlayHint/refresh', 'workspace/codeLens/refresh'])
    connection.onRequest(method, () => {
      session.refreshes.push(method);
      return null;
    });
  connection.listen();
  const root = options.root ?? null;
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: root,
    capabilities: {
      workspace: {
        ...(options.pullSettings ? { configuration: true, didChangeConfiguration: { dynamicRegistration: false } } : {}),
        ...(options.refreshViews ? { inlayHint: { refreshSupport: true }, codeLens: { refreshSupport: true } } : {}),
      },
    },
    workspaceFolders: options.folders && root ? [{ uri: root, name: 'workspace' }] : null,
  });
  // Set once, before anyone holds the session: the handlers above keep this object.
  (session as { initializeMs: number }).initializeMs = performance.now() - spawnedAt;
  connection.sendNotification('initialized', {});
  return session;
}
