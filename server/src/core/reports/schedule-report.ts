/** The JSON schedule report: `balancer-lens schedule --format json` and the editor's schedule view. */
import type { ServerScope } from '../model/model';
import { statusLetters } from '../model/params';
import type { IdleReason } from '../scheduler/byrequests';
import { memberLetter } from '../scheduler/letters';
import { BalancerPreview, describeIdle, previewPicks, Refusal, unseenSentence } from '../scheduler/preview';
import type { Locate } from '../files';

/** Default number of picks: one cycle, at most this many. */
export const DEFAULT_PICK_CAP = 100;

/** One member in the report. */
export interface MemberReport {
  readonly url: string;
  /** Only when the member is declared in another file than the balancer. */
  readonly file?: string;
  readonly line: number;
  readonly loadfactor: string | null;
  readonly lbfactor: number;
  readonly lbset: number;
  readonly status: string;
  readonly role: 'active' | 'spare' | 'standby';
  readonly share: number | null;
  readonly reason: IdleReason | null;
  /** The member's letter in `picks` of the text output and the view (`a`, `b`, … `aa`). */
  readonly letter: string;
  /** Why `share` is 0, in the words of hovers and the CLI; null when it is not. */
  readonly explanation: string | null;
  /** What Apache refuses on this member's line, when it does: then `share` is null. */
  readonly refused: RefusalReport | null;
}

/** A refusal of Apache's in the report. */
export interface RefusalReport {
  /** Only when it is in another file than the balancer. */
  readonly file?: string;
  readonly line: number;
  readonly message: string;
  readonly ruleId: string;
}

/** One balancer in the report (a public contract: tests and other tools rely on it). */
export interface BalancerReport {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly scope: string;
  /** Every server whose requests take their picks from this one schedule, as `scope` names them (the main server first). */
  readonly servers: readonly string[];
  readonly lbmethod: string;
  readonly simulated: boolean;
  readonly tier: number | null;
  readonly cycleLength: number | null;
  readonly members: readonly MemberReport[];
  readonly picks: readonly (string | null)[];
  readonly notes: readonly string[];
  /** Apache refuses this balancer: no tier, cycle, share or pick is given. */
  readonly refused: RefusalReport | null;
}

/** Builds the report of one balancer; `picks` undefined means one cycle (capped), or one 503 when nothing serves. */
export function balancerReport(preview: BalancerPreview, locate: Locate, picks?: number): BalancerReport {
  const { balancer, schedule } = preview;
  const lineOf = (offset: number): number => locate(offset).line;
  const at = locate((balancer.section?.open ?? balancer.createdBy).lineAt);
  // A refused balancer, or one a partial set cannot see, has no schedule to show.
  const hasSchedule = preview.simulated && !preview.refusal && !preview.unseen;
  const defaultCount = !hasSchedule ? 0 : schedule.cycleLength > 0 ? Math.min(schedule.cycleLength, DEFAULT_PICK_CAP) : 1;
  const scopeName = (scope: ServerScope): string => (scope.kind === 'main' ? 'main' : `vhost:${lineOf(scope.section.open.lineAt)}`);
  const refusalReport = (refusal: Refusal | undefined): RefusalReport | null => {
    if (!refusal) return null;
    const placed = locate(refusal.span.start);
    return {
      ...(placed.file === at.file ? {} : { file: placed.file }),
      line: placed.line,
      message: refusal.message,
      ruleId: refusal.ruleId,
    };
  };
  return {
    name: balancer.name,
    file: at.file,
    line: at.line,
    scope: scopeName(balancer.scope),
    servers: (balancer.sharedAcross ?? [balancer.scope]).map(scopeName),
    lbmethod: preview.lbmethod,
    simulated: preview.simulated,
    tier: hasSchedule ? (schedule.tier ?? null) : null,
    cycleLength: hasSchedule ? schedule.cycleLength : null,
    members: balancer.members.map((member, position) => {
      const plan = schedule.members[position]!;
      const declared = locate(member.declaration.directive.lineAt);
      return {
        url: member.url,
        ...(declared.file === at.file ? {} : { file: declared.file }),
        line: declared.line,
        loadfactor: member.setBy.get('loadfactor')?.value ?? null,
        lbfactor: member.params.lbfactor,
        lbset: member.params.lbset,
        status: statusLetters(member.params.status),
        role: plan.role === 'regular' ? 'active' : plan.role,
        share: hasSchedule ? plan.share : null,
        reason: hasSchedule ? (plan.idle ?? null) : null,
        letter: memberLetter(position),
        explanation: hasSchedule && plan.idle ? describeIdle(plan.idle, member, schedule.tier, schedule.tierNeverRunsOut) : null,
        refused: refusalReport(preview.refusedMembers?.get(position)),
      };
    }),
    picks: hasSchedule ? previewPicks(preview, picks ?? defaultCount).map((member) => member?.url ?? null) : [],
    notes: preview.unseen ? [unseenSentence(balancer.name, preview.unseen), ...preview.notes] : preview.notes,
    refused: refusalReport(preview.refusal),
  };
}
