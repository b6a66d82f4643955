/**
 * A running Apache against its configuration: the balancer-manager page (manager-page.ts) compared
 * with the previews of one analysis. Members configured but not running and the reverse, status
 * flags and values edited at run time, and the Elected counts tested against the shares the
 * scheduler gives the members as they are now.
 */
import { hasStatus, STATUS_BITS, StatusLetter } from '../model/params';
import type { Member } from '../model/model';
import { schedule } from '../scheduler/byrequests';
import type { BalancerPreview } from '../scheduler/preview';
import { ChiSquare, chiSquareTest } from './chi-square';
import { LiveBalancer, LiveMember, ManagerPage, statusWord } from './manager-page';

/** A chance this small of counts so far from the shares is called drift: low, so a fleet of servers rarely raises a false alarm. */
export const DRIFT_ALPHA = 0.001;

/** Each cell of the test must expect at least this many requests (the usual rule for Pearson's test). */
export const MIN_EXPECTED = 5;

/** The flags a configuration can set and an admin or a failure can change, in Apache's order. */
const COMPARED_FLAGS: readonly StatusLetter[] = ['I', 'N', 'D', 'S', 'E', 'H', 'R', 'C'];

/** The flags a failure sets, not an admin. */
const FAILURE_FLAGS = new Set<StatusLetter>(['E', 'C']);

/** What differs between the running server and the configuration; public API (the JSON `kind`). */
export type DifferenceKind =
  | 'balancer-not-running'
  | 'balancer-not-configured'
  | 'lbmethod'
  | 'member-not-running'
  | 'member-not-configured'
  | 'status'
  | 'loadfactor'
  | 'lbset'
  | 'route'
  | 'redirect';

/** One difference, in a sentence. */
export interface LiveDifference {
  readonly kind: DifferenceKind;
  /** The member's name, for a member's difference. */
  readonly member?: string;
  /** The status word (`Err`, `Dis`) of a status difference. */
  readonly flag?: string;
  /** What the configuration says and what the server runs with, as text (absent when one side has nothing). */
  readonly configured?: string;
  readonly running?: string;
  readonly message: string;
}

/** One member on either side, or both. */
export interface MemberComparison {
  /** The running server's name for it, else the configuration's URL. */
  readonly name: string;
  readonly configured: Member | undefined;
  readonly running: LiveMember | undefined;
  /** The share the scheduler gives it with the values it runs with now; undefined when not running. */
  readonly predictedShare: number | undefined;
  /** Its Elected count over the balancer's; undefined when not running or nothing was elected. */
  readonly observedShare: number | undefined;
}

/** How the Elected counts compare with the predicted shares. */
export type TrafficVerdict = 'consistent' | 'drift' | 'too-few' | 'not-tested';

/** The traffic test of one balancer. */
export interface TrafficCheck {
  readonly verdict: TrafficVerdict;
  /** Elected requests over the members the test covers. */
  readonly requests: number;
  readonly test: ChiSquare | undefined;
  readonly alpha: number;
  /** Why, in a sentence. */
  readonly message: string;
}

/** One balancer on either side, or both. */
export interface BalancerComparison {
  readonly name: string;
  readonly preview: BalancerPreview | undefined;
  readonly running: LiveBalancer | undefined;
  readonly members: readonly MemberComparison[];
  readonly differences: readonly LiveDifference[];
  readonly traffic: TrafficCheck;
  readonly notes: readonly string[];
}

/** A balancer-manager page against a configuration. */
export interface LiveReport {
  readonly balancers: readonly BalancerComparison[];
  /** BalancerPersist as the page says, else as the configuration says. */
  readonly persist: boolean;
  /** Something the running server does differs from the configuration (the traffic test does not count). */
  readonly differs: boolean;
}

/** Compares a page with the previews of the configuration it should be running. */
export function compareLive(page: ManagerPage, previews: readonly BalancerPreview[], configuredPersist: boolean): LiveReport {
  const persist = page.persist ?? configuredPersist;
  const balancers: BalancerComparison[] = [];
  const matched = new Set<BalancerPreview>();
  for (const running of page.balancers) {
    const named = previews.filter((preview) => preview.balancer.name === running.name);
    const preview = named.find((each) => each.balancer.scope.kind === 'main') ?? named[0];
    if (preview) matched.add(preview);
    balancers.push(compareBalancer(running.name, preview, running, persist, named.length));
  }
  // A virtual host's own balancers show only on a balancer-manager in that virtual host.
  for (const preview of previews)
    if (!matched.has(preview) && preview.balancer.scope.kind === 'main' && !balancers.some((each) => each.name === preview.balancer.name))
      balancers.push(compareBalancer(preview.balancer.name, preview, undefined, persist, 1));
  return { balancers, persist, differs: balancers.some((each) => each.differences.length > 0) };
}

function compareBalancer(
  name: string,
  preview: BalancerPreview | undefined,
  running: LiveBalancer | undefined,
  persist: boolean,
  definitions: number,
): BalancerComparison {
  const notes: string[] = [];
  if (!running)
    return {
      name,
      preview,
      running,
      members: (preview?.balancer.members ?? []).map((member) => memberOnly(member)),
      differences: [
        {
          kind: 'balancer-not-running',
          message: 'configured, not on the running server: Apache was not reloaded since it was added',
        },
      ],
      traffic: notTested('the balancer is not running'),
      notes,
    };
  if (!preview)
    return {
      name,
      preview,
      running,
      members: running.members.map((member) => ({ name: member.name, configured: undefined, running: member, ...shares(running, member) })),
      differences: [
        {
          kind: 'balancer-not-configured',
          message: 'running, not in the configuration: Apache was not reloaded since it was removed, or another configuration runs',
        },
      ],
      traffic: notTested('the balancer is not configured'),
      notes,
    };
  if (definitions > 1) notes.push(`${name} is defined in ${definitions} servers: compared with the main server's, else the first`);
  const differences: LiveDifference[] = [];
  const lbmethod = preview.balancer.params.lbmethod ?? 'byrequests';
  if (running.lbmethod !== '' && running.lbmethod !== lbmethod)
    differences.push({
      kind: 'lbmethod',
      configured: lbmethod,
      running: running.lbmethod,
      message: `lbmethod ${running.lbmethod} on the running server, ${lbmethod} in the configuration: changed in the balancer-manager`,
    });
  const predicted = predictedShares(running, preview);
  const members: MemberComparison[] = [];
  const runningLeft = new Set(running.members);
  for (const member of preview.balancer.members) {
    const live = running.members.find((each) => runningLeft.has(each) && sameWorker(each.name, member));
    if (!live) {
      if (members.some((each) => each.configured?.name === member.name)) continue;
      members.push(memberOnly(member));
      differences.push({
        kind: 'member-not-running',
        member: member.url,
        message: 'configured, not on the running server: Apache was not reloaded since it was added',
      });
      continue;
    }
    runningLeft.delete(live);
    members.push({ name: live.name, configured: member, running: live, ...shares(running, live, predicted) });
    differences.push(...memberDifferences(member, live, persist));
  }
  for (const live of runningLeft) {
    members.push({ name: live.name, configured: undefined, running: live, ...shares(running, live, predicted) });
    differences.push({
      kind: 'member-not-configured',
      member: live.name,
      message: 'running, not in the configuration: Apache was not reloaded since it was removed, or it was added in the balancer-manager',
    });
  }
  if (persist && differences.some((each) => ['loadfactor', 'lbset', 'route', 'redirect', 'status', 'lbmethod'].includes(each.kind)))
    notes.push('BalancerPersist On: edits made in the balancer-manager survive a restart, so the configuration alone will not undo them');
  return { name, preview, running, members, differences, traffic: testTraffic(running, predicted), notes };
}

function memberOnly(member: Member): MemberComparison {
  return { name: member.url, configured: member, running: undefined, predictedShare: undefined, observedShare: undefined };
}

/** Whether the page's worker name is this configured member: Apache's normalised name, or the URL as written, scheme and host in any case. */
function sameWorker(pageName: string, member: Member): boolean {
  const page = caseless(pageName);
  return page === caseless(member.name) || page === caseless(member.url);
}

/** A worker name with its scheme and host in lower case (the path keeps its case). */
function caseless(name: string): string {
  const match = /^([^:/]*:\/\/[^/]*)(.*)$/.exec(name);
  return match ? match[1]!.toLowerCase() + match[2]! : name.toLowerCase();
}

function memberDifferences(member: Member, live: LiveMember, persist: boolean): LiveDifference[] {
  const differences: LiveDifference[] = [];
  const kept = persist ? ' (BalancerPersist keeps it across restarts)' : '';
  for (const letter of COMPARED_FLAGS) {
    const isConfigured = hasStatus(member.params.status, letter);
    const isRunning = hasStatus(live.status, letter);
    if (isConfigured === isRunning) continue;
    const word = statusWord(STATUS_BITS[letter]);
    const base = {
      kind: 'status' as const,
      member: member.url,
      flag: word,
      configured: isConfigured ? word : '',
      running: isRunning ? word : '',
    };
    if (isRunning)
      differences.push({
        ...base,
        message: FAILURE_FLAGS.has(letter)
          ? letter === 'E'
            ? 'in error (Err): Apache could not reach it and sends it nothing until its retry time has passed'
            : 'failing its health check (HcFl): Apache sends it nothing until a check passes'
          : `${word} on the running server, not in the configuration: set in the balancer-manager${kept}`,
      });
    else
      differences.push({
        ...base,
        message: `configured ${word} (status=+${letter}), not on the running server: ${FAILURE_FLAGS.has(letter) ? 'cleared by a retry or a check' : `cleared in the balancer-manager${kept}`}`,
      });
  }
  const edited = (kind: DifferenceKind, what: string, configured: string, running: string): void => {
    if (configured !== running)
      differences.push({
        kind,
        member: member.url,
        configured,
        running,
        message: `${what} ${running === '' ? 'empty' : running} on the running server, ${configured === '' ? 'none' : configured} in the configuration: edited in the balancer-manager${kept}`,
      });
  };
  edited('loadfactor', 'loadfactor', (member.params.lbfactor / 100).toFixed(2), (live.lbfactor / 100).toFixed(2));
  edited('lbset', 'lbset', String(member.params.lbset), String(live.lbset));
  edited('route', 'route', member.params.route, live.route);
  edited('redirect', 'redirect', member.params.redirect, live.redirect);
  return differences;
}

/** The flags the scheduler reads. */
const SCHEDULED_BITS = COMPARED_FLAGS.reduce<number>((bits, letter) => bits | STATUS_BITS[letter], STATUS_BITS.U);

/** Each running member's share under byrequests with the values the page shows: an Err member counts as out (its retry time is not on the page). */
function predictedShares(running: LiveBalancer, preview: BalancerPreview): readonly number[] {
  const inputs = running.members.map((member) => ({
    lbfactor: member.lbfactor,
    lbset: member.lbset,
    status: member.status & SCHEDULED_BITS,
    retry: preview.balancer.members.find((each) => sameWorker(member.name, each))?.params.retry,
  }));
  const plan = schedule(inputs, { forceRecovery: preview.balancer.params.forcerecovery ?? true, epochSeconds: 0 });
  return plan.members.map((share) => share.share);
}

function shares(
  running: LiveBalancer,
  member: LiveMember,
  predicted?: readonly number[],
): { predictedShare: number | undefined; observedShare: number | undefined } {
  const total = running.members.reduce((sum, each) => sum + each.elected, 0);
  const index = running.members.indexOf(member);
  return { predictedShare: predicted?.[index], observedShare: total > 0 ? member.elected / total : undefined };
}

function notTested(why: string): TrafficCheck {
  return { verdict: 'not-tested', requests: 0, test: undefined, alpha: DRIFT_ALPHA, message: why };
}

/** The lbmethods whose sequential order byrequests' shares describe. */
const TESTED_METHODS = new Set(['byrequests', 'bybusyness']);

/** Pearson's test of the members the scheduler serves now: their Elected counts against their predicted shares. */
function testTraffic(running: LiveBalancer, predicted: readonly number[]): TrafficCheck {
  if (!TESTED_METHODS.has(running.lbmethod)) return notTested(`${running.lbmethod} has no fixed shares to test the counts against`);
  const serving = running.members.flatMap((member, index) => (predicted[index]! > 0 ? [index] : []));
  if (serving.length === 0) return notTested('no member can serve now: every request gets 503');
  if (serving.length === 1) return notTested('one member serves every request now: there are no shares to test');
  const observed = serving.map((index) => running.members[index]!.elected);
  const requests = observed.reduce((sum, count) => sum + count, 0);
  const expectedLeast = Math.min(...serving.map((index) => requests * predicted[index]!));
  if (expectedLeast < MIN_EXPECTED)
    return {
      verdict: 'too-few',
      requests,
      test: undefined,
      alpha: DRIFT_ALPHA,
      message: `${requests} elected requests are too few to judge the shares (each member should expect at least ${MIN_EXPECTED})`,
    };
  const test = chiSquareTest(
    observed,
    serving.map((index) => predicted[index]!),
  );
  const figures = `χ² ${test.statistic.toFixed(1)}, ${test.degreesOfFreedom} df, p ${test.pValue < 0.0001 ? '< 0.0001' : `= ${test.pValue.toFixed(4)}`}`;
  return test.pValue < DRIFT_ALPHA
    ? {
        verdict: 'drift',
        requests,
        test,
        alpha: DRIFT_ALPHA,
        message: `the elected counts differ from the shares beyond chance (${figures}); counts run from the last start, so status changes, failovers and sticky sessions since then move them`,
      }
    : {
        verdict: 'consistent',
        requests,
        test,
        alpha: DRIFT_ALPHA,
        message: `the elected counts agree with the shares (${figures})`,
      };
}
