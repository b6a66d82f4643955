/**
 * Apache's tokenizer `ap_getword_conf` and `${VAR}` substitution `ap_resolve_env`
 * (docs/apache-semantics.md, ap_getword_conf and ap_resolve_env).
 */
import type { Span } from '../span';
import { MappedText, Piece, slicePieces, spanOf, toSource } from './lines';

/**
 * Whitespace as C `isspace` sees it in the "C" locale. It lives beside the tokenizer, its hottest
 * caller: tests and benchmarks run through a CommonJS transform that turns every call of another
 * module's function into a getter call, once per character here.
 */
export function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * One word as a handler receives it: unquoted and unescaped, with the span it was written at. A tree
 * keeps thousands of words, so a word keeps its span's offsets and makes the span when asked for.
 */
export class Word {
  constructor(
    readonly value: string,
    readonly quoted: boolean,
    /** Where the raw word starts in the document, its opening quote included. */
    readonly start: number,
    /** Where the raw word ends, its closing quote included. */
    readonly end: number,
  ) {}

  /** The raw word in the document, quotes included. */
  get span(): Span {
    return { start: this.start, end: this.end };
  }
}

/**
 * A word's end and whether it was quoted, in one number, as the compact stores of words keep them
 * (WordRows, WordParameter): the end, complemented (`~end`, negative) when the word was quoted.
 */
export function quotedEnd(end: number, quoted: boolean): number {
  return quoted ? ~end : end;
}

/** The end a `quotedEnd` number holds; it was quoted when the number is negative. */
export function endOf(marked: number): number {
  return marked < 0 ? ~marked : marked;
}

/**
 * The longest string a reader's pool shares. Repeated words are short; and past 16,383 characters
 * V8 hashes a string by its length alone, so long strings of one length would all collide.
 */
export const MAX_POOLED = 256;

/** Slots of a ValuePool: a power of two. */
const POOL_SLOTS = 4096;

/**
 * Argument values kept once per reading: member lines repeat the same `route=`, `loadfactor=` and
 * `status=` words. A table of strings by hash, one per slot: a value equal to its slot's is shared,
 * any other takes the slot. Values that never repeat (most URLs) cost no entry in a growing map,
 * and one repeated among them still meets its copies, since each is read soon after the last.
 */
export class ValuePool {
  readonly #slots = new Array<string>(POOL_SLOTS).fill('');

  /** `value`, or an equal string read before. */
  share(value: string): string {
    if (value.length > MAX_POOLED) return value;
    let hash = value.length;
    for (let i = 0; i < value.length; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
    const slot = hash & (POOL_SLOTS - 1);
    const kept = this.#slots[slot]!;
    if (kept === value) return kept;
    this.#slots[slot] = value;
    return value;
  }
}

/**
 * Reads one word from `offset`, as `ap_getword_conf` does; returns the word and the offset after its
 * trailing space. With a `pool`, a value read before is shared instead of kept again.
 */
export function nextWord(
  mapped: MappedText,
  offset: number,
  limit = mapped.text.length,
  pool?: ValuePool,
): { word: Word; next: number } | undefined {
  const text = mapped.text;
  let pos = offset;
  while (pos < limit && isSpace(text.charCodeAt(pos))) pos++;
  if (pos >= limit) return undefined;
  const from = pos;
  const quote = text.charCodeAt(pos);
  // The value is collected as slices between escapes (dropping each escaping backslash), never
  // character by character: a 10 MB word must not build a 10-million-piece string.
  // (`parts` is only made at the first escape: most words have none.)
  let parts: string[] | undefined;
  let quoted = false;
  let runStart: number;
  let value: string;
  if (quote === 34 || quote === 39) {
    quoted = true;
    pos++;
    runStart = pos;
    while (pos < limit && text.charCodeAt(pos) !== quote) {
      const next = text.charCodeAt(pos + 1);
      if (text.charCodeAt(pos) === 92 && pos + 1 < limit && (next === quote || next === 92)) {
        (parts ??= []).push(text.slice(runStart, pos));
        runStart = pos + 1;
        pos += 2;
      } else {
        pos++;
      }
    }
    const last = text.slice(runStart, pos);
    value = parts ? parts.join('') + last : last;
    if (pos < limit) pos++;
  } else {
    runStart = pos;
    while (pos < limit && !isSpace(text.charCodeAt(pos))) {
      if (text.charCodeAt(pos) === 92 && pos + 1 < limit && text.charCodeAt(pos + 1) === 92) {
        (parts ??= []).push(text.slice(runStart, pos));
        runStart = pos + 1;
        pos += 2;
      } else {
        pos++;
      }
    }
    const last = text.slice(runStart, pos);
    value = parts ? parts.join('') + last : last;
  }
  const to = pos;
  while (pos < limit && isSpace(text.charCodeAt(pos))) pos++;
  if (pool) value = pool.share(value);
  const start = toSource(mapped, from);
  return { word: new Word(value, quoted, start, to > from ? toSource(mapped, to, true) : start), next: pos };
}

/** Every word of `mapped` between `offset` and `limit`, values shared through `pool` when given. */
export function words(mapped: MappedText, offset = 0, limit = mapped.text.length, pool?: ValuePool): Word[] {
  const result: Word[] = [];
  let pos = offset;
  for (;;) {
    const read = nextWord(mapped, pos, limit, pool);
    // Trees keep these arrays: a copy holds exactly its words, not the room `push` grew.
    if (!read) return result.slice();
    result.push(read.word);
    pos = read.next;
  }
}

/** A `${NAME}` reference Apache could not resolve; it stays in the text literally. */
export interface UnresolvedVariable {
  readonly name: string;
  readonly span: Span;
}

/** Looks a variable up: `Define`d values first (case-insensitive), then the environment. */
export type VariableLookup = (name: string) => string | undefined;

/** A line after substitution: references left as written, undefined ones and those whose value would not fit. */
export interface Substituted {
  readonly text: MappedText;
  readonly unresolved: UnresolvedVariable[];
  readonly overLimit: UnresolvedVariable[];
}

/**
 * Applies `ap_resolve_env` to a line: `${NAME}` up to the first `}`; no escapes, no rescanning.
 * Apache has no bound of its own (a value doubled 30 times takes it 4.7 GB); here the line may
 * grow to `maxLength` characters, and a reference whose value would take it further stays as written.
 */
export function substitute(mapped: MappedText, lookup: VariableLookup, maxLength = Number.POSITIVE_INFINITY): Substituted {
  const text = mapped.text;
  if (!text.includes('${')) return { text: mapped, unresolved: [], overLimit: [] };
  const unresolved: UnresolvedVariable[] = [];
  const overLimit: UnresolvedVariable[] = [];
  // What the line will be once the rest of it is copied as it is: the growth so far is all that counts.
  let grown = text.length;
  const pieces: Piece[] = [];
  let out = '';
  let copyFrom = 0;
  const copy = (to: number): void => {
    if (to <= copyFrom) return;
    for (const piece of slicePieces(mapped.pieces, copyFrom, to, out.length)) pieces.push(piece);
    out += text.slice(copyFrom, to);
  };
  let pos = text.indexOf('${');
  while (pos >= 0) {
    const close = text.indexOf('}', pos + 2);
    if (close < 0) break;
    const name = text.slice(pos + 2, close);
    const value = lookup(name);
    const growth = value === undefined ? 0 : value.length - (close + 1 - pos);
    if (value === undefined) {
      unresolved.push({ name, span: spanOf(mapped, pos, close + 1) });
    } else if (grown + growth > maxLength) {
      overLimit.push({ name, span: spanOf(mapped, pos, close + 1) });
    } else {
      grown += growth;
      copy(pos);
      const span = spanOf(mapped, pos, close + 1);
      pieces.push({ at: out.length, length: value.length, source: span.start, sourceLength: span.end - span.start });
      out += value;
      copyFrom = close + 1;
    }
    pos = text.indexOf('${', close + 1);
  }
  copy(text.length);
  return { text: { text: out, pieces }, unresolved, overLimit };
}
