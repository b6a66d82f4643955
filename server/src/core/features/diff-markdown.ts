/**
 * `diff --format markdown`: the traffic diff for a pull-request comment or a job summary, a table
 * per changed balancer with before/after share bars. Also what the editor's comparison shows.
 */
import { changeTitle, factLines, memberLetters, memberNote, routeWords, shareWords, unchangedWords } from './diff-words';
import { bar } from './share-text';
import type { MemberChange, TrafficDiff } from './traffic-diff';

const BAR_WIDTH = 10;

/** Renders the diff; `titles` name the old and new side. */
export function diffMarkdown(diff: TrafficDiff, titles: readonly [string, string]): string {
  const out: string[] = [`### Balancer Lens: traffic changes`, '', `${cell(titles[0])} → ${cell(titles[1])}`];
  for (const change of diff.balancers) {
    const place = change.kind === 'changed' || change.kind === 'renamed' ? ` — ${cell(change.file)}:${change.line}` : '';
    out.push('', `#### ${cell(changeTitle(change))}${place}`);
    const facts = factLines(change);
    if (facts.length > 0) out.push('', ...facts.map((line) => `- ${cell(line)}`));
    if (change.members.length === 0) continue;
    const letters = memberLetters(change);
    out.push('', '| | member | before | after | share | note |', '|---|---|---|---|---|---|');
    for (const member of change.members)
      out.push(
        `| ${letters.get(member.url)} | ${cell(member.url)} | \`${shareBar(member.before)}\` | \`${shareBar(member.after)}\` | ${cell(shareWords(member))} | ${cell(memberNote(member, change))} |`,
      );
  }
  if (diff.routes.length > 0) {
    out.push('', '#### Routes', '');
    for (const route of diff.routes)
      out.push(`- ${cell(routeWords(route))}${route.file === null ? '' : ` (${cell(route.file)}:${route.line})`}`);
  }
  if (diff.newRefusals.length > 0) {
    out.push('', '#### Apache refuses the new configuration', '');
    for (const refusal of diff.newRefusals)
      out.push(`- ${cell(refusal.file)}:${refusal.line}: ${cell(refusal.message)} (${refusal.ruleId})`);
  }
  out.push('', unchangedWords(diff));
  return `${out.join('\n')}\n`;
}

function shareBar(state: MemberChange['before']): string {
  return state === null || state.share === null ? '·'.repeat(BAR_WIDTH) : bar(state.share, BAR_WIDTH);
}

/** Text safe inside a table cell and a line: pipes, backticks, markup and line breaks neutralised. */
function cell(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|#]/g, (char) => `&#${char.charCodeAt(0)};`);
}
