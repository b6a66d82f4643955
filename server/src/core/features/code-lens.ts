/** A code lens above each balancer: members, cycle and the first picks. */
import type { Analysis } from '../analysis';
import { memberLetter } from '../scheduler/letters';
import { previewPicks } from '../scheduler/preview';
import type { Span } from '../syntax/lines';

/** One lens: where, what it says, and which balancer its command opens. */
export interface CodeLens {
  readonly span: Span;
  readonly title: string;
  readonly balancer: string;
}

/** How many picks a lens shows at most. */
const LENS_PICKS = 10;

/** A lens for every balancer that has a place in this file. */
export function codeLenses(analysis: Analysis): CodeLens[] {
  return analysis.previews.map((preview) => {
    const { balancer, schedule } = preview;
    const anchor = (balancer.section?.open ?? balancer.createdBy).span;
    const count = balancer.members.length;
    const parts = [`${count} member${count === 1 ? '' : 's'}`];
    if (count === 0 || schedule.tier === undefined) parts.push('every request gets 503');
    else if (!preview.simulated) parts.push(`${preview.lbmethod}: no fixed order`);
    else {
      const shown = Math.min(LENS_PICKS, schedule.cycleLength);
      const letters = previewPicks(preview, shown).map((member) => (member ? memberLetter(balancer.members.indexOf(member)) : '503'));
      parts.push(`cycle ${schedule.cycleLength}`, `${letters.join(' ')}${shown < schedule.cycleLength ? ' …' : ''}`);
    }
    return { span: anchor, title: parts.join(' · '), balancer: balancer.name };
  });
}
