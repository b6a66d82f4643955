/** Inlay hints after each member: its share, or why it gets nothing. */
import type { Analysis } from '../analysis';
import { memberLetter } from '../scheduler/letters';
import { BalancerPreview, describeIdle, refusalSentence } from '../scheduler/preview';
import { percent, shortIdle } from './share-text';

/** A hint to show at an offset. */
export interface InlayHint {
  readonly offset: number;
  readonly label: string;
  readonly tooltip: string;
}

/**
 * Hints for every member whose line ends inside [start, end]. A virtual host's inherited copy of a
 * balancer adds nothing when it schedules like the main server's; when it differs (its own
 * lbmethod, say), one hint on its own line says how.
 */
export function inlayHints(analysis: Analysis, start = 0, end = Number.MAX_SAFE_INTEGER): InlayHint[] {
  const hints: InlayHint[] = [];
  const labelled = new Map<BalancerPreview['balancer'], readonly InlayHint[]>();
  for (const preview of analysis.previews) labelled.set(preview.balancer, memberHints(preview));
  for (const preview of analysis.previews) {
    const own = labelled.get(preview.balancer)!;
    const from = preview.balancer.inherited?.from;
    if (!from) {
      hints.push(...own.filter((hint) => hint.offset >= start && hint.offset <= end));
      continue;
    }
    const main = labelled.get(from);
    const isSame = main !== undefined && main.length === own.length && main.every((hint, index) => hint.label === own[index]!.label);
    const at = preview.balancer.createdBy.span.end;
    if (isSame || at < start || at > end) continue;
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

/** Members an inherited copy's hint names at most. */
const COPY_MEMBERS = 5;

/** A hint for each member of a balancer, in member order. */
function memberHints(preview: BalancerPreview): InlayHint[] {
  const { balancer, schedule } = preview;
  return balancer.members.map((member, index): InlayHint => {
    const at = member.declaration.directive.span.end;
    const refused = preview.refusedMembers?.get(index);
    if (refused) return { offset: at, label: 'refused', tooltip: `Apache refuses this member (${refused.where}: ${refused.message})` };
    if (preview.refusal) return { offset: at, label: 'no schedule: balancer refused', tooltip: refusalSentence(preview.refusal) };
    const plan = schedule.members[index]!;
    let label: string;
    if (plan.idle) label = shortIdle(plan.idle, member.params.lbset, schedule.tier);
    else if (!preview.simulated) label = `${preview.lbmethod}: no fixed order`;
    else label = `≈ ${percent(plan.share)}${plan.role === 'regular' ? '' : ` (${plan.role})`}`;
    const tooltip = plan.idle ? describeIdle(plan.idle, member, schedule.tier) : `${balancer.name}: ${label.replace('≈ ', '')} of requests`;
    return { offset: at, label, tooltip };
  });
}
