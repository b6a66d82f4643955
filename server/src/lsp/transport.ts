/**
 * The connection the process arguments ask for (stdio, IPC or sockets). Over stdio the server
 * reads the stream itself: vscode-languageserver drops read errors, so a wrong Content-Length (a
 * message cut short or overlong) left the process running but deaf. A byte stream that lost its
 * framing cannot be re-synchronised, so the server logs why and exits with 1; the client restarts it.
 */
import {
  createConnection,
  LogMessageNotification,
  MessageType,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import type { Connection } from 'vscode-languageserver/node';

/** A connection on the transport named in the process arguments. */
export function connect(): Connection {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  const reader = new StreamMessageReader(process.stdin);
  const connection = createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
  let isShutDown = false;
  let isExiting = false;
  connection.onShutdown(() => {
    isShutDown = true;
  });
  reader.onError((error) => {
    if (isExiting) return;
    isExiting = true;
    const message = `balancer-lens: cannot read the messages from the client any more (${error.message.split('\n')[0]}), so the server exits: a stream whose framing is lost cannot be resynchronised`;
    void connection.sendNotification(LogMessageNotification.type, { type: MessageType.Error, message }).finally(() => process.exit(1));
  });
  // As for the streams vscode-languageserver opens itself: the client is gone.
  reader.onClose(() => process.exit(isShutDown ? 0 : 1));
  return connection;
}
