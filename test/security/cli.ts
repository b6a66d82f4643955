/** Runs the bundled CLI for the hostile-input suite (build first: `npm run build`). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const CLI = join(__dirname, '../../server/dist/cli.js');

/** What one run of the CLI printed; `signal` is set when the run was killed (a timeout included). */
export interface Run {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** How long one run may take before it is killed (the run then fails the test, it never hangs it). */
const RUN_TIMEOUT_MS = 30_000;

/**
 * Runs `balancer-lens ARGS` and waits for it; output beyond `maxOutput` bytes kills it (an attack
 * that makes the linter print without end fails the test instead of filling the memory).
 */
export function runCli(args: readonly string[], options: { cwd: string; maxOutput?: number; timeoutMs?: number }): Run {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    input: '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: options.timeoutMs ?? RUN_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: options.maxOutput ?? 1024 * 1024,
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
