/**
 * Runs balancer-lens for tests: `runCli` in-process through `run(io, argv)` (fast; the source, not
 * the bundle), `spawnCli` as the built binary (`npm run build` first) for the end-to-end checks a
 * separate process needs.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { run } from '../../server/src/cli/run';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'server/dist/cli.js');

/** What a finished run gave. */
export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where and with what a run starts: the folder (default: the repository), variables added to this process's, standard input. */
export interface RunOptions {
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly stdin?: string | Buffer;
}

/** Runs `balancer-lens ARGS` in this process, without colour, as the binary would. */
export function runCli(args: readonly string[], options: RunOptions = {}): Run {
  let stdout = '';
  let stderr = '';
  const input = Buffer.from(options.stdin ?? '');
  let read = 0;
  const started = performance.now();
  const status = run(
    {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env, NO_COLOR: '1' },
      stdout: { write: (text) => void (stdout += text), isTTY: false },
      stderr: { write: (text) => void (stderr += text), isTTY: false },
      readStdin: (chunk) => {
        const copied = input.copy(chunk, 0, read);
        read += copied;
        return copied;
      },
      now: () => performance.now() - started,
    },
    args,
  );
  return { status, stdout, stderr };
}

/** How long a spawned run may take, and how much it may print, before it is killed (the test then fails instead of hanging or filling the memory). */
export interface SpawnOptions extends RunOptions {
  readonly timeoutMs?: number;
  readonly maxOutput?: number;
}

/** Runs the built binary, without colour, and waits for it; `signal` is set when it was killed. */
export function spawnCli(args: readonly string[], options: SpawnOptions = {}): Run & { readonly signal: NodeJS.Signals | null } {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.stdin ?? '',
    encoding: 'utf8',
    env: { ...process.env, ...options.env, NO_COLOR: '1' },
    timeout: options.timeoutMs ?? 60_000,
    killSignal: 'SIGKILL',
    maxBuffer: options.maxOutput ?? 1024 * 1024,
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
