/**
 * server/dist/bundle.js, the program: the command line, given this process's I/O (the only code that
 * touches `process` for it), and the language server it lends to `lsp --stdio`. The files users and
 * editors start (server/dist/cli.js and server/dist/server.js, bin/cli.ts and bin/server.ts) load it
 * with a code cache; the GitHub Action runs it alone (action/dist/cli.js). The entries in bin/ are
 * the only modules that join the CLI and the language server.
 */
import { readSync } from 'node:fs';
import type { CliIo, Output } from '../cli/io';
import type { LaneWorker } from '../lsp/lane-worker';
import { run } from '../cli/run';

/** One read of standard input; waits while a non-blocking pipe is empty, and a closed one reads as its end. */
function readStdin(chunk: Buffer): number {
  for (;;) {
    try {
      return readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/**
 * One of the process's outputs, whose reader may go away first (`balancer-lens schedule … | head`):
 * from then on what is left is dropped, as Unix tools do, and the run still exits with its own code.
 * Any other write error stays fatal.
 */
function output(stream: NodeJS.WriteStream): Output {
  let state: 'unwritten' | 'open' | 'closed' = 'unwritten';
  const write = (text: string): void => {
    if (state === 'closed') return;
    // Listened to from the first write on: `lsp --stdio` never writes here, and its own writer's errors stay its own.
    if (state === 'unwritten')
      stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
        state = 'closed';
      });
    state = 'open';
    stream.write(text);
  };
  return { write, isTTY: Boolean(stream.isTTY), columns: stream.columns };
}

/**
 * The language server, loaded on first use: a `require` (not an import) is evaluated only when called, in the
 * bundle too, so `lint` never starts the LSP libraries; server/dist/server.js reaches the server through it.
 */
export function startServer(early?: LaneWorker): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('../lsp/server') as typeof import('../lsp/server')).startServer(early);
}

/** Runs the command line of this process and sets its exit code. */
export function runCli(): void {
  const io: CliIo = {
    cwd: process.cwd(),
    env: process.env,
    stdout: output(process.stdout),
    stderr: output(process.stderr),
    readStdin,
    // From the start of the process: --max-time counts Node's start-up too.
    now: () => performance.now(),
    startLanguageServer: startServer,
  };
  const code = run(io, process.argv.slice(2));
  if (typeof code === 'number') process.exitCode = code;
  else void code.then((settled) => (process.exitCode = settled));
}

// Run alone (the GitHub Action's action/dist/cli.js); loaded by bin/cli.ts or bin/server.ts, it only lends runCli and startServer.
if (require.main === module) runCli();
