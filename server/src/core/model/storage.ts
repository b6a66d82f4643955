/**
 * How the model stores the `key=value` words of its lines: compactly, since a model keeps one
 * parameter list per member line and a configuration may have thousands of members.
 */
import { asciiEquals } from '../ascii';
import type { Span } from '../span';
import { endOf, quotedEnd, ValuePool, type Word } from '../syntax/words';
import type { Parameter } from './model';
import { BALANCER_PARAMETER_KEYS, WORKER_HCHECK_PARAMETER_KEYS, WORKER_PARAMETER_KEYS } from './params';

/**
 * A `key=value` word split at its first `=`, its value located exactly when the word was written
 * plainly. The model keeps thousands of these, so a parameter keeps where its word was written, not
 * the word, and makes its spans when asked for (only findings on a parameter need them).
 */
export class WordParameter implements Parameter {
  /** Where the word as written starts, its opening quote included. */
  readonly wordStart: number;
  /** Where the word ends, and whether it was quoted (`quotedEnd`). */
  readonly #end: number;

  private constructor(
    readonly key: string,
    readonly value: string,
    wordStart: number,
    end: number,
  ) {
    this.wordStart = wordStart;
    this.#end = end;
  }

  /** The parameter a `key=value` word sets. */
  static of(word: Word): WordParameter {
    const equals = word.value.indexOf('=');
    const key = word.value.slice(0, equals);
    const value = VALUES.share(word.value.slice(equals + 1));
    return new WordParameter(KNOWN_KEYS.get(key) ?? key, value, word.start, quotedEnd(word.end, word.quoted));
  }

  /** The same parameter on its line moved by `delta` characters (its key and value not read again). */
  moved(delta: number): WordParameter {
    return new WordParameter(this.key, this.value, this.wordStart + delta, quotedEnd(endOf(this.#end) + delta, this.#end < 0));
  }

  get span(): Span {
    return { start: this.wordStart, end: endOf(this.#end) };
  }

  /** The value's own span when the word was written plainly (unquoted, its length the value's), else the whole word's. */
  get valueSpan(): Span {
    const plain = this.#end >= 0 && this.#end - this.wordStart === this.key.length + 1 + this.value.length;
    return { start: plain ? this.wordStart + this.key.length + 1 : this.wordStart, end: endOf(this.#end) };
  }
}

/**
 * Parameter values kept once: a configuration's thousands of members repeat a few hundred values
 * (`loadfactor=3`, `retry=60`), and a value cut from its word would be a string of its own each.
 */
const VALUES = new ValuePool();

/** The parameter keys Apache knows, as written in lower case: a parameter keeps this one string instead of a copy per line. */
const KNOWN_KEYS = new Map(
  [...WORKER_PARAMETER_KEYS, ...WORKER_HCHECK_PARAMETER_KEYS, ...BALANCER_PARAMETER_KEYS].map((key) => [key, key]),
);

/** A line's `key=value` words as apr_table_setn keeps them: a repeated key keeps its first position and takes the last value. */
export class ParameterTable {
  readonly parameters: WordParameter[] = [];
  /** The lower-case key of each parameter, in its order. */
  private readonly keys: string[] = [];
  /** Each lower-case key's position, made once a line has many keys: a line with thousands of keys stays linear, and the usual few are cheaper to scan. */
  private positions: Map<string, number> | undefined;

  set(parameter: WordParameter): void {
    const key = parameter.key.toLowerCase();
    const index = this.positions ? this.positions.get(key) : this.scan(key);
    if (index !== undefined) {
      this.parameters[index] = parameter;
      return;
    }
    this.positions?.set(key, this.parameters.length);
    this.parameters.push(parameter);
    this.keys.push(key);
    if (!this.positions && this.parameters.length > SCANNED_KEYS)
      this.positions = new Map(this.keys.map((each, position) => [each, position]));
  }

  /** The parameters in an array of their own size, for a model that keeps one per member line (pushing leaves room for 17). */
  kept(): WordParameter[] {
    return this.parameters.slice();
  }

  private scan(key: string): number | undefined {
    const index = this.keys.indexOf(key);
    return index < 0 ? undefined : index;
  }
}

/** How many keys a line's table scans before it indexes them. */
const SCANNED_KEYS = 16;

/**
 * A member's `setBy`: the parameters of its line that Apache accepted, by lower-case key. Their keys
 * are distinct already (the line's table) and few, so a scan of the line's own array stands in for a
 * Map, which the model would otherwise keep for each of thousands of members. A member line is one
 * (build.ts, `MemberLine`): a member whose parameters Apache all accepted has its line as its settings.
 */
export class MemberSettings<P extends Parameter = Parameter> implements ReadonlyMap<string, Parameter> {
  constructor(readonly parameters: readonly P[]) {}

  get size(): number {
    return this.parameters.length;
  }

  /** The parameter of a lower-case key: Apache took each key by strcasecmp, so they are ASCII, compared without a lower-cased copy. */
  get(key: string): Parameter | undefined {
    for (const parameter of this.parameters) if (asciiEquals(parameter.key, key)) return parameter;
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  *entries(): IterableIterator<[string, Parameter]> {
    for (const parameter of this.parameters) yield [parameter.key.toLowerCase(), parameter];
  }

  *keys(): IterableIterator<string> {
    for (const parameter of this.parameters) yield parameter.key.toLowerCase();
  }

  values(): IterableIterator<Parameter> {
    return this.parameters.values();
  }

  forEach(callback: (value: Parameter, key: string, map: ReadonlyMap<string, Parameter>) => void, thisArg?: unknown): void {
    for (const parameter of this.parameters) callback.call(thisArg, parameter, parameter.key.toLowerCase(), this);
  }

  [Symbol.iterator](): IterableIterator<[string, Parameter]> {
    return this.entries();
  }
}
