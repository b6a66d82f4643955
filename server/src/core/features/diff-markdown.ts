/**
 * `diff --format markdown`: the traffic diff for a pull-request comment or a job summary, a table
 * per changed balancer with before/after share bars. Also what the editor's comparison shows.
 */
import { changeTitle, factLines, memberLetters, memberNote, routeWords, shareWords, unchangedWords } from './diff-words';
import { escapeMarkdown } from './markup';
import { bar } from './share-text';
import type { MemberChange, TrafficDiff } from './traffic-diff';

const BAR_WIDTH = 10;

/** Renders the diff; `titles` name the old and new side. */
export function diffMarkdown(diff: TrafficDiff, titles: readonly [string, string]): string {
  const out: string[] = [`### Balancer Lens: traffic changes`, '', `${escapeMarkdown(titles[0])} → ${escapeMarkdown(titles[1])}`];
  for (const change of diff.balancers) {
    const place = change.kind === 'changed' || change.kind === 'renamed' ? ` — ${escapeMarkdown(change.file)}:${change.line}` : '';
    out.push('', `#### ${escapeMarkdown(changeTitle(change))}${place}`);
    const facts = factLines(change);
    if (facts.length > 0) out.push('', ...facts.map((line) => `- ${escapeMarkdown(line)}`));
    if (change.members.length === 0) continue;
    const letters = memberLetters(change);
    out.push('', '| | member | before | after | share | note |', '|---|---|---|---|---|---|');
    for (const member of change.members)
      out.push(
        `| ${letters.get(member.url)} | ${escapeMarkdown(member.url)} | \`${shareBar(member.before)}\` | \`${shareBar(member.after)}\` | ${escapeMarkdown(shareWords(member))} | ${escapeMarkdown(memberNote(member, change))} |`,
      );
  }
  if (diff.routes.length > 0) {
    out.push('', '#### Routes', '');
    for (const route of diff.routes)
      out.push(`- ${escapeMarkdown(routeWords(route))}${route.file === null ? '' : ` (${escapeMarkdown(route.file)}:${route.line})`}`);
  }
  if (diff.newRefusals.length > 0) {
    out.push('', '#### Apache refuses the new configuration', '');
    for (const refusal of diff.newRefusals)
      out.push(`- ${escapeMarkdown(refusal.file)}:${refusal.line}: ${escapeMarkdown(refusal.message)} (${refusal.ruleId})`);
  }
  out.push('', unchangedWords(diff));
  return `${out.join('\n')}\n`;
}

function shareBar(state: MemberChange['before']): string {
  return state === null || state.share === null ? '·'.repeat(BAR_WIDTH) : bar(state.share, BAR_WIDTH);
}
