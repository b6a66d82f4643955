/**
 * `diff --format markdown`: the traffic diff for a pull-request comment or a job summary, a table
 * per changed balancer with before/after share bars. Also what the editor's comparison shows.
 * A comment holds at most 65,536 characters (a job summary 1 MiB): the report shows what changed,
 * counts the rest, and stops within that.
 */
import { changeTitle, factLines, memberLetters, memberNote, routeWords, shareWords, unchangedWords } from './diff-words';
import { escapeMarkdown } from '../markup';
import { thousands } from '../thousands';
import { bar } from '../features/share-text';
import type { BalancerChange, MemberChange, TrafficDiff } from './traffic-diff';

const BAR_WIDTH = 10;
/** Characters of the report at most, under a pull-request comment's 65,536 with room for the closing lines. */
const REPORT_CHARACTERS = 60_000;
/** Member rows per balancer, routes and refusals listed at most: the rest is counted. */
const ROWS = 50;
/** Characters of one name, path or message shown at most (then `…`). */
const CELL_CHARACTERS = 200;

/** Renders the diff; `titles` name the old and new side. */
export function diffMarkdown(diff: TrafficDiff, titles: readonly [string, string]): string {
  const out: string[] = [];
  let length = 0;
  for (const line of reportLines(diff, titles)) {
    if (length + line.length + 1 > REPORT_CHARACTERS) {
      out.push('', '_… the report stops here to fit a pull-request comment: `balancer-lens diff` (text or JSON) lists everything_');
      break;
    }
    out.push(line);
    length += line.length + 1;
  }
  return `${out.join('\n')}\n`;
}

/** The report's lines, made as they are asked for: a cut report never formats what it leaves out. */
function* reportLines(diff: TrafficDiff, titles: readonly [string, string]): Generator<string> {
  yield* [`### Balancer Lens: traffic changes`, '', `${cell(titles[0])} → ${cell(titles[1])}`];
  for (const change of diff.balancers) {
    const place = change.kind === 'changed' || change.kind === 'renamed' ? ` — ${cell(change.file)}:${change.line}` : '';
    yield* ['', `#### ${cell(changeTitle(change))}${place}`];
    const facts = factLines(change);
    if (facts.length > 0) yield* ['', ...facts.map((line) => `- ${cell(line)}`)];
    if (change.members.length > 0) yield* memberTable(change);
  }
  if (diff.routes.length > 0) {
    yield* ['', '#### Routes', ''];
    for (const route of diff.routes.slice(0, ROWS))
      yield `- ${cell(routeWords(route))}${route.file === null ? '' : ` (${cell(route.file)}:${route.line})`}`;
    if (diff.routes.length > ROWS) yield `- … and ${thousands(diff.routes.length - ROWS)} more routes`;
  }
  if (diff.newRefusals.length > 0) {
    yield* ['', '#### Apache refuses the new configuration', ''];
    for (const refusal of diff.newRefusals.slice(0, ROWS))
      yield `- ${cell(refusal.file)}:${refusal.line}: ${cell(refusal.message)} (${refusal.ruleId})`;
    if (diff.newRefusals.length > ROWS) yield `- … and ${thousands(diff.newRefusals.length - ROWS)} more refusals`;
  }
  yield* ['', unchangedWords(diff)];
}

/**
 * A balancer's member table: the members added, removed or with a note first, then those whose
 * share moved most, up to ROWS, in member order; the others in one line (one member added to
 * 100,000 moves every share a little).
 */
function* memberTable(change: BalancerChange): Generator<string> {
  const letters = memberLetters(change);
  const notes = new Map(change.members.map((member) => [member, memberNote(member, change)]));
  const weight = (member: MemberChange): number =>
    member.change !== 'kept' || notes.get(member) !== '' ? Number.POSITIVE_INFINITY : Math.abs(member.points ?? 0);
  const shown =
    change.members.length <= ROWS
      ? new Set(change.members)
      : new Set([...change.members].sort((a, b) => weight(b) - weight(a)).slice(0, ROWS));
  yield* ['', '| | member | before | after | share | note |', '|---|---|---|---|---|---|'];
  for (const member of change.members)
    if (shown.has(member))
      yield `| ${letters.get(member.url)} | ${cell(member.url)} | \`${shareBar(member.before)}\` | \`${shareBar(member.after)}\` | ${cell(shareWords(member))} | ${cell(notes.get(member)!)} |`;
  const hidden = change.members.filter((member) => !shown.has(member));
  if (hidden.length > 0) {
    const moved = hidden.reduce((most, member) => Math.max(most, Math.abs(member.points ?? 0)), 0);
    const changed = hidden.filter((member) => weight(member) === Number.POSITIVE_INFINITY).length;
    yield '';
    yield `… and ${thousands(hidden.length)} more members${changed > 0 ? ` (${thousands(changed)} of them added, removed or changed)` : ''}: shares moved by at most ${moved.toFixed(1)} points`;
  }
}

function shareBar(state: MemberChange['before']): string {
  return state === null || state.share === null ? '·'.repeat(BAR_WIDTH) : bar(state.share, BAR_WIDTH);
}

/** Configuration text in the report: at most CELL_CHARACTERS of it, escaped. */
function cell(text: string): string {
  return escapeMarkdown(text.length > CELL_CHARACTERS ? `${text.slice(0, CELL_CHARACTERS - 1)}…` : text);
}
