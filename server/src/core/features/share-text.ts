/** Shares, load factors and idle members as text: one spelling for the hover, inlay hints, the outline and the CLI. */
import { strtod } from '../model/cvalues';
import type { Member } from '../model/model';
import type { IdleReason } from '../scheduler/byrequests';
import { lowerTiers } from '../scheduler/preview';

/** A share as a percentage with one decimal: 0.7 → "70.0%". */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** A share as a bar of `width` cells. */
export function bar(share: number, width = 20): string {
  const filled = Math.round(share * width);
  return '█'.repeat(filled) + '·'.repeat(width - filled);
}

/** How Apache shows an lbfactor: lbfactor / 100 with two decimals (balancer-manager's "Factor"). */
export function factor(lbfactor: number): string {
  return (lbfactor / 100).toFixed(2);
}

/** A loadfactor as written (`70`; `1` when not written), with the value Apache stores beside it when that differs: `1.15 → 1.14`. */
export function loadfactorText(member: Member): string {
  const written = member.setBy.get('loadfactor')?.value;
  const stored = String(member.params.lbfactor / 100);
  if (written === undefined) return stored;
  return Math.abs(strtod(written).value * 100 - member.params.lbfactor) < 1e-9 ? written : `${written} → ${stored}`;
}

/** "1 request", "3 requests". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Why a member gets nothing, in a few words (inlay hints, the outline, the hover's share table); `neverRunsOut`: Schedule.tierNeverRunsOut. */
export function shortIdle(idle: IdleReason, lbset: number, tier: number | undefined, neverRunsOut = false): string {
  switch (idle) {
    case 'spare-not-needed':
      return 'spare (idle)';
    case 'standby-not-needed':
      return 'standby (idle)';
    case 'shadowed-by-lbset':
      return neverRunsOut
        ? `never selected: lbset ${tier ?? 0} never runs out (status I)`
        : `failover tier: takes over when ${lowerTiers(lbset, tier)} no usable member`;
    case 'disabled':
      return 'disabled (status D)';
    case 'stopped':
      return 'stopped (status S)';
    case 'draining':
      return 'draining (status N)';
    case 'health-check-failed':
      return 'health check failed';
    case 'in-error':
      return 'in error';
    case 'shutting-down':
      return 'shutting down';
  }
}
