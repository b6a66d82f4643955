/**
 * Physical lines → logical lines, and logical offsets → source offsets, as Apache's
 * `ap_cfg_getline` reads a file (docs/apache-semantics.md, ap_cfg_getline_core). Nothing here throws.
 */

import type { Span } from '../span';

/** Re-exported for importers that predate `core/span.ts`; new code imports `Span` from there. */
export type { Span } from '../span';

/**
 * A run of logical text and the source text it came from. Equal lengths map offset by offset;
 * unequal lengths (a `${VAR}` replaced by its value) map every offset to the whole source run.
 */
export interface Piece {
  readonly at: number;
  readonly length: number;
  readonly source: number;
  readonly sourceLength: number;
}

/** Text as a directive handler sees it, with the way back to the document. */
export interface MappedText {
  readonly text: string;
  readonly pieces: readonly Piece[];
}

/** One logical line: physical lines joined by backslash-newline, untrimmed, without terminator. */
export interface LogicalLine extends MappedText {
  /** Offset of the first physical line; lines tile the document from 0 to its length. */
  readonly start: number;
  /** Offset just past the last line terminator (or the end of the document). */
  readonly end: number;
  /** Offset of the start of the last physical line, which Apache reports; the document's end when a continuation reaches it. */
  readonly lastLineStart: number;
}

/**
 * Reads a document as Apache's logical lines, one at a time (a reader keeps only what it needs);
 * continuation needs a backslash right before LF or CR LF. A NUL ends a physical line as C's
 * `strlen` sees it: the rest of that line is lost and the line never continues. `base` shifts
 * every offset: an included file's text sits at `base` in the configuration's virtual text.
 */
export class LineReader {
  private nul: number;
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly base = 0,
  ) {
    this.nul = text.indexOf('\0');
  }

  /** The next logical line, or undefined at the end of the text. */
  next(): LogicalLine | undefined {
    const text = this.text;
    const base = this.base;
    let pos = this.pos;
    if (pos >= text.length) return undefined;
    const start = pos;
    // Most lines are one physical line: their text and single piece are made once, at the end.
    let pieces: Piece[] | undefined;
    let logical = '';
    let from = pos;
    let to = pos;
    let lastLineStart = pos;
    for (;;) {
      lastLineStart = pos;
      let lf = text.indexOf('\n', pos);
      if (lf < 0) lf = text.length;
      if (this.nul >= 0 && this.nul < pos) this.nul = text.indexOf('\0', pos);
      const cut = this.nul >= 0 && this.nul < lf;
      // A final line without LF is taken as it is, backslash included.
      const terminated = !cut && lf < text.length;
      let contentEnd = cut ? this.nul : lf;
      if (terminated && contentEnd > pos && text.charCodeAt(contentEnd - 1) === 13) contentEnd--;
      const continues = terminated && contentEnd > pos && text.charCodeAt(contentEnd - 1) === 92;
      const keepEnd = continues ? contentEnd - 1 : contentEnd;
      if (pos === start) {
        from = pos;
        to = keepEnd;
      } else {
        if (!pieces) {
          pieces = [{ at: 0, length: to - from, source: base + from, sourceLength: to - from }];
          logical = text.slice(from, to);
        }
        pieces.push({ at: logical.length, length: keepEnd - pos, source: base + pos, sourceLength: keepEnd - pos });
        logical += text.slice(pos, keepEnd);
      }
      pos = Math.min(lf + 1, text.length);
      if (!continues) break;
      if (pos >= text.length) {
        // Apache counts the read that hits the end of the file as one more line, and reports that one.
        lastLineStart = pos;
        break;
      }
    }
    this.pos = pos;
    return {
      start: base + start,
      end: base + pos,
      lastLineStart: base + lastLineStart,
      text: pieces ? logical : text.slice(from, to),
      pieces: pieces ?? [{ at: 0, length: to - from, source: base + from, sourceLength: to - from }],
    };
  }
}

/** Every logical line of a document (see LineReader). */
export function logicalLines(text: string, base = 0): LogicalLine[] {
  const reader = new LineReader(text, base);
  const lines: LogicalLine[] = [];
  for (let line = reader.next(); line; line = reader.next()) lines.push(line);
  return lines;
}

/** Maps a logical offset back to the document; `isEnd` picks the end of a substituted run. */
export function toSource(mapped: MappedText, offset: number, isEnd = false): number {
  const pieces = mapped.pieces;
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const piece = pieces[mid]!;
    if (isEnd ? piece.at < offset : piece.at <= offset) lo = mid;
    else hi = mid - 1;
  }
  const piece = pieces[lo];
  if (!piece) return 0;
  if (piece.length === piece.sourceLength) return piece.source + Math.min(offset - piece.at, piece.length);
  return isEnd ? piece.source + piece.sourceLength : piece.source;
}

/** Maps a logical range back to a document span. */
export function spanOf(mapped: MappedText, start: number, end: number): Span {
  const from = toSource(mapped, start);
  return { start: from, end: end > start ? toSource(mapped, end, true) : from };
}

/** The pieces covering logical offsets [start, end), moved so that `start` lands at logical offset `at`. */
export function slicePieces(pieces: readonly Piece[], start: number, end: number, at: number): Piece[] {
  // The common case, a line read from one physical line, gets an array of exactly one piece: trees keep these.
  const only = pieces.length === 1 ? pieces[0]! : undefined;
  if (only && only.length === only.sourceLength && start < end && start >= only.at && end <= only.at + only.length) {
    return [{ at, length: end - start, source: only.source + (start - only.at), sourceLength: end - start }];
  }
  const result: Piece[] = [];
  for (const piece of pieces) {
    const pieceEnd = piece.at + piece.length;
    if (pieceEnd <= start || piece.at >= end) continue;
    const from = Math.max(piece.at, start);
    const to = Math.min(pieceEnd, end);
    const linear = piece.length === piece.sourceLength;
    result.push({
      at: at + (from - start),
      length: to - from,
      source: linear ? piece.source + (from - piece.at) : piece.source,
      sourceLength: linear ? to - from : piece.sourceLength,
    });
  }
  return result;
}

/** A slice of mapped text that keeps its way back to the document. */
export function sliceMapped(mapped: MappedText, start: number, end: number): MappedText {
  return { text: mapped.text.slice(start, end), pieces: slicePieces(mapped.pieces, start, end, 0) };
}
