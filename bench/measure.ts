/** Running and timing processes for the benchmark, and the statistics over repeated runs. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Preloaded into every measured Node process to report its CPU time and peak RSS at exit. */
export const RUSAGE_PRELOAD = join(__dirname, 'rusage.cjs');
/** GNU time, for the CPU time and peak RSS of processes that are not Node (apache2). */
export const GNU_TIME = '/usr/bin/time';

/** One run of a process. */
export interface Run {
  /** Spawn to exit, as the harness saw it. */
  readonly wallMs: number;
  /** User + system CPU of the process itself; undefined when it could not be measured. */
  readonly cpuMs: number | undefined;
  /** Peak resident set, KiB. */
  readonly maxRssKiB: number | undefined;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a Node script with the rusage preload; stdout is kept only when asked (it can be megabytes). */
export function runNode(args: readonly string[], scratch: string, options: { keepStdout?: boolean; cwd?: string } = {}): Run {
  const file = join(scratch, `rusage-${process.pid}.json`);
  rmSync(file, { force: true });
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['-r', RUSAGE_PRELOAD, ...args], {
    cwd: options.cwd,
    env: { ...process.env, BENCH_RUSAGE_FILE: file, NO_COLOR: '1' },
    stdio: ['ignore', options.keepStdout ? 'pipe' : 'ignore', 'pipe'],
    maxBuffer: 1024 * 1024 * 1024,
    encoding: 'utf8',
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.error) throw result.error;
  const usage = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { userMicros: number; systemMicros: number; maxRssKiB: number })
    : undefined;
  return {
    wallMs,
    cpuMs: usage ? (usage.userMicros + usage.systemMicros) / 1000 : undefined,
    maxRssKiB: usage?.maxRssKiB,
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
  };
}

/** Runs any program, under GNU time when it is installed (CPU in 10 ms steps, peak RSS in KiB). */
export function runTimed(program: string, args: readonly string[], scratch: string): Run {
  const hasTime = existsSync(GNU_TIME);
  const file = join(scratch, `time-${process.pid}.txt`);
  rmSync(file, { force: true });
  const [command, commandArgs] = hasTime ? [GNU_TIME, ['-f', '%U %S %M', '-o', file, program, ...args]] : [program, [...args]];
  const start = process.hrtime.bigint();
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.error) throw result.error;
  let cpuMs: number | undefined;
  let maxRssKiB: number | undefined;
  if (hasTime && existsSync(file)) {
    // GNU time may prefix "Command exited with non-zero status N"; the numbers are the last line.
    const last = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
    const [user, system, rss] = last.split(' ').map(Number);
    if (user !== undefined && system !== undefined && Number.isFinite(user + system)) cpuMs = (user + system) * 1000;
    if (rss !== undefined && Number.isFinite(rss)) maxRssKiB = rss;
  }
  return { wallMs, cpuMs, maxRssKiB, status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** The median; NaN for no values. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p95 of 200 values is the 190th smallest); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** Median of the defined values, or undefined when there are none. */
export function medianOf(values: readonly (number | undefined)[]): number | undefined {
  const defined = values.filter((value): value is number => value !== undefined);
  return defined.length > 0 ? median(defined) : undefined;
}

/** p50 and p95 of a sample, with its size. */
export interface Distribution {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly samples: number;
}

/** Summarises a sample of durations. */
export function distribution(values: readonly number[]): Distribution {
  return { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values), samples: values.length };
}
