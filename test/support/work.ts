/**
 * Work counted instead of timed, for code that has no checkpoint to count (test/support/steps.ts):
 * V8's block coverage counts every function call and every block of JavaScript run, the same count
 * for the same input however loaded the machine is. A quadratic path shows as a count that grows
 * fourfold when the input doubles. Work done inside native calls is added as the characters they
 * search: RegExp's exec (which test, match, replace and split go through once it is replaced) and
 * String's indexOf and lastIndexOf (a regex's backtracking within those characters is not seen).
 * V8 counts blocks a little less exactly once it has optimised a loop (a few percent), so compare
 * with a wide margin: three times for twice the input.
 *
 * The count is taken in a worker thread that starts coverage before it loads the module, so every
 * function is compiled with its counters (a function compiled earlier counts wrongly), and answers
 * synchronously, so a fast-check property can ask it.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { resolve } from 'node:path';

const WORKER = `
const { workerData } = require('node:worker_threads');
require('tsx/cjs');
const { Session } = require('node:inspector');
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
let searched = 0;
const exec = RegExp.prototype.exec;
RegExp.prototype.exec = function (text) {
  const from = this.global || this.sticky ? this.lastIndex : 0;
  const found = exec.call(this, text);
  // A sticky search (split's) tries one place only.
  if (this.sticky) searched += found ? Math.max(1, found[0].length) : 1;
  else searched += Math.max(0, (found ? found.index + found[0].length : String(text).length) - from);
  return found;
};
const indexOf = String.prototype.indexOf;
String.prototype.indexOf = function (search, from) {
  const at = indexOf.call(this, search, from);
  searched += Math.max(0, (at >= 0 ? at + String(search).length : this.length) - (Number(from) || 0));
  return at;
};
const lastIndexOf = String.prototype.lastIndexOf;
String.prototype.lastIndexOf = function (search, from) {
  const at = lastIndexOf.call(this, search, from);
  searched += Math.max(0, (from === undefined ? this.length : Math.min(Number(from) + 1, this.length)) - Math.max(at, 0));
  return at;
};
const work = require(workerData.module)[workerData.name];
const { port, done, under } = workerData;
const blocks = () => {
  let count = searched;
  searched = 0;
  session.post('Profiler.takePreciseCoverage', (error, coverage) => {
    if (error) throw error;
    for (const script of coverage.result)
      if (script.url.includes(under)) for (const fn of script.functions) for (const range of fn.ranges) count += range.count;
  });
  return count;
};
port.on('message', (args) => {
  blocks();
  let answer;
  try {
    const result = work(...args);
    answer = { work: blocks(), result: JSON.parse(JSON.stringify(result ?? null)) };
  } catch (error) {
    answer = { error: String(error && error.stack || error) };
  }
  port.postMessage(answer);
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
});
`;

/** What one call cost: the blocks of JavaScript run under `server/src/` and the characters native calls searched, and what it returned (as JSON). */
export interface Work {
  readonly work: number;
  readonly result: unknown;
}

/** A function of a module, run in a worker that counts the work each call does. */
export interface WorkCounter {
  /** Calls the function with `args` (cloned to the worker) and waits for its count. */
  count(...args: readonly unknown[]): Work;
  /** Ends the worker. */
  close(): Promise<number>;
}

/** A counter for the export `name` of `module` (a path from the repository's root, e.g. `server/src/core/live/manager-page.ts`). */
export function workCounter(module: string, name: string): WorkCounter {
  const { port1, port2 } = new MessageChannel();
  const done = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      module: resolve(__dirname, '../..', module),
      name,
      port: port2,
      done,
      under: `${resolve(__dirname, '../../server/src')}/`,
    },
    transferList: [port2 as unknown as MessagePort],
  });
  worker.unref();
  return {
    count(...args) {
      Atomics.store(done, 0, 0);
      port1.postMessage(args);
      // A blocked thread cannot meet mocha's time-out: this bound is the safety net against a worker that died.
      if (Atomics.wait(done, 0, 0, 600_000) === 'timed-out') throw new Error('the work counter did not answer within 10 minutes');
      const answer = receiveMessageOnPort(port1)?.message as { work: number; result: unknown } | { error: string } | undefined;
      if (!answer) throw new Error('the work counter did not answer');
      if ('error' in answer) throw new Error(`in the work counter: ${answer.error}`);
      return answer;
    },
    close: () => {
      port1.close();
      return worker.terminate();
    },
  };
}
