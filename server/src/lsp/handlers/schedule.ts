/** balancerLens/schedule: the JSON report of one balancer, for the editor's schedule view. */
import { balancerReport, BalancerReport } from '../../core/features/schedule-report';
import type { Open } from '../context';

/** The request's params (the document as `uri`, as the client sends it). */
export interface ScheduleParams {
  readonly uri: string;
  readonly balancer: string;
  readonly picks?: number;
}

/** The report of the named balancer, or null when the document has none by that name. */
export function schedule({ state }: Open, params: ScheduleParams): BalancerReport | null {
  const preview = state.analysis.previews.find((candidate) => candidate.balancer.name === params.balancer.toLowerCase());
  if (!preview) return null;
  return balancerReport(preview, (offset) => {
    const location = state.locationOf({ start: offset, end: offset });
    return { file: location.uri, line: location.range.start.line + 1 };
  }, params.picks);
}
