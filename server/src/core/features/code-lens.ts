/** A code lens above each balancer: members, cycle and the first picks. */
import type { Analysis } from '../analysis';
import { memberLetter } from '../scheduler/letters';
import { BalancerPreview, previewPicks } from '../scheduler/preview';
import type { Span } from '../span';
import { escapeIcons } from '../markup';
import type { SteadyView } from './unfinished';

/** One lens: where, what it says, and which balancer its command opens. */
export interface CodeLens {
  readonly span: Span;
  readonly title: string;
  readonly balancer: string;
}

/** How much a lens shows. */
export interface LensOptions {
  /** Picks shown (one cycle when shorter): `balancerLens.preview.picks`. */
  readonly picks: number;
}

/**
 * A lens for every balancer that has a place in this file; a virtual host's inherited copy only
 * where its lens would differ. While the user types, `steady` says which balancers keep their last calm lens.
 */
export function codeLenses(analysis: Analysis, options: LensOptions, steady?: SteadyView): CodeLens[] {
  const lenses = new Map(analysis.previews.map((preview) => [preview.balancer, steadyLens(preview, options.picks, steady)]));
  return analysis.previews.flatMap((preview) => {
    const lens = lenses.get(preview.balancer)!;
    const from = preview.balancer.inherited?.from;
    return from && lenses.get(from)?.title === lens.title ? [] : [lens];
  });
}

/** The balancer's lens, or its last calm one (at its place now) while its refusal is held back. */
function steadyLens(preview: BalancerPreview, picks: number, steady: SteadyView | undefined): CodeLens {
  const held = steady?.(preview);
  if (!held) return lensOf(preview, picks);
  // A balancer new since the last calm publication says only how many members it has so far.
  if (!held.calm) return { span: anchorOf(preview), title: membersPart(preview), balancer: preview.balancer.name };
  return { ...lensOf(held.calm, picks), span: anchorOf(preview) };
}

function lensOf(preview: BalancerPreview, picks: number): CodeLens {
  const { balancer, schedule } = preview;
  const anchor = anchorOf(preview);
  const count = balancer.members.length;
  const parts = [membersPart(preview)];
  if (preview.refusal) parts.push(`Apache refuses this balancer (${preview.refusal.where}): no schedule`);
  else if (preview.unseen)
    parts.splice(
      0,
      1,
      preview.unseen.elsewhere
        ? `members in ${escapeIcons(baseName(preview.unseen.elsewhere.file))}, not included here`
        : `not found in the ${preview.unseen.filesRead} file${preview.unseen.filesRead === 1 ? '' : 's'} read`,
    );
  else if (count === 0 || schedule.tier === undefined) parts.push('every request gets 503');
  else if (!preview.simulated) parts.push(`${preview.lbmethod}: no fixed order`);
  else {
    const shown = Math.min(picks, schedule.cycleLength);
    const letters = previewPicks(preview, shown).map((member) => (member ? memberLetter(balancer.members.indexOf(member)) : '503'));
    parts.push(`cycle ${schedule.cycleLength}`, `${letters.join(' ')}${shown < schedule.cycleLength ? ' …' : ''}`);
  }
  return { span: anchor, title: parts.join(' · '), balancer: balancer.name };
}

function membersPart(preview: BalancerPreview): string {
  const count = preview.balancer.members.length;
  return `${count} member${count === 1 ? '' : 's'}`;
}

/** Where a balancer's lens stands: its section's opening line, or the line that created it. */
function anchorOf(preview: BalancerPreview): Span {
  return (preview.balancer.section?.open ?? preview.balancer.createdBy).span;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
