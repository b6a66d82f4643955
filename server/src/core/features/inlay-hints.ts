/** Inlay hints after each member: its share, or why it gets nothing. */
import type { Analysis } from '../analysis';
import { describeIdle } from '../scheduler/preview';
import { percent } from './format';

/** A hint to show at an offset. */
export interface InlayHint {
  readonly offset: number;
  readonly label: string;
  readonly tooltip: string;
}

/** Hints for every member whose line ends inside [start, end]. */
export function inlayHints(analysis: Analysis, start = 0, end = Number.MAX_SAFE_INTEGER): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const preview of analysis.previews) {
    const { balancer, schedule } = preview;
    balancer.members.forEach((member, index) => {
      const at = member.declaration.directive.span.end;
      if (at < start || at > end) return;
      const plan = schedule.members[index]!;
      let label: string;
      if (plan.idle) label = shortIdle(plan.idle, member.params.lbset, schedule.tier);
      else if (!preview.simulated) label = `${preview.lbmethod}: no fixed order`;
      else label = `≈ ${percent(plan.share)}${plan.role === 'regular' ? '' : ` (${plan.role})`}`;
      const tooltip = plan.idle ? describeIdle(plan.idle, member, schedule.tier) : `${balancer.name}: ${label.replace('≈ ', '')} of requests`;
      hints.push({ offset: at, label, tooltip });
    });
  }
  return hints.sort((a, b) => a.offset - b.offset);
}

function shortIdle(idle: NonNullable<Analysis['previews'][number]['schedule']['members'][number]['idle']>, lbset: number, tier: number | undefined): string {
  switch (idle) {
    case 'spare-not-needed':
      return 'spare (idle)';
    case 'standby-not-needed':
      return 'standby (idle)';
    case 'shadowed-by-lbset':
      return `never selected: lbset ${lbset} shadowed by lbset ${tier ?? 0}`;
    case 'health-check-failed':
      return 'health check failed';
    case 'in-error':
      return 'in error';
    case 'shutting-down':
      return 'shutting down';
    default:
      return idle;
  }
}
