/** The words of a traffic diff, one spelling for the text, markdown and SVG reports. */
import { memberLetter } from '../scheduler/letters';
import { percent } from '../features/share-text';
import type { BalancerChange, BalancerFacts, MemberChange, MemberState, RouteChange, Settings, TrafficDiff } from './traffic-diff';
import { stateWords } from './traffic-diff';

/** The heading of a changed balancer: what happened, its name, and where it is. */
export function changeTitle(change: BalancerChange): string {
  const where = [change.configuration, change.server === 'main' ? '' : change.server].filter(Boolean).join(' ');
  const place = where === '' ? '' : ` (${where})`;
  switch (change.kind) {
    case 'added':
      return `added ${change.name}${place}`;
    case 'removed':
      return `removed ${change.name}${place}`;
    case 'renamed':
      return `renamed ${change.renamedFrom} → ${change.name}${place}`;
    case 'changed':
      return `changed ${change.name}${place}`;
  }
}

/** The balancer-level facts that changed, one phrase each (or what the balancer is, when added or removed); a chart draws the picks instead. */
export function factLines(change: BalancerChange, withPicks = true): string[] {
  if (change.kind === 'added') return [describeFacts(change.after)];
  if (change.kind === 'removed') return [`was ${describeFacts(change.before)}`];
  const { before, after } = change;
  const lines: string[] = [];
  if (before.refused !== after.refused) {
    if (after.refused !== null) lines.push(`Apache now refuses it: ${after.refused}`);
    else lines.push(`Apache no longer refuses it (was: ${before.refused})`);
  }
  if (before.lbmethod !== after.lbmethod) lines.push(`lbmethod ${before.lbmethod} → ${after.lbmethod}`);
  lines.push(...settingWords(before.settings, after.settings));
  // Without a schedule on both sides, the refusal or the lbmethod above says why; "503" would be wrong.
  if (!before.hasSchedule || !after.hasSchedule) return lines;
  if (before.tier !== after.tier) lines.push(`lbset serving ${tierWords(before.tier)} → ${tierWords(after.tier)}`);
  if (before.cycleLength !== after.cycleLength) lines.push(`cycle ${cycleWords(before.cycleLength)} → ${cycleWords(after.cycleLength)}`);
  if (withPicks && before.picks.join(' ') !== after.picks.join(' '))
    lines.push(`first picks ${pickWords(before.picks, change)} → ${pickWords(after.picks, change)}`);
  return lines;
}

/** A balancer's schedule in a few words: refused, no fixed order, every request 503, or the lbset serving and the cycle. */
export function describeFacts(facts: BalancerFacts): string {
  if (facts.refused !== null) return `refused by Apache: ${facts.refused}`;
  if (!facts.hasSchedule) return `${facts.lbmethod}, no fixed order to preview`;
  if (facts.tier === null) return `${facts.lbmethod}, no usable member: every request gets 503`;
  return `${facts.lbmethod}, lbset ${facts.tier} serving, cycle of ${cycleWords(facts.cycleLength)}`;
}

function tierWords(tier: number | null): string {
  return tier === null ? 'none (503)' : String(tier);
}

function cycleWords(cycle: number | null): string {
  return cycle === null ? 'none' : `${cycle} pick${cycle === 1 ? '' : 's'}`;
}

/** Member letters in the order of the change's members, as the picks' timeline shows them. */
export function memberLetters(change: BalancerChange): ReadonlyMap<string, string> {
  return new Map(change.members.map((member, index) => [member.url, memberLetter(index)] as const));
}

const PICKS_SHOWN = 12;

function pickWords(picks: readonly (string | null)[], change: BalancerChange): string {
  if (picks.length === 0) return 'none';
  const letters = memberLetters(change);
  const shown = picks.slice(0, PICKS_SHOWN).map((url) => (url === null ? '503' : (letters.get(url) ?? '?')));
  return `${shown.join(' ')}${picks.length > PICKS_SHOWN ? ' …' : ''}`;
}

/** A member's share before → after and its change in points: `70.0% → 18.9% (−51.1)`. */
export function shareWords(member: MemberChange): string {
  const share = (state: MemberChange['before']): string => (state === null ? '—' : state.share === null ? 'n/a' : percent(state.share));
  const delta =
    member.points === null || member.points === 0 ? '' : ` (${member.points > 0 ? '+' : '−'}${Math.abs(member.points).toFixed(1)})`;
  return `${share(member.before)} → ${share(member.after)}${delta}`;
}

/** What changed in a member besides its share: added, removed, its state, weight or lbset. */
export function memberNote(member: MemberChange, change: BalancerChange): string {
  const tierBefore = change.kind === 'added' ? null : change.before.tier;
  const tierAfter = change.kind === 'removed' ? null : change.after.tier;
  const { before, after } = member;
  const notes: string[] = [];
  if (member.change === 'added') notes.push('added');
  if (member.change === 'removed') notes.push('removed');
  if (before && after) {
    const loadfactor = (state: MemberState): string => state.settings['loadfactor'] ?? String(state.lbfactor / 100);
    if (loadfactor(before) !== loadfactor(after)) notes.push(`loadfactor ${loadfactor(before)} → ${loadfactor(after)}`);
    if (before.lbset !== after.lbset) notes.push(`lbset ${before.lbset} → ${after.lbset}`);
    if (before.status !== after.status) notes.push(`status ${before.status || '(none)'} → ${after.status || '(none)'}`);
    const { loadfactor: _before, ...settingsBefore } = before.settings;
    const { loadfactor: _after, ...settingsAfter } = after.settings;
    notes.push(...settingWords(settingsBefore, settingsAfter));
  }
  const was = before && stateWords(before, tierBefore);
  const is = after && stateWords(after, tierAfter);
  if (after && after.state !== 'active' && (member.change === 'added' || was !== is))
    notes.push(member.change === 'added' ? is! : `now ${is}`);
  else if (before && after && before.state !== 'active' && after.state === 'active') notes.push(`now active (was ${was})`);
  return notes.join('; ');
}

/** Each setting that changed: `stickysession JSESSIONID → SID`, `(none)` where it is not set. */
function settingWords(before: Settings, after: Settings): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((key) => before[key] !== after[key]).map((key) => `${key} ${before[key] ?? '(none)'} → ${after[key] ?? '(none)'}`);
}

/** A route's change: `/api: balancer://api → balancer://web`. */
export function routeWords(route: RouteChange): string {
  const target = (value: string | null): string => (value === null ? 'no ProxyPass (not proxied)' : value === '!' ? 'excluded (!)' : value);
  const where = [route.configuration, route.server === 'main' ? '' : route.server].filter(Boolean).join(' ');
  const received = route.received;
  const path = (value: string | null): string => value ?? 'nothing';
  const member =
    received && received.before !== received.after ? `; the member receives ${path(received.before)} → ${path(received.after)}` : '';
  return `${route.path}${where === '' ? '' : ` (${where})`}: ${target(route.before)} → ${target(route.after)}${member}`;
}

/** The closing count: `3 balancers unchanged`, or that nothing changed. */
export function unchangedWords(diff: TrafficDiff): string {
  if (!diff.changed) return `no change to traffic (${diff.unchanged} balancer${diff.unchanged === 1 ? '' : 's'} compared)`;
  return `${diff.unchanged} balancer${diff.unchanged === 1 ? '' : 's'} unchanged`;
}
