/**
 * Runs balancer-lens for tests: `runCli` in-process through `run(io, argv)` (fast; the source, not
 * the bundle), `spawnCli` as the built binary (`npm run build` first) for the end-to-end checks a
 * separate process needs.
 */
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { JsonFileResult } from '../../server/src/cli/formats/json';
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
  /** Standard output is a terminal this many columns wide (default: not a terminal). */
  readonly columns?: number;
  /** The run's clock, milliseconds since it started, for `--max-time` (in-process only; default: the real one). */
  readonly clock?: () => number;
}

/** Runs `balancer-lens ARGS` in this process, without colour, as the binary would (a command that waits on the network: `runCliAsync`). */
export function runCli(args: readonly string[], options: RunOptions = {}): Run {
  const { status, output } = startCli(args, options);
  if (typeof status !== 'number') throw new Error(`balancer-lens ${args[0] ?? ''} is asynchronous: use runCliAsync`);
  return { status, ...output() };
}

/** Runs `balancer-lens ARGS` in this process, waiting for a command that resolves later (`status`). */
export async function runCliAsync(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const { status, output } = startCli(args, options);
  return { status: await status, ...output() };
}

function startCli(
  args: readonly string[],
  options: RunOptions,
): { status: ReturnType<typeof run>; output: () => { stdout: string; stderr: string } } {
  let stdout = '';
  let stderr = '';
  const input = Buffer.from(options.stdin ?? '');
  let read = 0;
  const started = performance.now();
  const status = run(
    {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env, NO_COLOR: '1' },
      stdout: { write: (text) => void (stdout += text), isTTY: options.columns !== undefined, columns: options.columns },
      stderr: { write: (text) => void (stderr += text), isTTY: false },
      readStdin: (chunk) => {
        const copied = input.copy(chunk, 0, read);
        read += copied;
        return copied;
      },
      now: options.clock ?? (() => performance.now() - started),
    },
    args,
  );
  return { status, output: () => ({ stdout, stderr }) };
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

/** Runs the built binary without blocking (for suites that run many at once), in `env` when given; never rejects, `status` is null when it was killed. */
export function spawnCliAsync(
  args: readonly string[],
  options: { readonly env?: NodeJS.ProcessEnv; readonly timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { timeout: options.timeoutMs ?? 30_000, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

/** One file of `lint --format json`: the product's own contract type. */
export type LintJsonFile = JsonFileResult;

/** `balancer-lens lint --format json ARGS` in-process; fails unless it exits 0 or 1. */
export function lintJson(args: readonly string[], options: RunOptions = {}): { run: Run; results: LintJsonFile[] } {
  const run = runCli(['lint', '--format', 'json', ...args], options);
  if (run.status !== 0 && run.status !== 1) throw new Error(`lint exited ${run.status}: ${run.stderr}`);
  return { run, results: JSON.parse(run.stdout) as LintJsonFile[] };
}
