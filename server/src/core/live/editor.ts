/**
 * What the editor shows of running servers (`balancerLens.live.url`): a live line per member for the
 * hover, and an information finding where a running server differs from the file. The same
 * comparison as `balancer-lens status` (compare.ts), so the editor and the CLI cannot disagree.
 */
import type { Analysis } from '../analysis';
import { percent, plural } from '../features/share-text';
import type { Member } from '../model/model';
import type { Span } from '../span';
import { compareLive, LiveReport } from './compare';
import type { ManagerPage } from './manager-page';

/** One running server's page, as last fetched. */
export interface LivePage {
  readonly url: string;
  readonly page: ManagerPage;
  /** When it was fetched (ms since the epoch), and when each member's status words (by worker name) were first seen as they are now. */
  readonly fetchedAt?: number;
  readonly since?: ReadonlyMap<string, number>;
}

/** A page compared with one analysis. */
export interface LiveComparison {
  readonly url: string;
  readonly report: LiveReport;
  /** How long each member's status words have been seen unchanged, in ms, by worker name. */
  readonly unchangedFor: ReadonlyMap<string, number>;
}

/** Each page compared with the analysis. */
export function compareAll(analysis: Analysis, pages: readonly LivePage[]): LiveComparison[] {
  return pages.map(({ url, page, fetchedAt, since }) => {
    const unchangedFor = new Map<string, number>();
    if (fetchedAt !== undefined) for (const [name, first] of since ?? []) unchangedFor.set(name, fetchedAt - first);
    return { url, report: compareLive(page, analysis.previews, analysis.model.persist), unchangedFor };
  });
}

/** `for ≥ 2 min`: how long flags have been seen, in whole minutes or hours; nothing under a minute (the first fetch cannot tell). */
function seenFor(ms: number | undefined): string {
  if (ms === undefined || ms < 60_000) return '';
  const minutes = Math.floor(ms / 60_000);
  return minutes < 120 ? ` for ≥ ${minutes} min` : ` for ≥ ${Math.floor(minutes / 60)} h`;
}

/** `host:port` of a URL, to tell servers apart in one line. */
function serverName(url: string): string {
  const match = /^[a-z]+:\/\/([^/]*)/i.exec(url);
  return match?.[1] ?? url;
}

/**
 * The live line of a configured member on each server that runs its balancer:
 * `live web1:443: Err for ≥ 2 min · elected 1,234 = 31.0% (preview 33.3%)` (how long, once fetches have seen it that long).
 */
export function memberLiveLines(comparisons: readonly LiveComparison[], member: Member): string[] {
  const lines: string[] = [];
  for (const { url, report, unchangedFor } of comparisons)
    for (const balancer of report.balancers) {
      const found = balancer.members.find((each) => each.configured === member);
      if (!found || !balancer.running) continue;
      const live = found.running;
      if (!live) {
        lines.push(`live ${serverName(url)}: not running (Apache was not reloaded since it was added)`);
        continue;
      }
      const words = live.statusText.replace(/\bInit\b\s*/, '').trim() || 'no flags';
      const flags = words === 'Ok' ? words : `${words}${seenFor(unchangedFor.get(live.name))}`;
      const observed = found.observedShare === undefined ? '' : ` = ${percent(found.observedShare)}`;
      const predicted = found.predictedShare === undefined ? '' : ` (preview ${percent(found.predictedShare)})`;
      lines.push(`live ${serverName(url)}: ${flags} · elected ${thousands(live.elected)}${observed}${predicted}`);
    }
  return lines;
}

/**
 * The live lines of a balancer for the schedule panel: each member's (prefixed with its URL), then
 * what differs without a member line of its own, and the traffic test, per server.
 */
export function balancerLiveLines(comparisons: readonly LiveComparison[], members: readonly Member[], name: string): string[] {
  const lines = [...new Set(members)].flatMap((member) => memberLiveLines(comparisons, member).map((line) => `${member.url}: ${line}`));
  for (const { url, report } of comparisons)
    for (const balancer of report.balancers) {
      if (balancer.name !== name) continue;
      for (const difference of balancer.differences)
        if (!members.some((member) => member.url === difference.member))
          lines.push(`live ${serverName(url)}: ${difference.member === undefined ? '' : `${difference.member}: `}${difference.message}`);
      if (balancer.running) lines.push(`live ${serverName(url)}: traffic: ${balancer.traffic.message}`);
    }
  return lines;
}

function thousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** An information finding: where the running server differs from the file. */
export interface LiveFinding {
  readonly span: Span;
  readonly message: string;
}

/** One finding per difference, on the member's line (or the balancer's, for what has no line of its own). */
export function liveFindings(comparisons: readonly LiveComparison[]): LiveFinding[] {
  const findings: LiveFinding[] = [];
  for (const { url, report } of comparisons)
    for (const balancer of report.balancers) {
      const preview = balancer.preview;
      if (!preview) continue;
      for (const difference of balancer.differences) {
        const member = preview.balancer.members.find((each) => each.url === difference.member);
        const span = member ? member.declaration.directive.span : preview.balancer.createdBy.span;
        const subject = member || difference.member === undefined ? '' : `${difference.member}: `;
        findings.push({ span, message: `live ${serverName(url)}: ${subject}${difference.message}` });
      }
      if (balancer.traffic.verdict === 'drift')
        findings.push({
          span: preview.balancer.createdBy.span,
          message: `live ${serverName(url)}: ${balancer.traffic.message} (${plural(balancer.traffic.requests, 'request')})`,
        });
    }
  return findings;
}
