/** Test texts with marked spans, and readable titles for texts with odd characters. */
import * as assert from 'node:assert/strict';
import type { Span } from '../../server/src/core/syntax/lines';

/** A readable, ASCII-only test title for a text with odd characters. */
export const show = (text: string): string =>
  JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Removes `[[` … `]]` markers, which may nest: the plain text and the marked spans, sorted by start
 * then end. Brackets count in pairs: in a run of `[` or `]` of odd length the odd one is text, on
 * the inner side, so `[[[PLACEHOLDER]]]` marks `[PLACEHOLDER]` and `[[a [[b]]]]` marks both.
 */
export function unmark(marked: string): { text: string; spans: Span[] } {
  const spans: Span[] = [];
  const open: number[] = [];
  let text = '';
  for (const part of marked.split(/(\[{2,}|\]{2,})/)) {
    const pairs = part.length >> 1;
    if (/^\[{2,}$/.test(part)) {
      for (let i = 0; i < pairs; i++) open.push(text.length);
      if (part.length % 2 === 1) text += '[';
    } else if (/^\]{2,}$/.test(part)) {
      if (part.length % 2 === 1) text += ']';
      for (let i = 0; i < pairs; i++) {
        const start = open.pop();
        assert.ok(start !== undefined, `unbalanced markers in ${show(marked)}`);
        spans.push({ start, end: text.length });
      }
    } else text += part;
  }
  assert.equal(open.length, 0, `unbalanced markers in ${show(marked)}`);
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, spans };
}
