/**
 * What a balancer will do, ready for hover, code lens and the CLI (docs/apache-semantics.md,
 * find_best_byrequests, and find_best_bybusyness for the other lbmethods).
 */
import { Balancer, Member, serverKey, ServerScope } from '../model/model';
import type { Span } from '../span';
import { quoted } from '../bounded';
import { STATUS_BITS } from '../model/params';
import { withKeys } from '../with-keys';
import { IdleReason, picks, Role, schedule, Schedule, ScheduleOptions, SchedulingInput, Selection, Step, steps } from './byrequests';

/** A balancer's preview: its method, whether its order can be simulated, and the schedule. */
export interface BalancerPreview {
  readonly balancer: Balancer;
  readonly lbmethod: string;
  /** True for byrequests, and for bybusyness whose order matches it when requests do not overlap. */
  readonly simulated: boolean;
  readonly schedule: Schedule;
  /** What the preview assumes and what can change the picture, in plain words. */
  readonly notes: readonly string[];
  /** The settings the schedule was computed with, for what-if variants. */
  readonly options: ScheduleOptions;
  /** What the scheduler was given of each member (`schedulingInputs`), for the picks, steps and what-if variants. */
  readonly inputs: readonly SchedulingInput[];
  /** Apache refuses this balancer's configuration: no schedule may be shown (set by the configuration set). */
  readonly refusal?: Refusal;
  /** The members whose own lines Apache refuses, by index. */
  readonly refusedMembers?: ReadonlyMap<number, Refusal>;
  /** Read as part of a partial set, without members: where they are, or that no file read has them. */
  readonly unseen?: Unseen;
}

/** A refusal of Apache's that touches a balancer, placed for display. */
export interface Refusal {
  /** The finding's span in the configuration's text. */
  readonly span: Span;
  readonly ruleId: string;
  readonly message: string;
  /** The file it is in ('' for a text without a path) and its 1-based line. */
  readonly file: string;
  readonly line: number;
  /** "line 8", or "other.conf line 8" when it is in another file than what it refuses. */
  readonly where: string;
}

/** What a view says of a balancer a partial set names without its members, instead of "503". */
export function unseenSentence(name: string, unseen: Unseen): string {
  if (unseen.elsewhere)
    return `${name} gets its members from ${baseName(unseen.elsewhere.file)}, which this file's configuration does not include; shown as if both were read into one server`;
  return `${name} is not found in the ${unseen.filesRead} file${unseen.filesRead === 1 ? '' : 's'} read: its members are likely in a file that includes this one, so no schedule is shown`;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || 'another file';
}

/** The sentence every view shows instead of a schedule Apache would never run. */
export function refusalSentence(refusal: Refusal): string {
  return `Apache refuses this balancer (${refusal.where}: ${refusal.message}): no schedule until it is fixed`;
}

/**
 * A balancer that a partial set names but does not fill: `elsewhere` is its preview in another file of
 * the set (one the configuration does not include), else no file read gives it members.
 */
export interface Unseen {
  readonly elsewhere: { readonly preview: BalancerPreview; readonly file: string } | undefined;
  /** How many files the set read, for "looked in N files". */
  readonly filesRead: number;
}

/** What previews need beyond the model. */
export interface PreviewOptions {
  /** The current Unix time, for `status=E` members (retried once `retry` seconds have passed). */
  readonly epochSeconds: number;
  /** `BalancerPersist On` was seen. */
  readonly persist: boolean;
  /** Read-time conditionals assumed true around the balancer's lines (syntax/conditions.ts, assumedConditions), found when the notes are written. */
  readonly assumptions?: () => readonly string[];
}

/** The assumptions every simulated schedule rests on. */
export const ASSUMPTIONS = 'assumes sequential requests, a fresh start, no sticky sessions and no failures';

/** Sessions can never stick: Apache matches a session's route against each member's route=, and no member has one. */
export function neverSticks(balancer: Balancer): boolean {
  return balancer.members.length > 0 && balancer.members.every((member) => member.params.route === '');
}

/**
 * Builds the preview of one balancer. `earlier`, a preview from the model of an earlier version of
 * the text, lends its schedule when its balancer's members read the same (see `sameReadings`). Its
 * notes are written when first read: only a hover, a schedule view or the CLI reads them, while an
 * editor previews every balancer at every keystroke.
 */
export function previewBalancer(balancer: Balancer, options: PreviewOptions, earlier?: BalancerPreview): BalancerPreview {
  const lbmethod = balancer.params.lbmethod ?? 'byrequests';
  const scheduleOptions = { forceRecovery: balancer.params.forcerecovery ?? true, epochSeconds: options.epochSeconds };
  const before = earlier && sameReadings(earlier.balancer, balancer) ? earlier : undefined;
  const plan =
    before && sameOutcome(before.options, scheduleOptions, balancer)
      ? before.schedule
      : schedule(schedulingInputs(balancer.members), scheduleOptions);
  const simulated = lbmethod === 'byrequests' || lbmethod === 'bybusyness';
  return new Preview(balancer, lbmethod, simulated, plan, scheduleOptions, options);
}

/**
 * A preview as `previewBalancer` makes it: its notes are written, and its inputs made again, when
 * first read. Only a hover, a schedule view or the CLI reads them, while an editor previews every
 * balancer at every keystroke, and an array of inputs per balancer would be kept with each.
 */
class Preview implements BalancerPreview {
  readonly #settings: PreviewOptions;
  #notes: readonly string[] | undefined;
  #inputs: readonly SchedulingInput[] | undefined;

  constructor(
    readonly balancer: Balancer,
    readonly lbmethod: string,
    readonly simulated: boolean,
    readonly schedule: Schedule,
    readonly options: ScheduleOptions,
    settings: PreviewOptions,
  ) {
    this.#settings = settings;
  }

  get notes(): readonly string[] {
    return (this.#notes ??= notesOf(this, this.#settings));
  }

  get inputs(): readonly SchedulingInput[] {
    return (this.#inputs ??= schedulingInputs(this.balancer.members));
  }
}

/**
 * The same preview with other facts (a refusal, what a partial set did not see, another schedule).
 * Always made here: a spread of a preview would lose its notes and inputs, getters of its class.
 */
export function amendedPreview(preview: BalancerPreview, facts: Partial<Omit<BalancerPreview, 'notes'>>): BalancerPreview {
  return withKeys(preview, { notes: preview.notes, inputs: preview.inputs, ...facts });
}

/** What a balancer's preview assumes and what can change its picture. */
function notesOf({ balancer, lbmethod, simulated, inputs }: Omit<BalancerPreview, 'notes'>, options: PreviewOptions): string[] {
  const notes: string[] = [];
  if (lbmethod === 'bybusyness')
    notes.push(
      'bybusyness follows byrequests order when requests do not overlap; under concurrency the least busy member wins and weights only break ties',
    );
  if (lbmethod === 'bytraffic')
    notes.push(
      'bytraffic picks the member with the fewest bytes transferred per loadfactor unit; no fixed order can be previewed, and small responses send everything to the first member',
    );
  if (lbmethod === 'heartbeat')
    notes.push(
      'heartbeat picks at random among members seen by mod_heartmonitor in the last 10 seconds, weighted by their free slots; loadfactor, lbset, H, R and N are ignored',
    );
  if (simulated) notes.push(ASSUMPTIONS);
  if (balancer.params.stickysession !== undefined)
    notes.push(
      neverSticks(balancer)
        ? `stickysession=${balancer.params.stickysession} never sticks, as no member has a route=: every request is balanced afresh`
        : `sticky sessions (${balancer.params.stickysession}) send returning clients to their member and shift the order`,
    );
  if (balancer.inherited)
    notes.push(`this virtual host inherits the main server's ${balancer.name}: its members, and byrequests unless it sets lbmethod itself`);
  if (balancer.sharedAcross) notes.push(sharedNote(balancer.name, balancer.sharedAcross));
  if (options.persist)
    notes.push('BalancerPersist On: saved shared memory may keep old lbstatus, loadfactor and status values across restarts');
  for (const note of [...slotNotes(balancer.members, inputs), ...(options.assumptions?.() ?? [])]) notes.push(note);
  return notes;
}

/**
 * Whether two balancers' members give the scheduler the same inputs: as many members, each with the
 * same parameters object. A model built after an edit takes a member's parameters and worker name
 * (which decides the shared slots) over together, for each member line the edit kept
 * (model/build.ts), and a member's parameters are not changed once its line is read.
 */
function sameReadings(before: Balancer, balancer: Balancer): boolean {
  if (before === balancer) return true;
  const members = balancer.members;
  const earlier = before.members;
  if (earlier.length !== members.length) return false;
  for (let index = 0; index < members.length; index++) if (earlier[index]!.params !== members[index]!.params) return false;
  return true;
}

/**
 * Whether a schedule made with `before` is the one `options` make for `balancer`, whose members read
 * the same: the clock counts only for members in error (status E).
 */
function sameOutcome(before: ScheduleOptions, options: ScheduleOptions, balancer: Balancer): boolean {
  if (before.forceRecovery !== options.forceRecovery) return false;
  return before.epochSeconds === options.epochSeconds || !balancer.members.some((member) => member.params.status & STATUS_BITS.E);
}

/** The same balancer with some members down (by index): who takes over, as Apache fails over. */
export function previewWithDown(preview: BalancerPreview, down: ReadonlySet<number>): BalancerPreview {
  return previewWhatIf(preview, new Map([...down].map((index) => [index, 'down'])));
}

/** A what-if on one member: taken down (status D), drained (status N: sticky sessions only), or back in service (the flags that keep it out cleared). */
export type WhatIf = 'down' | 'drain' | 'up';

/** Status flags that keep a member out of service until an admin changes them: D, S, N, E and C. */
export const KEEP_OUT_BITS = STATUS_BITS.D | STATUS_BITS.S | STATUS_BITS.N | STATUS_BITS.E | STATUS_BITS.C;

/** The same balancer with members (by index) taken down, drained or brought back: its shares and picks as Apache would make them. */
export function previewWhatIf(preview: BalancerPreview, changes: ReadonlyMap<number, WhatIf>): BalancerPreview {
  const base = preview.inputs;
  const changed = (input: SchedulingInput, change: WhatIf): SchedulingInput => {
    if (change === 'down') return { ...input, status: input.status | STATUS_BITS.D };
    if (change === 'drain') return { ...input, status: input.status | STATUS_BITS.N };
    return { ...input, status: input.status & ~KEEP_OUT_BITS };
  };
  // A change is made to a member's slot (as the balancer manager does), so members sharing it change with it.
  const inputs = base.slice();
  for (const [index, change] of changes) {
    for (const other of sharingSlot(base, index)) if (base[other]) inputs[other] = changed(base[other], change);
  }
  return amendedPreview(preview, { schedule: schedule(inputs, preview.options) });
}

/** The first `count` members chosen, `undefined` where Apache answers 503; empty when not simulated. */
export function previewPicks(preview: BalancerPreview, count: number): (Member | undefined)[] {
  if (!preview.simulated) return [];
  const members = preview.balancer.members;
  if (preview.schedule.candidates.length === 0) return new Array<undefined>(count).fill(undefined);
  return picks(preview.inputs, preview.schedule, count).map((index) => members[index]);
}

/** Who takes requests once a member fails. */
export interface Failover {
  /** The lbset that then serves, or undefined when nobody can (HTTP 503). */
  readonly tier: number | undefined;
  /** How many members then take requests. */
  readonly candidates: number;
  /** The first of them (as many as asked for), in evaluation order. */
  readonly takers: readonly { readonly index: number; readonly share: number; readonly role: Role }[];
}

const SELECTIONS = new WeakMap<BalancerPreview, Selection>();

/** Who takes over when the member at `index` fails alone (with the members sharing its slot), naming the first `named` takers: `previewWithDown` without its schedule of every member. */
export function failover(preview: BalancerPreview, index: number, named: number): Failover {
  const inputs = preview.inputs;
  let selection = SELECTIONS.get(preview);
  if (!selection) SELECTIONS.set(preview, (selection = new Selection(inputs, preview.options)));
  const down = sharingSlot(inputs, index);
  const serving = selection.serving(down, named);
  if (!serving) {
    const after = previewWithDown(preview, down).schedule;
    return {
      tier: after.tier,
      candidates: after.candidates.length,
      takers: after.candidates.slice(0, named).map((taker) => ({ index: taker, ...after.members[taker]! })),
    };
  }
  return {
    tier: serving.tier,
    candidates: serving.count,
    takers: serving.candidates.map((taker) => ({
      index: taker,
      share: inputs[taker]!.lbfactor / serving.total,
      role: selection.roles[taker]!,
    })),
  };
}

/** The member at `index` and those sharing its slot: a change made to one reaches them all. */
function sharingSlot(inputs: readonly SchedulingInput[], index: number): ReadonlySet<number> {
  let groups = SLOT_GROUPS.get(inputs);
  if (!groups) SLOT_GROUPS.set(inputs, (groups = slotGroups(inputs)));
  return groups.get(inputs[index]?.slot ?? index) ?? new Set([index]);
}

/** The members of each shared slot, by the slot (its first member's index), the first member first; made once per balancer. */
const SLOT_GROUPS = new WeakMap<readonly SchedulingInput[], ReadonlyMap<number, ReadonlySet<number>>>();

function slotGroups(inputs: readonly SchedulingInput[]): Map<number, Set<number>> {
  const groups = new Map<number, Set<number>>();
  inputs.forEach((input, index) => {
    if (input.slot === undefined) return;
    const group = groups.get(input.slot);
    if (group) group.add(index);
    else groups.set(input.slot, new Set([input.slot, index]));
  });
  return groups;
}

/** The first `count` steps with every candidate's lbstatus, for the manual-style table. */
export function previewSteps(preview: BalancerPreview, count: number): Step[] {
  return preview.simulated ? steps(preview.inputs, preview.schedule, count) : [];
}

/**
 * What the scheduler needs of each member: its own values (`params`, not a copy: a preview keeps one
 * per member). A member with an earlier member's worker name uses that member's shared-memory slot
 * (mod_proxy_balancer's start-up finds the slot by the name's hash), so it schedules with that
 * member's values and lbstatus, whatever its own line says.
 */
export function schedulingInputs(members: readonly Member[]): SchedulingInput[] {
  const firstByName = new Map<string, number>();
  const inputs: SchedulingInput[] = [];
  members.forEach((member, index) => {
    const slot = firstByName.get(member.name);
    if (slot === undefined) {
      firstByName.set(member.name, index);
      inputs.push(member.params);
    } else {
      const { lbfactor, lbset, status, retry } = inputs[slot]!;
      inputs.push({ lbfactor, lbset, status, retry, slot });
    }
  });
  return inputs;
}

/** How many virtual hosts a shared-schedule note names before "and N more". */
const NAMED_SERVERS = 3;

/** Which servers take their picks from one sequence: merge_balancers gives their copies the same members. */
export function sharedNote(name: string, servers: readonly ServerScope[]): string {
  let named = NAMED_VHOSTS.get(servers);
  if (named === undefined) {
    // Only the named ones get their key: a main-server balancer may be shared by thousands of virtual hosts.
    const vhosts = servers.filter((scope) => scope.kind === 'vhost');
    const shown = vhosts.slice(0, NAMED_SERVERS).map((scope) => (scope.kind === 'vhost' ? serverKey(scope.section) : ''));
    named = `${vhosts.length === 1 ? 'the virtual host' : 'the virtual hosts'} ${shown.join(', ')}${vhosts.length > NAMED_SERVERS ? ` and ${vhosts.length - NAMED_SERVERS} more` : ''}`;
    NAMED_VHOSTS.set(servers, named);
  }
  return `one schedule for the main server and ${named}: each request to ${name} from any of them takes the next pick, and a member taken down is down in all`;
}

/**
 * The virtual hosts of a list of servers as a shared-schedule note names them, by list: the balancers
 * a configuration's virtual hosts inherit share one list, so it is worded once, not once per balancer.
 */
const NAMED_VHOSTS = new WeakMap<readonly ServerScope[], string>();

/** One note per member that uses an earlier member's slot. */
function slotNotes(members: readonly Member[], inputs: readonly SchedulingInput[]): string[] {
  const notes: string[] = [];
  inputs.forEach(({ slot }, index) => {
    if (slot === undefined) return;
    notes.push(
      `${quoted(members[index]!.url)} has the worker name of ${quoted(members[slot]!.url)}, so Apache gives it that member's shared memory: its loadfactor, lbset and status, and one lbstatus for both`,
    );
  });
  return notes;
}

/** The lbsets a failover tier waits on, with their verb: "lbset 0 has", "lbsets 0–1 have". */
export function lowerTiers(lbset: number, tier: number | undefined): string {
  const lowest = tier ?? 0;
  return lbset - 1 > lowest ? `lbsets ${lowest}–${lbset - 1} have` : `lbset ${lowest} has`;
}

/** A zero share explained in a few words, for hover, inlay hints and the CLI. */
export function describeIdle(reason: IdleReason, member: Member, tier: number | undefined, neverRunsOut = false): string {
  return explainIdle(reason, member.params.lbset, tier, neverRunsOut);
}

/** The same words from plain values, for views that only have the schedule report. */
export function explainIdle(reason: IdleReason, lbset: number, tier: number | undefined, neverRunsOut = false): string {
  switch (reason) {
    case 'disabled':
      return 'disabled (status D)';
    case 'stopped':
      return 'stopped (status S)';
    case 'in-error':
      return 'in error (status E): not retried before its retry time';
    case 'draining':
      return 'draining (status N): only sticky sessions already routed to it';
    case 'health-check-failed':
      return 'health check failed (status C): nothing clears it without mod_proxy_hcheck';
    case 'shutting-down':
      return 'shutting down (status U)';
    case 'spare-not-needed':
      return `spare (idle): stands in only for a regular member of lbset ${lbset} that is down`;
    case 'standby-not-needed':
      return `standby (idle): used only when lbset ${lbset} has no usable member`;
    case 'shadowed-by-lbset':
      return neverRunsOut
        ? `never selected: lbset ${tier ?? 0} has a member with status I, which Apache never puts in error, so lbset ${lbset} never takes over`
        : `failover tier (lbset ${lbset}): takes over only when ${lowerTiers(lbset, tier)} no usable member (each disabled, stopped or in error)`;
  }
}
