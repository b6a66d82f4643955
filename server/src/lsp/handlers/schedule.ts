/** balancerLens/schedule: the JSON report of one balancer, for the editor's schedule view. */
import { balancerReport, BalancerReport } from '../../core/features/schedule-report';
import type { Open } from '../context';

/** The request's params (the document as `uri`, as the client sends it); a client may send anything. */
export interface ScheduleParams {
  readonly uri: unknown;
  readonly balancer: unknown;
  readonly picks?: unknown;
}

/**
 * The most picks one request answers, as many as `balancerLens.preview.picks` allows (the schedule
 * view asks for 200): a request for 5×10⁷ picks would otherwise cost minutes and gigabytes.
 */
export const MAX_PICKS = 1000;

/** The report of the named balancer, or null when the document has none by that name. */
export function schedule({ state }: Open, params: ScheduleParams): BalancerReport | null {
  if (typeof params.balancer !== 'string') return null;
  const name = params.balancer.toLowerCase();
  const preview = state.analysis.previews.find((candidate) => candidate.balancer.name === name);
  if (!preview) return null;
  return balancerReport(
    preview,
    (offset) => {
      const location = state.locationOf({ start: offset, end: offset });
      return { file: location.uri, line: location.range.start.line + 1 };
    },
    picksWanted(params.picks),
  );
}

/** A whole number of picks up to MAX_PICKS; anything that is not a number of picks asks for the default (one cycle). */
function picksWanted(picks: unknown): number | undefined {
  return typeof picks === 'number' && picks >= 0 && !Number.isNaN(picks) ? Math.min(Math.floor(picks), MAX_PICKS) : undefined;
}
