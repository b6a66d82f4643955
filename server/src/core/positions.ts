/** Offsets → lines and columns, for the edges only (the core works in offsets). */

/** A 0-based line and UTF-16 column. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

/** Converts offsets of one text to positions with a binary search over line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) this.starts.push(at + 1);
  }

  /** The 0-based position of an offset. */
  position(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo]! };
  }

  /** The offset of a 0-based position, clamped to the text. */
  offset(position: Position, textLength: number): number {
    const start = this.starts[Math.min(Math.max(position.line, 0), this.starts.length - 1)] ?? 0;
    return Math.min(start + Math.max(position.character, 0), textLength);
  }
}
