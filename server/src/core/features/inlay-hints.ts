/** Inlay hints after each member: its share, or why it gets nothing. */
import type { Analysis } from '../analysis';
import type { Balancer, Member } from '../model/model';
import { memberLetter } from '../scheduler/letters';
import { BalancerPreview, describeIdle, refusalSentence } from '../scheduler/preview';
import { percent, shortIdle } from './share-text';
import { counterparts, SteadyView } from './unfinished';

/** A hint to show at an offset. */
export interface InlayHint {
  readonly offset: number;
  readonly label: string;
  readonly tooltip: string;
}

/**
 * Hints for every member whose line ends inside [start, end]. A virtual host's inherited copy of a
 * balancer adds nothing when it schedules like the main server's; when it differs (its own
 * lbmethod, say), one hint on its own line says how. While the user types, `steady` says which
 * balancers keep their last calm hints (placed at their members' lines now).
 */
export function inlayHints(analysis: Analysis, start = 0, end = Number.MAX_SAFE_INTEGER, steady?: SteadyView): InlayHint[] {
  const hints: InlayHint[] = [];
  const isInRange = (offset: number): boolean => offset >= start && offset <= end;
  // Labels only for the members in range (an editor asks for its viewport), and whole balancers only for a copy's hint.
  let byBalancer: Map<Balancer, BalancerPreview> | undefined;
  for (const preview of analysis.previews) {
    const from = preview.balancer.inherited?.from;
    const held = steady?.(preview);
    if (held) {
      if (!from && held.calm) hints.push(...calmHints(preview.balancer, held.calm, isInRange));
      continue;
    }
    if (!from) {
      preview.balancer.members.forEach((member, index) => {
        if (isInRange(memberOffset(member))) hints.push(memberHint(preview, index));
      });
      continue;
    }
    const at = preview.balancer.createdBy.span.end;
    if (!isInRange(at)) continue;
    byBalancer ??= new Map(analysis.previews.map((each) => [each.balancer, each]));
    const own = memberHints(preview);
    const mainPreview = byBalancer.get(from);
    const main = mainPreview && memberHints(mainPreview);
    const isSame = main !== undefined && main.length === own.length && main.every((hint, index) => hint.label === own[index]!.label);
    if (isSame) continue;
    const shown = own.slice(0, COPY_MEMBERS).map((hint, index) => `${memberLetter(index)} ${hint.label.replace('≈ ', '')}`);
    if (own.length > COPY_MEMBERS) shown.push('…');
    hints.push({
      offset: at,
      label: `this virtual host: ${shown.join(' · ')}`,
      tooltip: `${preview.balancer.name} as this virtual host inherits it (${preview.lbmethod}): ${shown.join(', ')}`,
    });
  }
  return hints.sort((a, b) => a.offset - b.offset);
}

/** The calm preview's hints, each at the line of the member it belongs to now. */
function calmHints(current: Balancer, calm: BalancerPreview, isInRange: (offset: number) => boolean): InlayHint[] {
  const pairs = counterparts(current, calm.balancer);
  return current.members.flatMap((member, index) => {
    const at = memberOffset(member);
    const was = pairs[index];
    if (was === undefined || !isInRange(at)) return [];
    const hint = memberHint(calm, was);
    return [{ offset: at, label: hint.label, tooltip: `${hint.tooltip} (as before the line being typed)` }];
  });
}

/** Members an inherited copy's hint names at most. */
const COPY_MEMBERS = 5;

/** A hint for each member of a balancer, in member order. */
function memberHints(preview: BalancerPreview): InlayHint[] {
  return preview.balancer.members.map((_, index) => memberHint(preview, index));
}

/** Where a member's hint goes: the end of its line. */
function memberOffset(member: Member): number {
  return member.declaration.directive.span.end;
}

/** A member's share, or why it gets none. */
function memberHint(preview: BalancerPreview, index: number): InlayHint {
  const { balancer, schedule } = preview;
  const member = balancer.members[index]!;
  const at = memberOffset(member);
  const refused = preview.refusedMembers?.get(index);
  if (refused) return { offset: at, label: 'refused', tooltip: `Apache refuses this member (${refused.where}: ${refused.message})` };
  if (preview.refusal) return { offset: at, label: 'no schedule: balancer refused', tooltip: refusalSentence(preview.refusal) };
  const plan = schedule.members[index]!;
  let label: string;
  if (plan.idle) label = shortIdle(plan.idle, member.params.lbset, schedule.tier, schedule.tierNeverRunsOut);
  else if (!preview.simulated) label = `${preview.lbmethod}: no fixed order`;
  else label = `≈ ${percent(plan.share)}${plan.role === 'regular' ? '' : ` (${plan.role})`}`;
  const tooltip = plan.idle
    ? describeIdle(plan.idle, member, schedule.tier, schedule.tierNeverRunsOut)
    : `${balancer.name}: ${label.replace('≈ ', '')} of requests`;
  return { offset: at, label, tooltip };
}
