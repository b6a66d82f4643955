/**
 * Starting the language server's worker thread (lanes.ts), kept apart from the protocol libraries:
 * server/dist/server.js starts it before it loads the bundle, so that on a machine with two cores
 * the worker boots while the main thread loads: the first answer comes about 35 ms sooner.
 */
import { MessageChannel, MessagePort, Worker } from 'node:worker_threads';

/**
 * The worker's code cache (node/code-cache.ts) is written once it has run this long, by when it has
 * compiled what a first analysis needs: the process ends it without its exit event.
 */
export const WORKER_CACHE_AFTER_MS = 3000;

/** The worker, and the port it reports on (lanes.ts, LaneReport). */
export interface LaneWorker {
  readonly worker: Worker;
  readonly reports: MessagePort;
}

/** Whether the client speaks over a transport the main thread passes on to a worker: stdio or Node.js IPC (transport.ts). */
export function hasLaneTransport(argv: readonly string[]): boolean {
  return argv.includes('--stdio') || argv.includes('--node-ipc');
}

/** Starts the worker on `entry`, server/dist/server.js, which in a worker starts the server itself (lanes.ts, workerSide). */
export function startLaneWorker(entry: string): LaneWorker {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(`require(${JSON.stringify(entry)})`, {
    eval: true,
    workerData: { lane: port2 },
    transferList: [port2],
    // Its console is not the protocol's stream: what a library prints there goes to the log.
    stdout: true,
  });
  return { worker, reports: port1 };
}
