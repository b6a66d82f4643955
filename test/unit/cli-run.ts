/** Runs the bundled CLI (`npm run build` first; npm test does) as a user would, to completion. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'server/dist/cli.js');

/** What a finished run gave. */
export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `balancer-lens ARGS` in `cwd`, without colour, with `env` added to this process's environment. */
export function runCli(args: readonly string[], cwd = ROOT, env: Readonly<Record<string, string>> = {}): Run {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env, NO_COLOR: '1' }, timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
