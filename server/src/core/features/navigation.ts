/** Go to definition, find references and rename for balancer names (case-insensitive, like Apache). */
import type { Analysis } from '../analysis';
import type { Span } from '../span';
import { utf8Length } from '../model/params';
import { MAX_BALANCER_NAME } from '../model/urls';
import { targetAt } from './locate';

const NAME = /balancer:\/\/([^\s"'/|\]>\\]+)/gi;

/** Every place in the text that names a balancer: the span of the name after `balancer://`. */
export function nameOccurrences(analysis: Analysis, name: string): Span[] {
  const wanted = name.replace(/^balancer:\/\//i, '').toLowerCase();
  const text = analysis.tree.text;
  const comments = analysis.tree.comments;
  const found: Span[] = [];
  let comment = 0;
  for (const match of text.matchAll(NAME)) {
    const start = match.index + match[0].length - match[1]!.length;
    while (comment < comments.length && comments[comment]!.end < start) comment++;
    if (comments[comment] && comments[comment]!.start <= start) continue;
    if (match[1]!.toLowerCase() === wanted) found.push({ start, end: start + match[1]!.length });
  }
  return found;
}

/** The balancer named at `offset`, if any. */
export function balancerNameAt(analysis: Analysis, offset: number): string | undefined {
  const target = targetAt(analysis, offset);
  if (target?.kind === 'balancer') return target.preview.balancer.name;
  const text = analysis.tree.text;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  for (const match of text.slice(lineStart, indexOrEnd(text, '\n', offset)).matchAll(NAME)) {
    const at = lineStart + match.index;
    if (offset >= at && offset <= at + match[0].length) return `balancer://${match[1]!.toLowerCase()}`;
  }
  return undefined;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at < 0 ? text.length : at;
}

/** Where the balancer at `offset` is defined: its `<Proxy>` lines, else the lines that add its members, else its creator. */
export function definition(analysis: Analysis, offset: number): Span[] {
  const name = balancerNameAt(analysis, offset);
  if (!name) return [];
  const spans: Span[] = [];
  for (const { balancer } of analysis.previews) {
    // A vhost balancer merged with the main server's is defined where the main one is.
    if (balancer.name !== name || balancer.inherited) continue;
    if (balancer.section) spans.push(balancer.section.open.span);
    else if (balancer.members.length > 0) for (const member of balancer.members) spans.push(member.declaration.directive.span);
    else spans.push(balancer.createdBy.span);
  }
  return spans;
}

/** Every mention of the balancer named at `offset` (name spans, comments excluded). */
export function references(analysis: Analysis, offset: number): Span[] {
  const name = balancerNameAt(analysis, offset);
  return name ? nameOccurrences(analysis, name) : [];
}

/** The edits that rename the balancer at `offset`; the new name may be given with or without `balancer://`. */
export function rename(analysis: Analysis, offset: number, newName: string): { span: Span; newText: string }[] | { error: string } {
  const name = balancerNameAt(analysis, offset);
  if (!name) return { error: 'there is no balancer name here' };
  const bare = newName.replace(/^balancer:\/\//i, '');
  // Checked first, so a huge name is neither quoted back nor written at every occurrence.
  if (utf8Length(`balancer://${bare}`) >= MAX_BALANCER_NAME)
    return { error: `a balancer name is at most ${MAX_BALANCER_NAME - 1 - 'balancer://'.length} bytes: Apache refuses a longer one` };
  if (!/^[^\s"'/|\]>\\]+$/.test(bare)) return { error: `"${newName}" cannot be a balancer name: use letters, digits, - _ and .` };
  return nameOccurrences(analysis, name).map((span) => ({ span, newText: bare }));
}
