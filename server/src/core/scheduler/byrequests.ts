/**
 * Apache's byrequests scheduling (docs/apache-semantics.md, proxy_balancer_get_best_worker and
 * find_best_byrequests): the candidate set of `proxy_balancer_get_best_worker` for a fresh start
 * with no failures, exact shares from arithmetic, and the pick sequence.
 */
import { hasStatus } from '../model/params';

/** What the scheduler needs of a member. */
export interface SchedulingInput {
  readonly lbfactor: number;
  readonly lbset: number;
  /** Bitmask of STATUS_BITS. */
  readonly status: number;
  /** Seconds; unset means Apache's default of 60. */
  readonly retry?: number;
  /**
   * The member (index) whose shared-memory slot this one uses, when it is not its own: a later member
   * with an earlier member's worker name (`http://h:80` after `http://h`) is given that member's slot
   * at start-up, so it has that member's values and the two share one lbstatus
   * (docs/apache-semantics.md, "Members sharing a slot"). The caller passes the slot's values.
   */
  readonly slot?: number;
}

/** Why a member takes no new requests. */
export type BlockReason = 'disabled' | 'stopped' | 'in-error' | 'draining' | 'health-check-failed' | 'shutting-down';

/** Why a member's share is zero. */
export type IdleReason = BlockReason | 'spare-not-needed' | 'standby-not-needed' | 'shadowed-by-lbset';

/** How the selection loop treats a member. */
export type Role = 'regular' | 'spare' | 'standby';

/** One member's part in the schedule. */
export interface MemberShare {
  readonly role: Role;
  /** `lbfactor / total` of the winning candidate set; 0 when idle. */
  readonly share: number;
  readonly idle: IdleReason | undefined;
}

/** The steady state of a balancer from a fresh start. */
export interface Schedule extends Serving {
  /** Picks after which every lbstatus is back to 0: total / gcd(lbfactors); 0 when nothing serves. */
  readonly cycleLength: number;
  readonly members: readonly MemberShare[];
  /**
   * A candidate has status I, which Apache never puts in error: the serving lbset never runs out,
   * so the higher lbsets are never selected instead of being failover tiers.
   */
  readonly tierNeverRunsOut: boolean;
}

/** Balancer settings that change who is usable. */
export interface ScheduleOptions {
  /** `forcerecovery` (default On): when every member is in error, Apache clears them all. */
  readonly forceRecovery: boolean;
  /** The current Unix time: an `E` member is retried once `retry` seconds have passed since time 0. */
  readonly epochSeconds: number;
}

const DEFAULT_RETRY = 60;

/** The role the selection loop gives a member: R is tested before H. */
export function roleOf(status: number): Role {
  if (status === 0) return 'regular';
  if (hasStatus(status, 'R')) return 'spare';
  if (hasStatus(status, 'H')) return 'standby';
  return 'regular';
}

/** Why a freshly started member cannot be chosen, if it cannot; `E` is usually cleared by the first retry. */
export function blockReason(member: SchedulingInput, options: ScheduleOptions, errorCleared = false): BlockReason | undefined {
  const status = member.status;
  if (status === 0) return undefined;
  if (hasStatus(status, 'U')) return 'shutting-down';
  if (hasStatus(status, 'D')) return 'disabled';
  if (hasStatus(status, 'S')) return 'stopped';
  if (hasStatus(status, 'C')) return 'health-check-failed';
  if (hasStatus(status, 'E') && !errorCleared && !isErrorRetried(member, options)) return 'in-error';
  if (hasStatus(status, 'N')) return 'draining';
  return undefined;
}

function isErrorRetried(member: SchedulingInput, options: ScheduleOptions): boolean {
  // ap_proxy_retry_worker: error time is 0 at start; I always clears; otherwise now > 0 + retry.
  return hasStatus(member.status, 'I') || options.epochSeconds > (member.retry ?? DEFAULT_RETRY);
}

/** Who serves a fresh start: the lowest lbset with a usable member, and its candidates. */
export interface Serving {
  /** The lbset that serves every request, or undefined when nothing can (HTTP 503). */
  readonly tier: number | undefined;
  /** Member indexes handed to `is_best`, in evaluation order. */
  readonly candidates: readonly number[];
  /** Σ lbfactor over the candidates. */
  readonly total: number;
}

/** Who serves with members taken down (Selection.serving): `candidates` lists the first of them, `count` says how many there are. */
export interface Takeover extends Serving {
  readonly count: number;
}

/**
 * A balancer's members read once for its schedule and its what-ifs: each member's role and why it
 * is blocked, and the lbsets in the order Apache tries them. A hover asks who takes over when each
 * member fails: `serving(down)` answers that without reading every member again.
 */
export class Selection {
  readonly roles: readonly Role[];
  readonly blocks: readonly (BlockReason | undefined)[];
  /** force_recovery cleared E on every member: no member escapes E (after a retry). */
  readonly errorCleared: boolean;
  /** The lbsets, lowest first, each with its usable members. */
  private readonly sets: readonly { readonly lbset: number; readonly usable: Usable }[];

  constructor(
    private readonly members: readonly SchedulingInput[],
    options: ScheduleOptions,
  ) {
    this.errorCleared =
      options.forceRecovery &&
      members.length > 0 &&
      members.every((member) => hasStatus(member.status, 'E') && blockReason(member, options) === 'in-error');
    this.blocks = members.map((member) => blockReason(member, options, this.errorCleared));
    this.roles = members.map((member) => roleOf(member.status));
    const bySet = new Map<number, number[]>();
    members.forEach((member, index) => {
      const set = bySet.get(member.lbset);
      if (set) set.push(index);
      else bySet.set(member.lbset, [index]);
    });
    this.sets = [...bySet].sort(([a], [b]) => a - b).map(([lbset, indexes]) => ({ lbset, usable: this.usableOf(indexes) }));
  }

  /**
   * Who serves, with the members in `down` taken down (status D added), listing the first `listed`
   * candidates; undefined when that changes more than their own block: every member was in error
   * and force_recovery had cleared it, which a disabled member stops (then schedule the changed
   * members anew). A member taken down leaves its list (status D blocks it whatever else it has,
   * blockReason), and a regular one more is unusable: the lists are read, not copied, and not every
   * member's status again.
   */
  serving(down: ReadonlySet<number> = NO_MEMBERS, listed = Number.POSITIVE_INFINITY): Takeover | undefined {
    if (down.size > 0 && this.errorCleared) return undefined;
    for (const { lbset, usable } of this.sets) {
      let unusable = usable.unusable;
      for (const index of down)
        if (this.members[index]!.lbset === lbset && !this.blocks[index] && this.roles[index] === 'regular') unusable++;
      const candidates: number[] = [];
      let count = 0;
      let total = 0;
      const take = (index: number): void => {
        if (count++ < listed) candidates.push(index);
        total += this.members[index]!.lbfactor;
      };
      for (const index of usable.regular) if (!down.has(index)) take(index);
      let spares = 0;
      for (const index of usable.spares) {
        if (spares >= unusable) break;
        if (down.has(index)) continue;
        take(index);
        spares++;
      }
      if (count === 0) for (const index of usable.standbys) if (!down.has(index)) take(index);
      if (count > 0) return { tier: lbset, candidates, count, total };
    }
    return { tier: undefined, candidates: [], count: 0, total: 0 };
  }

  /** The members of one lbset by role, those not blocked, and how many regular members are. */
  private usableOf(members: readonly number[]): Usable {
    const usable = { regular: [] as number[], spares: [] as number[], standbys: [] as number[], unusable: 0 };
    for (const index of members) {
      const role = this.roles[index]!;
      if (role === 'regular') {
        if (this.blocks[index]) usable.unusable++;
        else usable.regular.push(index);
      } else if (!this.blocks[index]) {
        (role === 'spare' ? usable.spares : usable.standbys).push(index);
      }
    }
    return usable;
  }
}

/** An lbset's members that are not blocked, by role in declaration order, and how many of its regular members are blocked. */
interface Usable {
  readonly regular: readonly number[];
  readonly spares: readonly number[];
  readonly standbys: readonly number[];
  readonly unusable: number;
}

const NO_MEMBERS: ReadonlySet<number> = new Set();

/** Computes the candidate set, shares and cycle length without enumerating a cycle. */
export function schedule(members: readonly SchedulingInput[], options: ScheduleOptions): Schedule {
  const selection = new Selection(members, options);
  const { tier, candidates, total } = selection.serving()!;
  // Every lbstatus is back at 0 once each slot has gained a multiple of the total (a slot is a member's own unless shared).
  const shared = candidates.some((index) => members[index]!.slot !== undefined);
  const divisor = shared
    ? [...slotGains(members, candidates).values()].reduce(gcd, 0)
    : candidates.reduce((g, index) => gcd(g, members[index]!.lbfactor), 0);
  const inSet = new Uint8Array(members.length);
  for (const index of candidates) inSet[index] = 1;
  // Members alike share one entry (by role and lbfactor, or role and idle reason): a balancer of
  // thousands of members has a few distinct ones.
  const serving = new Map<string, Map<number, MemberShare>>();
  const shares = members.map((member, index): MemberShare => {
    const role = selection.roles[index]!;
    if (!inSet[index]) return idleEntry(role, idleReason(role, selection.blocks[index], member.lbset, tier));
    let byFactor = serving.get(role);
    if (!byFactor) serving.set(role, (byFactor = new Map()));
    let entry = byFactor.get(member.lbfactor);
    if (!entry) byFactor.set(member.lbfactor, (entry = { role, share: member.lbfactor / total, idle: undefined }));
    return entry;
  });
  const tierNeverRunsOut = candidates.some((index) => hasStatus(members[index]!.status, 'I'));
  return { tier, candidates, total, cycleLength: divisor > 0 ? total / divisor : 0, members: shares, tierNeverRunsOut };
}

const IDLE_ENTRIES = new Map<string, MemberShare>();

/** The one entry of an idle member of `role` for `idle`. */
function idleEntry(role: Role, idle: IdleReason): MemberShare {
  const key = `${role} ${idle}`;
  let entry = IDLE_ENTRIES.get(key);
  if (!entry) IDLE_ENTRIES.set(key, (entry = Object.freeze({ role, share: 0, idle })));
  return entry;
}

function idleReason(role: Role, blocked: BlockReason | undefined, lbset: number, tier: number | undefined): IdleReason {
  if (blocked) return blocked;
  if (tier !== undefined && lbset > tier) return 'shadowed-by-lbset';
  return role === 'spare' ? 'spare-not-needed' : 'standby-not-needed';
}

/** One request: the member chosen and every candidate's lbstatus after it, as in the manual's tables. */
export interface Step {
  readonly pick: number;
  /** lbstatus per candidate, in `Schedule.candidates` order. */
  readonly lbstatus: readonly number[];
}

/** The first `count` picks, as member indexes (smooth weighted round-robin with ties to the first). */
export function picks(members: readonly SchedulingInput[], plan: Schedule, count: number): number[] {
  return pickPositions(members, plan, count).map((position) => plan.candidates[position]!);
}

/** The first `count` steps with the lbstatus of every candidate after each pick. */
export function steps(members: readonly SchedulingInput[], plan: Schedule, count: number): Step[] {
  const gains = slotGains(members, plan.candidates);
  const slots = plan.candidates.map((index) => members[index]!.slot ?? index);
  const picked = new Map<number, number>();
  return pickPositions(members, plan, count).map((position, step) => {
    const slot = slots[position]!;
    picked.set(slot, (picked.get(slot) ?? 0) + 1);
    // After request t every slot has gained t × its candidates' lbfactors and paid the total once per pick.
    return {
      pick: plan.candidates[position]!,
      lbstatus: slots.map((each) => (step + 1) * gains.get(each)! - (picked.get(each) ?? 0) * plan.total),
    };
  });
}

/** What each shared-memory slot's lbstatus gains per request: the lbfactors of the candidates that use it. */
function slotGains(members: readonly SchedulingInput[], candidates: readonly number[]): Map<number, number> {
  const gains = new Map<number, number>();
  for (const index of candidates) {
    const member = members[index]!;
    const slot = member.slot ?? index;
    gains.set(slot, (gains.get(slot) ?? 0) + member.lbfactor);
  }
  return gains;
}

/**
 * Apache's loop as written, for candidates that share a slot and for a few candidates: each
 * candidate in turn adds its lbfactor to its slot's lbstatus and is taken when that is higher than
 * the lbstatus of the best so far; the chosen slot then pays the total. One pass over the
 * candidates per request.
 */
function simulatePositions(members: readonly SchedulingInput[], plan: Schedule, count: number): number[] {
  // Each candidate's slot as an index into `lbstatus`, the slots numbered as first met.
  const numbered = new Map<number, number>();
  const slotOf = Int32Array.from(plan.candidates, (index) => {
    const slot = members[index]!.slot ?? index;
    let number = numbered.get(slot);
    if (number === undefined) numbered.set(slot, (number = numbered.size));
    return number;
  });
  const factors = Float64Array.from(plan.candidates, (index) => members[index]!.lbfactor);
  const lbstatus = new Float64Array(numbered.size);
  const result: number[] = [];
  for (let request = 0; request < count && slotOf.length > 0; request++) {
    let best = 0;
    for (let position = 0; position < slotOf.length; position++) {
      const slot = slotOf[position]!;
      lbstatus[slot] = lbstatus[slot]! + factors[position]!;
      if (lbstatus[slot]! > lbstatus[slotOf[best]!]!) best = position;
    }
    lbstatus[slotOf[best]!] = lbstatus[slotOf[best]!]! - plan.total;
    result.push(best);
  }
  return result;
}

/** Up to this many candidates, Apache's loop is quicker than keeping them by pick count. */
const FEW_CANDIDATES = 24;

/**
 * The candidates Apache's byrequests picks for the first `count` requests, as positions in
 * `plan.candidates`. Apache raises every candidate's lbstatus by its lbfactor on each request,
 * takes the first one with the highest lbstatus and lowers it by the total. After request t a
 * candidate picked c times has t × lbfactor − c × total, so among candidates picked equally often
 * the one with the highest lbfactor (then the first) leads: only one leader per pick count can win.
 * Candidates are kept by pick count, each group ordered by that rank, so a request costs the number
 * of distinct pick counts (at most √(2t)) and a heap step instead of a pass over every candidate.
 */
function pickPositions(members: readonly SchedulingInput[], plan: Schedule, count: number): number[] {
  if (plan.candidates.length <= FEW_CANDIDATES || plan.candidates.some((index) => members[index]!.slot !== undefined))
    return simulatePositions(members, plan, count);
  const factors = plan.candidates.map((index) => members[index]!.lbfactor);
  const byRank = factors.map((_, position) => position).sort((a, b) => factors[b]! - factors[a]! || a - b);
  const rankOf = new Int32Array(factors.length);
  byRank.forEach((position, rank) => (rankOf[position] = rank));
  // Candidates never picked are taken in rank order; the others sit in a min-heap of ranks per count
  // (`groups`, in no order: the best is the highest value, then the first position, whatever the order).
  let unpicked = 0;
  const groups: Group[] = [];
  const groupOf = new Map<number, Group>();
  const result: number[] = [];
  for (let request = 1; request <= count; request++) {
    let best = -1;
    let bestValue = 0;
    let bestGroup: Group | undefined;
    if (unpicked < byRank.length) {
      best = byRank[unpicked]!;
      bestValue = request * factors[best]!;
    }
    for (const group of groups) {
      const position = byRank[group.heap[0]!]!;
      const value = request * factors[position]! - group.picked * plan.total;
      if (best < 0 || value > bestValue || (value === bestValue && position < best)) {
        best = position;
        bestValue = value;
        bestGroup = group;
      }
    }
    if (!bestGroup) unpicked++;
    else {
      popMin(bestGroup.heap);
      if (bestGroup.heap.length === 0) {
        groupOf.delete(bestGroup.picked);
        groups.splice(groups.indexOf(bestGroup), 1);
      }
    }
    const picked = (bestGroup?.picked ?? 0) + 1;
    const next = groupOf.get(picked);
    if (next) pushHeap(next.heap, rankOf[best]!);
    else {
      const group = { picked, heap: [rankOf[best]!] };
      groupOf.set(picked, group);
      groups.push(group);
    }
    result.push(best);
  }
  return result;
}

/** The candidates picked `picked` times so far, as a min-heap of their ranks. */
interface Group {
  readonly picked: number;
  readonly heap: number[];
}

function pushHeap(heap: number[], value: number): void {
  let at = heap.push(value) - 1;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (heap[parent]! <= value) break;
    heap[at] = heap[parent]!;
    at = parent;
  }
  heap[at] = value;
}

function popMin(heap: number[]): void {
  const last = heap.pop()!;
  if (heap.length === 0) return;
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= heap.length) break;
    if (child + 1 < heap.length && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= last) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = last;
}

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}
