/** `# balancer-lens-disable-next-line id[, id] -- reason` and `# balancer-lens-disable id[, id]` comments. */
import type { Span } from './span';
import type { SyntaxTree } from './syntax/tree';

/** One suppression comment and the rule ids it names. */
export interface Suppression {
  readonly span: Span;
  readonly ids: readonly { readonly id: string; readonly span: Span }[];
  /** The lines it covers: the next physical line, or undefined for the whole file. */
  readonly covers: Span | undefined;
}

const PATTERN = /^#\s*balancer-lens-(disable-next-line|disable)\b(.*)$/;

/** Finds the suppression comments of a file. */
export function findSuppressions(tree: SyntaxTree): Suppression[] {
  const text = tree.text;
  const result: Suppression[] = [];
  for (const comment of tree.comments) {
    const match = PATTERN.exec(text.slice(comment.start, comment.end));
    if (!match) continue;
    const body = match[2]!.split(' -- ')[0]!;
    const bodyStart = comment.start + match[0].length - match[2]!.length;
    const ids: { id: string; span: Span }[] = [];
    for (const found of body.matchAll(/[A-Za-z0-9-]+/g)) {
      const start = bodyStart + found.index;
      ids.push({ id: found[0], span: { start, end: start + found[0].length } });
    }
    let covers: Span | undefined;
    if (match[1] === 'disable-next-line') {
      const nextStart = text.indexOf('\n', comment.end) + 1;
      const nextEnd = nextStart === 0 ? text.length : text.indexOf('\n', nextStart);
      covers = nextStart === 0 ? { start: text.length, end: text.length } : { start: nextStart, end: nextEnd < 0 ? text.length : nextEnd };
    }
    result.push({ span: comment, ids, covers });
  }
  return result;
}
