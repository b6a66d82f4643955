/** `diff --format text`: the traffic diff for a terminal, coloured only when asked. */
import { changeTitle, factLines, memberLetters, memberNote, routeWords, shareWords, unchangedWords } from '../../core/reports/diff-words';
import type { TrafficDiff } from '../../core/reports/traffic-diff';
import { lineStartPath, oneLine } from '../one-line';

/** Renders the diff; `titles` name the old and new side. File names and messages are kept to one line each (`oneLine`). */
export function diffText(diff: TrafficDiff, titles: readonly [string, string], colour: boolean): string {
  const paint = (code: string, value: string): string => (colour ? `\u001b[${code}m${oneLine(value)}\u001b[0m` : oneLine(value));
  const out: string[] = [`${lineStartPath(titles[0])} → ${oneLine(titles[1])}`];
  for (const change of diff.balancers) {
    const place = change.kind === 'changed' || change.kind === 'renamed' ? `  ${oneLine(change.file)}:${change.line}` : '';
    out.push('', paint('1', changeTitle(change)) + place);
    for (const line of factLines(change)) out.push(`  ${line.startsWith('Apache now refuses') ? paint('31', line) : oneLine(line)}`);
    const letters = memberLetters(change);
    const width = change.members.reduce((widest, member) => Math.max(widest, member.url.length), 0);
    for (const member of change.members) {
      const note = memberNote(member, change);
      const points = member.points ?? 0;
      const shares = shareWords(member);
      out.push(
        `  ${letters.get(member.url)!.padEnd(2)} ${oneLine(member.url).padEnd(width)}  ${points > 0 ? paint('32', shares) : points < 0 ? paint('31', shares) : shares}${note === '' ? '' : `  ${paint('2', note)}`}`,
      );
    }
  }
  if (diff.routes.length > 0) {
    out.push('', paint('1', 'routes'));
    for (const route of diff.routes)
      out.push(oneLine(`  ${routeWords(route)}${route.file === null ? '' : `  ${route.file}:${route.line}`}`));
  }
  if (diff.newRefusals.length > 0) {
    out.push('', paint('1', 'Apache refuses the new configuration'));
    for (const refusal of diff.newRefusals)
      out.push(`  ${paint('31', `${refusal.file}:${refusal.line}: ${refusal.message} [${refusal.ruleId}]`)}`);
  }
  out.push('', unchangedWords(diff));
  return `${out.join('\n')}\n`;
}
