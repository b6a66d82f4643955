/**
 * The client's transport the process arguments ask for (stdio, IPC or sockets): read message by
 * message for the main thread's lanes (lanes.ts), or as a connection for a server in the main
 * thread. Over stdio the server reads the stream itself: vscode-languageserver drops read errors, so a wrong Content-Length (a
 * message cut short or overlong) left the process running but deaf. A byte stream that lost its
 * framing cannot be re-synchronised, so the server logs why and exits with 1; the client restarts it.
 * A well-framed message whose body is not JSON, or not an object, leaves the framing intact: it is
 * answered with JSON-RPC's parse error (-32700) or invalid request (-32600), and the server goes on.
 */
import {
  createConnection,
  ErrorCodes,
  IPCMessageReader,
  IPCMessageWriter,
  LogMessageNotification,
  MessageType,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import type { Connection, Message, MessageReader, MessageWriter } from 'vscode-languageserver/node';

/** A connection on the transport named in the process arguments, for a server in the main thread. */
export function connect(): Connection {
  const transport = process.argv.includes('--stdio') ? clientTransport() : undefined;
  if (!transport) return createConnection(ProposedFeatures.all);
  const connection = createConnection(ProposedFeatures.all, transport.reader, transport.writer);
  let isShutDown = false;
  connection.onShutdown(() => {
    isShutDown = true;
  });
  transport.closed(() => isShutDown);
  return connection;
}

/** The client's messages, one at a time, over the transport named in the process arguments. */
export interface ClientTransport {
  readonly reader: MessageReader;
  readonly writer: MessageWriter;
  /** Writes a message already written as JSON in UTF-8 (by the worker thread, lanes.ts), in turn with the writer's. */
  writeJson(json: Uint8Array): Promise<void>;
  /** Exits the process when the client goes (0 after a shutdown request, else 1) or the stream breaks (1, with a line in the log). */
  closed(isShutDown: () => boolean): void;
}

/** The client's messages over stdio or node-ipc; undefined for the other transports (sockets, pipes), which vscode-languageserver opens itself. */
export function clientTransport(): ClientTransport | undefined {
  let reader: MessageReader;
  let writer: MessageWriter;
  let writeJson: (json: Uint8Array) => Promise<void>;
  if (process.argv.includes('--stdio')) {
    const stream = new StreamMessageWriter(process.stdout, { charset: 'utf-8', contentTypeEncoder: JSON_ONCE });
    writer = stream;
    writeJson = (json) => stream.write(new WrittenJson(json) as unknown as Message);
    reader = new StreamMessageReader(process.stdin, { charset: 'utf-8', contentTypeDecoder: LENIENT_JSON });
  } else if (process.argv.includes('--node-ipc')) {
    const ipc = new IPCMessageWriter(process);
    writer = ipc;
    // Node.js writes a message to its IPC channel as JSON itself, from the message's objects.
    writeJson = (json) => ipc.write(JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as Message);
    reader = new IPCMessageReader(process);
  } else return undefined;
  return {
    reader: answeringMalformed(reader, writer),
    writer,
    writeJson,
    closed(isShutDown) {
      let isExiting = false;
      reader.onError((error) => {
        if (isExiting) return;
        isExiting = true;
        const message = `balancer-lens: cannot read the messages from the client any more (${error.message.split('\n')[0]}), so the server exits: a stream whose framing is lost cannot be resynchronised`;
        void writer
          .write({ jsonrpc: '2.0', method: LogMessageNotification.method, params: { type: MessageType.Error, message } } as Message)
          .finally(() => process.exit(1));
      });
      // As for the streams vscode-languageserver opens itself: the client is gone.
      reader.onClose(() => process.exit(isShutDown() ? 0 : 1));
    },
  };
}

/** A message already written as JSON in UTF-8, which the stream writer sends as it is (JSON_ONCE). */
class WrittenJson {
  constructor(readonly json: Uint8Array) {}
}

/** vscode-jsonrpc's JSON encoder, except that a message already written as JSON is not written again. */
const JSON_ONCE = {
  name: 'application/json',
  encode: (message: Message | WrittenJson, options: { charset: 'ascii' | 'utf-8' }): Promise<Uint8Array> => {
    try {
      return Promise.resolve(
        message instanceof WrittenJson ? message.json : Buffer.from(JSON.stringify(message, undefined, 0), options.charset),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  },
};

/** What the decoder gives for a body that is not JSON: a value no message can be. */
const NOT_JSON = Symbol('not JSON');

/** vscode-jsonrpc's JSON decoder, except that a body that does not parse is NOT_JSON instead of a read error. */
const LENIENT_JSON = {
  name: 'application/vscode-jsonrpc',
  decode: (buffer: Uint8Array, options: { charset: string }): Promise<Message> => {
    const text = new TextDecoder(options.charset).decode(buffer);
    try {
      return Promise.resolve(JSON.parse(text) as Message);
    } catch {
      return Promise.resolve(NOT_JSON as unknown as Message);
    }
  },
};

/** A reader that answers a body that is not JSON (-32700) or not an object (-32600) itself, with a line in the log, and passes the rest on. */
function answeringMalformed(reader: MessageReader, writer: MessageWriter): MessageReader {
  return {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    dispose: () => reader.dispose(),
    listen: (callback) =>
      reader.listen((message) => {
        const isParsed = (message as unknown) !== NOT_JSON;
        if (isParsed && typeof message === 'object' && message !== null && !Array.isArray(message)) return callback(message);
        const error = isParsed
          ? { code: ErrorCodes.InvalidRequest, message: 'invalid request: a message is a JSON object' }
          : { code: ErrorCodes.ParseError, message: 'parse error: the message body is not JSON' };
        void writer.write({ jsonrpc: '2.0', id: null, error } as Message);
        void writer.write({
          jsonrpc: '2.0',
          method: LogMessageNotification.method,
          params: { type: MessageType.Error, message: `balancer-lens: a message from the client was dropped (${error.message})` },
        } as Message);
      }),
  };
}
