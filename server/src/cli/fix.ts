/** `--fix`: applies the safe fixes of a file's diagnostics to its text. */
import type { Diagnostic, Fix, TextEdit } from '../core/rules/types';

/** The fix `--fix` would apply for a diagnostic: its first safe one. */
export function safeFixOf(diagnostic: Diagnostic): Fix | undefined {
  return diagnostic.fixes?.find((fix) => fix.safe && fix.edits.length > 0);
}

/** The text with fixes applied, and how many fixes went in. */
export interface FixedText {
  readonly text: string;
  readonly applied: number;
}

/**
 * Applies the first safe fix of each diagnostic, in document order. A fix is all or nothing: one
 * that overlaps an edit already taken (or whose own edits overlap) is skipped, to be retried on the
 * next pass. Edits go in from the end of the text backwards, so earlier offsets stay valid.
 */
export function applySafeFixes(text: string, diagnostics: readonly Diagnostic[]): FixedText {
  const taken: TextEdit[] = [];
  let applied = 0;
  for (const diagnostic of diagnostics) {
    const fix = safeFixOf(diagnostic);
    if (!fix) continue;
    const edits = fix.edits;
    const isClean = edits.every((edit, index) =>
      edit.span.start <= edit.span.end && edit.span.end <= text.length
      && !taken.some((other) => overlaps(edit, other))
      && !edits.some((other, otherIndex) => otherIndex !== index && overlaps(edit, other)));
    if (!isClean) continue;
    taken.push(...edits);
    applied++;
  }
  let result = text;
  for (const edit of [...taken].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end)) {
    result = result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end);
  }
  return { text: result, applied };
}

/** Two edits conflict when their spans share a character, or both insert at the same point (the order would be a guess). */
function overlaps(a: TextEdit, b: TextEdit): boolean {
  return (a.span.start < b.span.end && b.span.start < a.span.end) || a.span.start === b.span.start;
}
