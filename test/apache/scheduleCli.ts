// Runs our CLI's `schedule --format json` on a config file, read as the one balancer it reports.
import { spawnCliAsync } from '../support/cli';

/** The parts of one `schedule --format json` member this suite compares with Apache. */
export interface ScheduledMember {
  readonly url: string;
  readonly share: number;
}

/** The parts of one `schedule --format json` balancer this suite compares with Apache. */
export interface ScheduledBalancer {
  readonly name: string;
  /** `main` or `vhost:LINE`: the server the balancer is defined in. */
  readonly scope: string;
  /** Every server whose requests take their picks from this one schedule, in the same form. */
  readonly servers: readonly string[];
  /** Picks after which the schedule repeats; null when there is nothing to repeat (e.g. all 503). */
  readonly cycleLength: number | null;
  readonly members: readonly ScheduledMember[];
  /** Member URLs as written in their first declaration; null where Apache would answer 503. */
  readonly picks: readonly (string | null)[];
}

/** Runs `cli.js schedule FILE --format json --balancer NAME [--picks N]`; fails on a non-zero exit. */
export async function runSchedule(file: string, balancer: string, picks?: number): Promise<ScheduledBalancer> {
  const args = ['schedule', file, '--format', 'json', '--balancer', balancer];
  if (picks !== undefined) args.push('--picks', String(picks));
  const run = await spawnCliAsync(args);
  if (run.status !== 0) throw new Error(`balancer-lens schedule failed (exit ${run.status}):\n${run.stderr}${run.stdout}`);
  const found = readBalancers(JSON.parse(run.stdout)).find((candidate) => candidate.name === balancer);
  if (found === undefined) throw new Error(`balancer ${balancer} missing from ${run.stdout}`);
  return found;
}

/** Runs `cli.js schedule FILE --format json --picks N [--down URL]…`: every balancer of every server. */
export async function runScheduleAll(file: string, picks: number, down: readonly string[] = []): Promise<ScheduledBalancer[]> {
  const run = await spawnCliAsync([
    'schedule',
    file,
    '--format',
    'json',
    '--picks',
    String(picks),
    ...down.flatMap((url) => ['--down', url]),
  ]);
  if (run.status !== 0) throw new Error(`balancer-lens schedule failed (exit ${run.status}):\n${run.stderr}${run.stdout}`);
  return readBalancers(JSON.parse(run.stdout));
}

function readBalancers(report: unknown): ScheduledBalancer[] {
  const balancers = field(report, 'balancers');
  if (!Array.isArray(balancers)) throw new Error(`no "balancers" array in ${JSON.stringify(report)}`);
  return balancers.map(readBalancer);
}

function readBalancer(found: unknown): ScheduledBalancer {
  const name = field(found, 'name');
  const scope = field(found, 'scope');
  const servers = field(found, 'servers');
  const cycleLength = field(found, 'cycleLength');
  const members = field(found, 'members');
  const picks = field(found, 'picks');
  if (
    typeof name !== 'string' ||
    typeof scope !== 'string' ||
    !Array.isArray(servers) ||
    !servers.every((server: unknown) => typeof server === 'string') ||
    !(cycleLength === null || typeof cycleLength === 'number') ||
    !Array.isArray(members) ||
    !members.every(isScheduledMember) ||
    !Array.isArray(picks) ||
    !picks.every((pick: unknown) => pick === null || typeof pick === 'string')
  ) {
    throw new Error(`unexpected balancer shape: ${JSON.stringify(found)}`);
  }
  return { name, scope, servers, cycleLength, members, picks };
}

function isScheduledMember(member: unknown): member is ScheduledMember {
  return typeof field(member, 'url') === 'string' && typeof field(member, 'share') === 'number';
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
