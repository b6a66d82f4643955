/** A directive as written on one physical line of a file, which keeps its file's text instead of its argument text. */
import type { Span } from '../span';
import type { MappedText } from './lines';
import type { Directive } from './tree';
import { endOf, quotedEnd, Word } from './words';

/** A file's text and where it sits in the virtual text. */
export interface FileText {
  readonly text: string;
  readonly base: number;
}

/**
 * The words of the lines one reading of a file wrote (WrittenDirective), as rows instead of objects:
 * a tree holds hundreds of thousands of words, and a `Word` with its slot in an array costs about 64
 * bytes where a row costs 16. A row keeps the word's value, and its start and end relative to its
 * line's start (the end complemented when the word was quoted), so a line moved by an edit shares
 * its rows with the line it was.
 */
export class WordRows {
  readonly #values: string[] = [];
  #bounds = new Int32Array(256);

  /** Adds the words of a line that starts at `lineStart`; returns the first one's row. */
  add(words: readonly Word[], lineStart: number): number {
    const first = this.#values.length;
    if (2 * (first + words.length) > this.#bounds.length) {
      const grown = new Int32Array(Math.max(2 * this.#bounds.length, 2 * (first + words.length)));
      grown.set(this.#bounds);
      this.#bounds = grown;
    }
    for (const word of words) {
      const row = this.#values.length;
      this.#values.push(word.value);
      this.#bounds[2 * row] = word.start - lineStart;
      this.#bounds[2 * row + 1] = quotedEnd(word.end - lineStart, word.quoted);
    }
    return first;
  }

  /** The words of rows `first` to `first + count` of a line that now starts at `lineStart`. */
  words(first: number, count: number, lineStart: number): Word[] {
    const words: Word[] = [];
    for (let row = first; row < first + count; row++) {
      const end = this.#bounds[2 * row + 1]!;
      words.push(new Word(this.#values[row]!, end < 0, lineStart + this.#bounds[2 * row]!, lineStart + endOf(end)));
    }
    return words;
  }

  /** The value of the word of `row`. */
  value(row: number): string {
    return this.#values[row]!;
  }

  /** Where the word of `row` starts, its line starting at `lineStart`. */
  startOf(row: number, lineStart: number): number {
    return lineStart + this.#bounds[2 * row]!;
  }

  /** Where the word of `row` ends and whether it was quoted (`quotedEnd`), its line starting at `lineStart`. */
  endOf(row: number, lineStart: number): number {
    const end = this.#bounds[2 * row + 1]!;
    return quotedEnd(lineStart + endOf(end), end < 0);
  }

  /** Gives back the room kept for rows not added, once the file is read. */
  trim(): void {
    if (this.#bounds.length > 2 * this.#values.length) this.#bounds = this.#bounds.slice(0, 2 * this.#values.length);
  }
}

/**
 * A directive read from one physical line of a file, as written. Its argument text is cut from the
 * file again when asked for, not kept: few readers need it, and a tree holds thousands of directives.
 * Its words are rows of its reading's `WordRows`, made into `Word`s each time `args` is read.
 */
export class WrittenDirective implements Directive {
  readonly kind = 'directive';
  readonly #file: FileText;
  readonly #rows: WordRows;
  readonly #first: number;
  readonly #count: number;
  // Offsets rather than span objects: a tree keeps thousands of directives; spans are made when asked for.
  readonly #nameStart: number;
  readonly #nameEnd: number;
  readonly #start: number;
  readonly #end: number;

  private constructor(
    readonly name: string,
    nameSpan: Span,
    words: { readonly rows: WordRows; readonly first: number; readonly count: number },
    span: Span,
    readonly lineAt: number,
    file: FileText,
  ) {
    this.#file = file;
    this.#rows = words.rows;
    this.#first = words.first;
    this.#count = words.count;
    this.#nameStart = nameSpan.start;
    this.#nameEnd = nameSpan.end;
    this.#start = span.start;
    this.#end = span.end;
  }

  /** A line read from `file`, its words `args` kept as rows of `rows`. */
  static read(
    name: string,
    nameSpan: Span,
    args: readonly Word[],
    span: Span,
    lineAt: number,
    file: FileText,
    rows: WordRows,
  ): WrittenDirective {
    return new WrittenDirective(name, nameSpan, { rows, first: rows.add(args, span.start), count: args.length }, span, lineAt, file);
  }

  /** The words, made anew at each reading: hold on to the array rather than reading it again for each word. */
  get args(): readonly Word[] {
    return this.#rows.words(this.#first, this.#count, this.#start);
  }

  /** The value of word `index`, without making the words. */
  valueAt(index: number): string | undefined {
    return index >= 0 && index < this.#count ? this.#rows.value(this.#first + index) : undefined;
  }

  /** Where word `index` (one of the line's) starts. */
  startAt(index: number): number {
    return this.#rows.startOf(this.#first + index, this.#start);
  }

  /** Where word `index` (one of the line's) ends, and whether it was quoted (`quotedEnd`). */
  endAt(index: number): number {
    return this.#rows.endOf(this.#first + index, this.#start);
  }

  get nameSpan(): Span {
    return { start: this.#nameStart, end: this.#nameEnd };
  }

  get span(): Span {
    return { start: this.#start, end: this.#end };
  }

  /** From the first argument to the end of the trimmed line, which is where the last argument ends. */
  get argText(): MappedText {
    if (this.#count === 0) return { text: '', pieces: [] };
    const start = this.#rows.startOf(this.#first, this.#start);
    const length = this.#end - start;
    const { text, base } = this.#file;
    return { text: text.slice(start - base, start - base + length), pieces: [{ at: 0, length, source: start, sourceLength: length }] };
  }

  /** The same line `delta` characters later, in the text `fileOf` gives for its own: that text placed `delta` later. Its words are the same rows. */
  moved(delta: number, fileOf: (file: FileText) => FileText): WrittenDirective {
    return new WrittenDirective(
      this.name,
      { start: this.#nameStart + delta, end: this.#nameEnd + delta },
      { rows: this.#rows, first: this.#first, count: this.#count },
      { start: this.#start + delta, end: this.#end + delta },
      this.lineAt + delta,
      fileOf(this.#file),
    );
  }
}

/** The value of a line's word `index`: a line read as written makes none of its words for it. */
export function argValue(directive: Directive, index: number): string | undefined {
  return directive instanceof WrittenDirective ? directive.valueAt(index) : directive.args[index]?.value;
}

/** Where a line's word `index` starts: a line read as written makes none of its words for it. */
export function argStart(directive: Directive, index: number): number {
  return directive instanceof WrittenDirective ? directive.startAt(index) : directive.args[index]!.start;
}

/** Where a line's word `index` ends, and whether it was quoted (`quotedEnd`). */
export function argEnd(directive: Directive, index: number): number {
  if (directive instanceof WrittenDirective) return directive.endAt(index);
  const word = directive.args[index]!;
  return quotedEnd(word.end, word.quoted);
}

/** A directive's fields in a plain object, its getters read (a spread copies no getter): to add fields to, as `Include` and `Use` lines do. */
export function directiveFields(directive: Directive): Directive {
  return { ...directive, args: directive.args, nameSpan: directive.nameSpan, span: directive.span, argText: directive.argText };
}

/** A span `delta` characters later. */
export function movedSpan(span: Span, delta: number): Span {
  return { start: span.start + delta, end: span.end + delta };
}

/** A word `delta` characters later. */
export function movedWord(word: Word, delta: number): Word {
  return new Word(word.value, word.quoted, word.start + delta, word.end + delta);
}
