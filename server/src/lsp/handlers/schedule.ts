/** balancerLens/schedule: the JSON report of one balancer, for the editor's schedule view, with its what-if and lbstatus steps. */
import { balancerReport } from '../../core/reports/schedule-report';
import { balancerLiveLines, compareAll, LivePage } from '../../core/live/editor';
import { previewSteps, previewWhatIf, WhatIf } from '../../core/scheduler/preview';
import type { MemberWhatIf, ScheduleAnswer, ScheduleParams } from '../../protocol';
import type { Open } from '../context';

/**
 * The most picks one request answers, as many as `balancerLens.preview.picks` allows (the schedule
 * view asks for 200): a request for 5×10⁷ picks would otherwise cost minutes and gigabytes.
 */
export const MAX_PICKS = 1000;

/** Cycles up to this length get the lbstatus table (the manual's own table has 10 rows). */
export const STEPS_CYCLE = 24;

/** The report of the named balancer, or null when the document has none by that name. */
export function schedule({ state }: Open, params: ScheduleParams, live: readonly LivePage[] = []): ScheduleAnswer | null {
  if (typeof params.balancer !== 'string') return null;
  const name = params.balancer.toLowerCase();
  const found = state.analysis.previews.find((candidate) => candidate.balancer.name === name);
  if (!found) return null;
  const members = found.balancer.members;
  const changes = new Map<number, WhatIf>();
  const whatIf: MemberWhatIf[] = [];
  // Looked up by URL: a search per what-if made 20,000 of them on 20,000 members take 30 s.
  const indexOf = new Map<string, number>();
  members.forEach((member, index) => {
    if (!indexOf.has(member.url)) indexOf.set(member.url, index);
  });
  for (const { url, action } of whatIfs(params.whatIf)) {
    const index = indexOf.get(url);
    if (index === undefined || changes.has(index)) continue;
    changes.set(index, action);
    whatIf.push({ url, action });
  }
  const preview = changes.size > 0 ? previewWhatIf(found, changes) : found;
  const report = balancerReport(
    preview,
    (offset) => {
      const location = state.locationOf({ start: offset, end: offset });
      return { file: location.uri, line: location.range.start.line + 1 };
    },
    picksWanted(params.picks),
  );
  const { schedule: plan } = preview;
  const hasSteps = report.cycleLength !== null && report.cycleLength > 0 && report.cycleLength <= STEPS_CYCLE;
  return {
    ...report,
    whatIf,
    steps: hasSteps
      ? {
          candidates: plan.candidates.map((index) => members[index]!.url),
          rows: previewSteps(preview, plan.cycleLength).map((step) => ({ pick: members[step.pick]!.url, lbstatus: step.lbstatus })),
        }
      : null,
    live: live.length === 0 ? [] : balancerLiveLines(compareAll(state.analysis, live), members, found.balancer.name),
  };
}

/** A whole number of picks up to MAX_PICKS; anything that is not a number of picks asks for the default (one cycle). */
function picksWanted(picks: unknown): number | undefined {
  return typeof picks === 'number' && picks >= 0 && !Number.isNaN(picks) ? Math.min(Math.floor(picks), MAX_PICKS) : undefined;
}

/** The well-formed what-ifs of the params. */
function whatIfs(value: unknown): MemberWhatIf[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is MemberWhatIf =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as Record<string, unknown>)['url'] === 'string' &&
      ['down', 'drain', 'up'].includes((entry as Record<string, unknown>)['action'] as string),
  );
}
