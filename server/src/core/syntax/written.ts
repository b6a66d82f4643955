/** A directive as written on one physical line of a file, which keeps its file's text instead of its argument text. */
import type { Span } from '../span';
import type { MappedText } from './lines';
import type { Directive } from './tree';
import type { Word } from './words';

/** A file's text and where it sits in the virtual text. */
export interface FileText {
  readonly text: string;
  readonly base: number;
}

/**
 * A directive read from one physical line of a file, as written. Its argument text is cut from the
 * file again when asked for, not kept: few readers need it, and a tree holds thousands of directives.
 */
export class WrittenDirective implements Directive {
  readonly kind = 'directive';
  readonly #file: FileText;

  constructor(
    readonly name: string,
    readonly nameSpan: Span,
    readonly args: readonly Word[],
    readonly span: Span,
    readonly lineAt: number,
    file: FileText,
  ) {
    this.#file = file;
  }

  /** From the first argument to the end of the trimmed line, which is where the last argument ends. */
  get argText(): MappedText {
    const first = this.args[0];
    if (!first) return { text: '', pieces: [] };
    const start = first.span.start;
    const length = this.span.end - start;
    const { text, base } = this.#file;
    return { text: text.slice(start - base, start - base + length), pieces: [{ at: 0, length, source: start, sourceLength: length }] };
  }

  /**
   * The same line `delta` characters later, in the text `fileOf` gives for its file's: an edited text
   * of its file that holds it there unchanged, or its file's own text placed `delta` later.
   */
  moved(delta: number, fileOf: (file: FileText) => FileText): WrittenDirective {
    const file = fileOf(this.#file);
    if (delta === 0) return new WrittenDirective(this.name, this.nameSpan, this.args, this.span, this.lineAt, file);
    const args = this.args.map((word) => movedWord(word, delta));
    return new WrittenDirective(this.name, movedSpan(this.nameSpan, delta), args, movedSpan(this.span, delta), this.lineAt + delta, file);
  }
}

/** A span `delta` characters later. */
export function movedSpan(span: Span, delta: number): Span {
  return { start: span.start + delta, end: span.end + delta };
}

/** A word `delta` characters later. */
export function movedWord(word: Word, delta: number): Word {
  return { value: word.value, quoted: word.quoted, span: movedSpan(word.span, delta) };
}
