/**
 * The server's two threads. A worker thread runs the language server itself (server.ts): every
 * analysis, every diagnostic, every answer. The main thread reads the client's messages and passes
 * them on, so it is never blocked by an analysis: while the worker is busy (assembling a
 * configuration set, or answering a request), a request about a document that the fast lane
 * (fast-lane.ts) can answer from the document's own configuration in a few milliseconds is answered
 * here, instead of waiting behind a large configuration (up to about 1.5 s for one of 2 MB).
 * Analyses stay in the thread that made them (they hold class instances, and copying one of 2 MB
 * would block for half a second): the main thread keeps only the small ones it made itself.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, MessagePort, parentPort, workerData } from 'node:worker_threads';
import {
  AbstractMessageWriter,
  createConnection,
  LogMessageNotification,
  MessageType,
  PortMessageReader,
  ProposedFeatures,
} from 'vscode-languageserver/node';
import type { Connection, Message, MessageWriter } from 'vscode-languageserver/node';
import { describe } from './guard';
import { fastLane } from './fast-lane';
import { LaneWorker, startLaneWorker } from './lane-worker';
import { messageJson } from './message-json';
import type { Settings } from './settings';
import { clientTransport } from './transport';

/** What the worker tells the main thread besides the protocol. */
export type LaneReport =
  /** It starts or ends assembling a configuration set. */
  | { readonly kind: 'busy'; readonly isBusy: boolean }
  /**
   * The whole workspace is analysed, with the open documents at these versions: until the next
   * change, every answer is the worker's (it knows more than a document's own configuration).
   */
  | { readonly kind: 'settled'; readonly versions: string }
  /** The settings it pulled from the client. */
  | { readonly kind: 'settings'; readonly settings: Settings };

/**
 * A message of the worker's to the client, as the worker posts it to the main thread: already
 * written as JSON in UTF-8, with the request it answers (its id as `idKey` gives it) when it is a response.
 */
interface Outgoing {
  readonly json: Uint8Array;
  readonly answers?: string;
}

/**
 * The worker's side of its messages to the client: each is written as JSON here, in UTF-8
 * (message-json.ts), and its bytes are handed over (transferred, not copied) to the main thread,
 * which sends them on as they are. Posting the message's objects would have them copied across the
 * threads and encoded again in the main thread: for 1,500 diagnostics, about 5 ms to copy in the
 * worker, 10 ms to rebuild in the main thread and 3 ms to encode there, on the way from each
 * keystroke to its diagnostics. Posting the JSON as text had it copied (2.6 ms for those, whose
 * messages hold non-ASCII characters) and encoded in the main thread (1.1 ms).
 */
class JsonPortWriter extends AbstractMessageWriter implements MessageWriter {
  constructor(private readonly port: MessagePort) {
    super();
    port.on('close', () => this.fireClose());
    port.on('error', (error: Error) => this.fireError(error));
  }

  write(message: Message): Promise<void> {
    try {
      const json = messageJson(message);
      const outgoing: Outgoing = { json, ...(isResponse(message) ? { answers: idKey(message.id) } : {}) };
      this.port.postMessage(outgoing, [json.buffer]);
      return Promise.resolve();
    } catch (error) {
      this.fireError(error as Error, message);
      return Promise.reject(error);
    }
  }

  end(): void {}
}

/** Inside the worker: its connection to the main thread, and how it reports; undefined in the main thread. */
export function workerSide(): { connection: Connection; report: (report: LaneReport) => void } | undefined {
  if (isMainThread || !parentPort) return undefined;
  const lane = (workerData as { lane: MessagePort }).lane;
  return {
    connection: createConnection(ProposedFeatures.all, new PortMessageReader(parentPort), new JsonPortWriter(parentPort)),
    report: (report) => lane.postMessage(report),
  };
}

/**
 * In the main thread: starts the worker, unless server/dist/server.js has started it already
 * (`early`), and routes the client's messages (stdio and node-ipc; false for other transports, and
 * when not running from the bundle in server/dist, where the server runs in this thread).
 */
export function startLanes(early?: LaneWorker): boolean {
  // The file editors start, beside the bundle: in the worker it starts the server (workerSide), with its code cache.
  const entry = join(__dirname, 'server.js');
  const transport = early || existsSync(entry) ? clientTransport() : undefined;
  if (!transport) {
    void early?.worker.terminate();
    return false;
  }
  const { reader, writer, writeJson } = transport;
  const { worker, reports } = early ?? startLaneWorker(entry);
  const log = (type: MessageType, message: string): void =>
    void writer.write({ jsonrpc: '2.0', method: LogMessageNotification.method, params: { type, message } } as Message);
  worker.stdout.on('data', (chunk: Buffer) => log(MessageType.Log, chunk.toString('utf8')));
  const fast = fastLane((message) => log(MessageType.Error, message));
  /** Whether the worker is assembling a set, the documents of the requests it has not answered yet (by id), and whether the whole workspace is analysed. */
  let isBusy = false;
  const unanswered = new Map<string, unknown>();
  let isSettled = false;
  let isShutDown = false;

  reports.on('message', (report: LaneReport) => {
    switch (report.kind) {
      case 'busy':
        isBusy = report.isBusy;
        break;
      case 'settled':
        // Not when a document changed since: the worker has not analysed the workspace with that change.
        isSettled = report.versions === fast.versions();
        break;
      case 'settings':
        fast.configure(report.settings);
        break;
    }
  });
  worker.on('message', ({ json, answers }: Outgoing) => {
    if (answers !== undefined) unanswered.delete(answers);
    void writeJson(json);
  });
  worker.on('error', (error) => {
    log(MessageType.Error, `balancer-lens: the language server failed: ${describe(error)}`);
    process.exitCode = 1;
  });
  // The worker exits on the protocol's exit notification (or when it fails): the process goes with it.
  worker.on('exit', (code) => process.exit(process.exitCode ?? code));

  reader.listen((message) => {
    const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown };
    if (typeof method !== 'string') return worker.postMessage(message);
    if (id === undefined) {
      // The protocol's end: not queued behind an analysis the worker may be deep in.
      if (method === 'exit') process.exit(isShutDown ? 0 : 1);
      if (TOUCHING.has(method)) isSettled = false;
      fast.notified(method, params);
      return worker.postMessage(message);
    }
    if (method === 'initialize') fast.initialize(params);
    // Answered here at once: behind a long analysis the client's stop would time out, and a restart fail.
    if (method === 'shutdown') {
      isShutDown = true;
      return void writer.write({ jsonrpc: '2.0', id, result: null } as Message);
    }
    const uri = documentOf(params);
    // A document the worker is answering a request about is left to it: it is analysing that one already.
    if ((isBusy || unanswered.size > 0) && !isSettled && !isShutDown && ![...unanswered.values()].includes(uri)) {
      const answer = fast.answer(method, params);
      if (answer) return void writer.write({ jsonrpc: '2.0', id, result: answer.result } as Message);
    }
    unanswered.set(idKey(id), uri);
    worker.postMessage(message);
  });
  transport.closed(() => isShutDown);
  return true;
}

/** The notifications after which the worker analyses again, so the fast lane may answer until it has. */
const TOUCHING = new Set([
  'textDocument/didOpen',
  'textDocument/didChange',
  'textDocument/didClose',
  'textDocument/didSave',
  'workspace/didChangeWatchedFiles',
  'workspace/didChangeConfiguration',
]);

function isResponse(message: Message): message is Message & { id: unknown } {
  return !('method' in message) && 'id' in message;
}

/** The document a request is about: `textDocument.uri`, or `uri` (balancerLens/schedule, /trace, /diff). */
function documentOf(params: unknown): unknown {
  const fields = params as { textDocument?: { uri?: unknown }; uri?: unknown } | null | undefined;
  return fields?.textDocument?.uri ?? fields?.uri;
}

/** A request id as a key: numbers and strings are distinct ids. */
function idKey(id: unknown): string {
  return JSON.stringify(id) ?? '';
}
