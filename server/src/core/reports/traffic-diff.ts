/**
 * What a change does to traffic: two revisions of a configuration set, read as schedule reports
 * (the same shares, tiers and picks `schedule` shows), compared balancer by balancer, with the
 * ProxyPass paths that now reach another balancer and the refusals Apache did not have before.
 * `balancer-lens diff --format json` prints a `TrafficDiff` as it is (docs/cli.md is its contract).
 */
import type { Configuration } from '../config-set';
import { locator } from '../files';
import { isRefusal } from '../preview-facts';
import type { SourceFile } from '../syntax/tree';
import { Member, Parameter, serverKey } from '../model/model';
import { asciiLower } from '../ascii';
import { RequestRouting, requestRouting } from './request-routes';
import { Routing, routing } from './routes';
import type { IdleReason } from '../scheduler/byrequests';
import { explainIdle } from '../scheduler/preview';
import { balancerReport, BalancerReport, MemberReport } from './schedule-report';

/** One revision, read: its balancers, routes and refusals. */
export interface TrafficSide {
  readonly balancers: readonly SideBalancer[];
  /** The routing of each configuration, by its name in `SideBalancer.configuration`. */
  readonly routing: ReadonlyMap<string, Routing>;
  /** Where example requests go through the request model, by the same names. */
  readonly requests: ReadonlyMap<string, RequestRouting>;
  readonly refusals: readonly SideRefusal[];
}

/** A balancer of one revision, with the names it is matched by. */
export interface SideBalancer {
  /** The configuration (its entry file; '' when each side has one) and server it belongs to. */
  readonly configuration: string;
  readonly server: string;
  readonly report: BalancerReport;
  /** The balancer's settings that move traffic, as written. */
  readonly settings: Settings;
  /** Each member's settings that move traffic, as written, by URL. */
  readonly memberSettings: ReadonlyMap<string, Settings>;
}

/** Parameters as written, by lower-case key: only those set. */
export type Settings = Readonly<Record<string, string>>;

/** Balancer parameters that decide which member a request reaches (lbmethod is a fact of its own). */
const BALANCER_SETTINGS = [
  'stickysession',
  'stickysessionsep',
  'scolonpathdelim',
  'nofailover',
  'maxattempts',
  'failonstatus',
  'failontimeout',
  'forcerecovery',
  'timeout',
] as const;

/** Member parameters that decide which requests a member gets (loadfactor, lbset and status are facts of their own). */
const MEMBER_SETTINGS = ['route', 'redirect', 'retry'] as const;

function settingsOf(setBy: ReadonlyMap<string, Parameter>, keys: readonly string[]): Settings {
  return Object.fromEntries(keys.flatMap((key) => (setBy.has(key) ? [[key, setBy.get(key)!.value] as const] : [])));
}

/** A member's settings, and its loadfactor as written on its line (the model keeps no value Apache refuses). */
function memberSettingsOf(member: Member): Settings {
  const loadfactor = [...member.declaration.parameters].reverse().find((parameter) => asciiLower(parameter.key) === 'loadfactor');
  return { ...settingsOf(member.setBy, MEMBER_SETTINGS), ...(loadfactor ? { loadfactor: loadfactor.value } : {}) };
}

/** A finding Apache refuses the configuration for. */
export interface SideRefusal {
  readonly file: string;
  readonly line: number;
  readonly ruleId: string;
  readonly message: string;
}

/** What became of a member: its share before and after (null where it has none), and what it does. */
export interface MemberChange {
  readonly url: string;
  readonly change: 'added' | 'removed' | 'kept';
  readonly before: MemberState | null;
  readonly after: MemberState | null;
  /** after − before, in percentage points of the balancer's requests; null when either side has no share. */
  readonly points: number | null;
}

/** A member in one revision. */
export interface MemberState {
  readonly share: number | null;
  /** `active`, an idle reason of the schedule report (`standby-not-needed`, `shadowed-by-lbset`, `disabled`, …), or `refused`. */
  readonly state: 'active' | 'candidate' | 'refused' | IdleReason;
  readonly lbfactor: number;
  readonly lbset: number;
  readonly status: string;
  /** route, redirect and retry as written when set; the loadfactor as written when Apache refuses the member's line. */
  readonly settings: Settings;
}

/** The balancer-level facts a review compares. */
export interface BalancerFacts {
  readonly lbmethod: string;
  /** Whether a schedule is known: byrequests or bybusyness, and not refused. When false, tier, cycleLength and picks are null or empty. */
  readonly hasSchedule: boolean;
  readonly tier: number | null;
  readonly cycleLength: number | null;
  /** Apache's refusal, when it refuses the balancer. */
  readonly refused: string | null;
  /** The first picks (one cycle, at most 100), null where Apache answers 503. */
  readonly picks: readonly (string | null)[];
  /** stickysession, nofailover and the other settings that move traffic, as written when set. */
  readonly settings: Settings;
}

/** What changed in one balancer. */
export type BalancerChange =
  | {
      readonly kind: 'added';
      readonly configuration: string;
      readonly server: string;
      readonly name: string;
      readonly after: BalancerFacts;
      readonly members: readonly MemberChange[];
    }
  | {
      readonly kind: 'removed';
      readonly configuration: string;
      readonly server: string;
      readonly name: string;
      readonly before: BalancerFacts;
      readonly members: readonly MemberChange[];
    }
  | {
      readonly kind: 'renamed' | 'changed';
      readonly configuration: string;
      readonly server: string;
      /** The name after; `renamedFrom` the name before. */
      readonly name: string;
      readonly renamedFrom?: string;
      readonly before: BalancerFacts;
      readonly after: BalancerFacts;
      readonly members: readonly MemberChange[];
      readonly file: string;
      readonly line: number;
    };

/** A path whose requests reach another target. */
export interface RouteChange {
  readonly configuration: string;
  readonly server: string;
  readonly path: string;
  readonly before: string | null;
  readonly after: string | null;
  /** The rule that matches after the change, when one does. */
  readonly file: string | null;
  readonly line: number | null;
  /** For an example request traced through the request model: the path the member receives before and after (null: nothing proxied). */
  readonly received?: { readonly before: string | null; readonly after: string | null };
}

/** The whole comparison; public contract of `diff --format json`. */
export interface TrafficDiff {
  readonly changed: boolean;
  readonly balancers: readonly BalancerChange[];
  /** Balancers present on both sides with nothing a request would notice changed. */
  readonly unchanged: number;
  readonly routes: readonly RouteChange[];
  /** Refusals of the new revision that the old one did not have (by rule and message). */
  readonly newRefusals: readonly SideRefusal[];
}

/**
 * Reads one revision's configurations as one set: a balancer a configuration only names, whose
 * members another one holds, is that one's. `nameOf` shows a file (relative to the revision's root).
 * `isPaired` when each revision has one configuration: then they are compared whatever their entry files are called.
 */
export function trafficSide(
  configurations: readonly Configuration[],
  nameOf: (file: SourceFile) => string,
  isPaired: boolean,
): TrafficSide {
  const balancers: SideBalancer[] = [];
  const routings = new Map<string, Routing>();
  const requests = new Map<string, RequestRouting>();
  const refusals: SideRefusal[] = [];
  for (const { analysis, diagnostics } of configurations) {
    const locate = locator(analysis.tree.text, analysis.tree.files, nameOf);
    const configuration = isPaired ? '' : locate(0).file;
    for (const preview of analysis.previews) {
      // Only named here, with its members in another configuration of the set: that one is the
      // balancer (and its change), as when Apache reads both files into one server.
      if (preview.unseen?.elsewhere) continue;
      const scope = preview.balancer.scope;
      const { balancer } = preview;
      balancers.push({
        configuration,
        server: serverKey(scope.kind === 'vhost' ? scope.section : undefined),
        report: balancerReport(preview, locate),
        settings: settingsOf(balancer.setBy, BALANCER_SETTINGS),
        memberSettings: new Map(balancer.members.map((member) => [member.url, memberSettingsOf(member)] as const).reverse()),
      });
    }
    routings.set(configuration, routing(analysis, locate));
    requests.set(configuration, requestRouting(analysis, locate));
    for (const diagnostic of diagnostics.filter(isRefusal)) {
      const at = locate(diagnostic.span.start);
      refusals.push({ file: at.file, line: at.line, ruleId: diagnostic.ruleId, message: diagnostic.message });
    }
  }
  return { balancers, routing: routings, requests, refusals };
}

const identity = (balancer: SideBalancer): string => `${balancer.configuration}\0${balancer.server}\0${balancer.report.name}`;

/** Compares two revisions. */
export function diffTraffic(before: TrafficSide, after: TrafficSide): TrafficDiff {
  const old = new Map(before.balancers.map((balancer) => [identity(balancer), balancer] as const));
  const now = new Map(after.balancers.map((balancer) => [identity(balancer), balancer] as const));
  const changes: BalancerChange[] = [];
  let unchanged = 0;
  const added: SideBalancer[] = [];
  for (const [key, balancer] of now) {
    const was = old.get(key);
    if (!was) added.push(balancer);
    else {
      const change = compare(was, balancer);
      if (change) changes.push(change);
      else unchanged++;
    }
  }
  const removed = [...old].filter(([key]) => !now.has(key)).map(([, balancer]) => balancer);
  // A renamed balancer: same configuration and server, the same member URLs, another name.
  for (const balancer of added) {
    const index = removed.findIndex(
      (was) => was.configuration === balancer.configuration && was.server === balancer.server && sameUrls(was.report, balancer.report),
    );
    if (index >= 0) {
      const [was] = removed.splice(index, 1);
      changes.push(compare(was!, balancer, true)!);
    } else
      changes.push({
        kind: 'added',
        ...where(balancer),
        after: balancerFacts(balancer.report, balancer.settings),
        members: memberChanges(undefined, balancer),
      });
  }
  for (const was of removed)
    changes.push({
      kind: 'removed',
      ...where(was),
      before: balancerFacts(was.report, was.settings),
      members: memberChanges(was, undefined),
    });
  const plain = routeChanges(before.routing, after.routing);
  const routes = [...plain, ...requestChanges(before.requests, after.requests, plain)];
  const known = new Set(before.refusals.map((refusal) => `${refusal.ruleId}\0${refusal.message}`));
  const newRefusals = after.refusals.filter((refusal) => !known.has(`${refusal.ruleId}\0${refusal.message}`));
  return {
    changed: changes.length > 0 || routes.length > 0 || newRefusals.length > 0,
    balancers: changes,
    unchanged,
    routes,
    newRefusals,
  };
}

function where(balancer: SideBalancer): { configuration: string; server: string; name: string } {
  return { configuration: balancer.configuration, server: balancer.server, name: balancer.report.name };
}

function sameUrls(a: BalancerReport, b: BalancerReport): boolean {
  const urls = (report: BalancerReport): string => [...report.members.map((member) => member.url)].sort().join('\n');
  return a.members.length > 0 && urls(a) === urls(b);
}

/** What a review compares of a balancer's schedule report, with its settings that move traffic. */
export function balancerFacts(report: BalancerReport, settings: Settings = {}): BalancerFacts {
  return {
    lbmethod: report.lbmethod,
    hasSchedule: report.simulated && report.refused === null && report.cycleLength !== null,
    tier: report.tier,
    cycleLength: report.cycleLength,
    refused: report.refused?.message ?? null,
    picks: report.picks,
    settings,
  };
}

/** The change of a balancer present on both sides, or undefined when a request would notice nothing (and it was not renamed). */
function compare(was: SideBalancer, now: SideBalancer, renamed = false): BalancerChange | undefined {
  const members = memberChanges(was, now);
  const before = balancerFacts(was.report, was.settings);
  const after = balancerFacts(now.report, now.settings);
  const isSame =
    !renamed &&
    JSON.stringify(before) === JSON.stringify(after) &&
    members.every((member) => member.change === 'kept' && JSON.stringify(member.before) === JSON.stringify(member.after));
  if (isSame) return undefined;
  return {
    kind: renamed ? 'renamed' : 'changed',
    ...where(now),
    ...(renamed ? { renamedFrom: was.report.name } : {}),
    before,
    after,
    members,
    file: now.report.file,
    line: now.report.line,
  };
}

function memberState(member: MemberReport, side: SideBalancer): MemberState {
  const { report } = side;
  const state: MemberState['state'] =
    member.refused || report.refused ? 'refused' : (member.reason ?? (member.share === null ? 'candidate' : 'active'));
  // The loadfactor as written only where Apache refuses the line: it never stores that value.
  const { loadfactor, ...own } = side.memberSettings.get(member.url) ?? {};
  const settings: Settings = member.refused && loadfactor !== undefined ? { ...own, loadfactor } : own;
  return { share: member.share, state, lbfactor: member.lbfactor, lbset: member.lbset, status: member.status, settings };
}

/** Members matched by URL, in the new order, then the removed ones in the old order. */
function memberChanges(wasSide: SideBalancer | undefined, nowSide: SideBalancer | undefined): MemberChange[] {
  const was = wasSide?.report;
  const now = nowSide?.report;
  const old = new Map((was?.members ?? []).map((member) => [member.url, member] as const));
  const seen = new Set<string>();
  const changes: MemberChange[] = [];
  for (const member of now?.members ?? []) {
    if (seen.has(member.url)) continue;
    seen.add(member.url);
    const previous = old.get(member.url);
    const before = previous && wasSide ? memberState(previous, wasSide) : null;
    const after = memberState(member, nowSide!);
    changes.push({ url: member.url, change: previous ? 'kept' : 'added', before, after, points: points(before, after) });
  }
  for (const [url, member] of old) {
    if (seen.has(url)) continue;
    const before = memberState(member, wasSide!);
    changes.push({ url, change: 'removed', before, after: null, points: points(before, null) });
  }
  return changes;
}

/** The change in percentage points, rounded to a tenth; a member added or removed counts from or to 0. */
function points(before: MemberState | null, after: MemberState | null): number | null {
  const a = before === null ? 0 : before.share;
  const b = after === null ? 0 : after.share;
  if (a === null || b === null) return null;
  return Math.round((b - a) * 1000) / 10;
}

/** Every path either side proxies, where it went before and where it goes now; the ones that differ. */
function routeChanges(before: ReadonlyMap<string, Routing>, after: ReadonlyMap<string, Routing>): RouteChange[] {
  const changes: RouteChange[] = [];
  for (const configuration of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(configuration);
    const now = after.get(configuration);
    const asked = new Set<string>();
    for (const { server, path } of [...(now?.routes ?? []), ...(old?.routes ?? [])]) {
      const key = `${server}\0${path}`;
      if (asked.has(key)) continue;
      asked.add(key);
      const was = old?.route(server, path).target ?? null;
      const is = now?.route(server, path);
      if (was === (is?.target ?? null)) continue;
      changes.push({ configuration, server, path, before: was, after: is?.target ?? null, file: is?.file ?? null, line: is?.line ?? null });
    }
  }
  return changes;
}

/**
 * Example requests traced on both sides (each side's probes, asked of both): those that now reach
 * another target, or give the member another path. A path the plain ProxyPass routes already list
 * for a server (`/api/` for the probe `/api/x`) is not listed twice.
 */
function requestChanges(
  before: ReadonlyMap<string, RequestRouting>,
  after: ReadonlyMap<string, RequestRouting>,
  listed: readonly RouteChange[],
): RouteChange[] {
  const changes: RouteChange[] = [];
  const covered = new Set(listed.map((route) => `${route.configuration}\0${route.server}\0${route.path}`));
  for (const configuration of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(configuration);
    const now = after.get(configuration);
    const asked = new Set<string>();
    for (const probe of [...(now?.probes ?? []), ...(old?.probes ?? [])]) {
      const was = old?.reach(probe);
      const is = now?.reach(probe);
      // Named by the server that answers it: the main server's address may reach a virtual host.
      const server = is?.server ?? was?.server ?? probe.server;
      const key = `${configuration}\0${server}\0${probe.path}`;
      const parent = probe.path.slice(0, probe.path.lastIndexOf('/') + 1);
      if (asked.has(key) || covered.has(`${configuration}\0${server}\0${parent}`)) continue;
      asked.add(key);
      const target = { before: was?.target ?? null, after: is?.target ?? null };
      const received = { before: was?.received ?? null, after: is?.received ?? null };
      // The same target with nothing received on one side is that balancer's change (503, no fixed order), listed with it.
      const isMapped = received.before !== null && received.after !== null && received.before !== received.after;
      if (target.before === target.after && !isMapped) continue;
      changes.push({
        configuration,
        server,
        path: probe.path,
        ...target,
        file: is?.file ?? null,
        line: is?.line ?? null,
        received,
      });
    }
  }
  return changes;
}

/** A member's state in a few words: its share's reason when idle, as the schedule view says it. */
export function stateWords(state: MemberState, tier: number | null): string {
  switch (state.state) {
    case 'active':
      return 'active';
    case 'candidate':
      return 'candidate (no fixed order)';
    case 'refused':
      return 'refused by Apache';
    default:
      return explainIdle(state.state, state.lbset, tier ?? undefined);
  }
}
