/** Where things are: spans are the core's only notion of position (lines and columns exist at the edges). */

/** A half-open range of UTF-16 offsets into the exact document text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}
