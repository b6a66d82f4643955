/** A directive as written on one physical line of a file, which keeps its file's text instead of its argument text. */
import type { Span } from '../span';
import type { MappedText } from './lines';
import type { Directive } from './tree';
import { Word } from './words';

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
  // Offsets rather than span objects: a tree keeps thousands of directives; spans are made when asked for.
  readonly #nameStart: number;
  readonly #nameEnd: number;
  readonly #start: number;
  readonly #end: number;

  constructor(
    readonly name: string,
    nameSpan: Span,
    readonly args: readonly Word[],
    span: Span,
    readonly lineAt: number,
    file: FileText,
  ) {
    this.#file = file;
    this.#nameStart = nameSpan.start;
    this.#nameEnd = nameSpan.end;
    this.#start = span.start;
    this.#end = span.end;
  }

  get nameSpan(): Span {
    return { start: this.#nameStart, end: this.#nameEnd };
  }

  get span(): Span {
    return { start: this.#start, end: this.#end };
  }

  /** From the first argument to the end of the trimmed line, which is where the last argument ends. */
  get argText(): MappedText {
    const first = this.args[0];
    if (!first) return { text: '', pieces: [] };
    const start = first.start;
    const length = this.#end - start;
    const { text, base } = this.#file;
    return { text: text.slice(start - base, start - base + length), pieces: [{ at: 0, length, source: start, sourceLength: length }] };
  }

  /** The same line `delta` characters later, in the text `fileOf` gives for its own: that text placed `delta` later. */
  moved(delta: number, fileOf: (file: FileText) => FileText): WrittenDirective {
    const file = fileOf(this.#file);
    const args = this.args.map((word) => movedWord(word, delta));
    const nameSpan = { start: this.#nameStart + delta, end: this.#nameEnd + delta };
    return new WrittenDirective(
      this.name,
      nameSpan,
      args,
      { start: this.#start + delta, end: this.#end + delta },
      this.lineAt + delta,
      file,
    );
  }
}

/** A directive's fields in a plain object, its getters read: to add fields to, as `Include` and `Use` lines do. */
export function directiveFields(directive: Directive): Directive {
  return { ...directive, nameSpan: directive.nameSpan, span: directive.span, argText: directive.argText };
}

/** A span `delta` characters later. */
export function movedSpan(span: Span, delta: number): Span {
  return { start: span.start + delta, end: span.end + delta };
}

/** A word `delta` characters later. */
export function movedWord(word: Word, delta: number): Word {
  return new Word(word.value, word.quoted, word.start + delta, word.end + delta);
}
