/** `balancer-lens`: the command line, given this process's I/O. The only code that touches `process` for it. */
import { readSync } from 'node:fs';
import { CliIo, run } from './run';

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

const io: CliIo = {
  cwd: process.cwd(),
  env: process.env,
  stdout: { write: (text) => void process.stdout.write(text), isTTY: Boolean(process.stdout.isTTY), columns: process.stdout.columns },
  stderr: { write: (text) => void process.stderr.write(text), isTTY: Boolean(process.stderr.isTTY) },
  readStdin,
  // From the start of the process: --max-time counts Node's start-up too.
  now: () => performance.now(),
};

// Run as the `balancer-lens` command; required by server/dist/server.js, it only lends startServer.
if (require.main === module) process.exitCode = run(io, process.argv.slice(2));

export { startServer } from './run';
