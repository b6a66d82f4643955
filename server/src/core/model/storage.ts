/**
 * How the model stores the `key=value` words of its lines: compactly, since a model keeps one
 * parameter list per member line and a configuration may have thousands of members.
 */
import { asciiEquals } from '../ascii';
import type { Span } from '../span';
import { argEnd, argStart } from '../syntax/written';
import type { Directive } from '../syntax/tree';
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

  protected constructor(
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
 * A parameter of a member line (`MemberSettings`), made from the line's rows when read: it knows its
 * line, where a finding on it looks for the line's other parameters (rules/shared.ts).
 */
export class LineParameter extends WordParameter {
  constructor(
    readonly line: Directive,
    key: string,
    value: string,
    index: number,
  ) {
    super(key, value, argStart(line, index), argEnd(line, index));
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
  /** The index of each parameter's word among its line's. */
  private readonly indexes: number[] = [];
  /** The lower-case key of each parameter, in its order. */
  private readonly keys: string[] = [];
  /** Each lower-case key's position, made once a line has many keys: a line with thousands of keys stays linear, and the usual few are cheaper to scan. */
  private positions: Map<string, number> | undefined;

  /** Sets `parameter`, the line's word `word`. */
  set(parameter: WordParameter, word: number): void {
    const key = parameter.key.toLowerCase();
    const index = this.positions ? this.positions.get(key) : this.scan(key);
    if (index !== undefined) {
      this.parameters[index] = parameter;
      this.indexes[index] = word;
      return;
    }
    this.positions?.set(key, this.parameters.length);
    this.parameters.push(parameter);
    this.indexes.push(word);
    this.keys.push(key);
    if (!this.positions && this.parameters.length > SCANNED_KEYS)
      this.positions = new Map(this.keys.map((each, position) => [each, position]));
  }

  /** The parameters as a member line keeps them (`MemberSettings`), in an array of their own size (pushing leaves room for 17). */
  rows(): ParameterRows {
    const rows: (string | number)[] = [];
    this.parameters.forEach((parameter, index) => rows.push(parameter.key, parameter.value, this.indexes[index]!));
    return rows.slice();
  }

  private scan(key: string): number | undefined {
    const index = this.keys.indexOf(key);
    return index < 0 ? undefined : index;
  }
}

/** How many keys a line's table scans before it indexes them. */
const SCANNED_KEYS = 16;

/**
 * A member line's parameters as rows, three entries each: the key as written, the value and the index
 * of its word among the line's. A configuration has hundreds of thousands of them: a row costs 24
 * bytes where a parameter object in an array costs about 64, and its place is its line's, so a line an
 * edit moves keeps its rows as they are.
 */
export type ParameterRows = readonly (string | number)[];

/**
 * A member's `setBy`: the parameters of its line that Apache accepted, by lower-case key, kept as rows
 * and made into parameters when read. Their keys are distinct already (the line's table) and few, so a
 * scan stands in for a Map. A member line is one (build.ts, `MemberLine`): a member whose parameters
 * Apache all accepted has its line as its settings.
 */
export class MemberSettings implements ReadonlyMap<string, Parameter> {
  constructor(
    readonly directive: Directive,
    readonly rows: ParameterRows,
  ) {}

  /** Every parameter, made anew at each reading. */
  get parameters(): LineParameter[] {
    const parameters: LineParameter[] = [];
    for (let row = 0; row < this.rows.length; row += 3) parameters.push(this.parameterAt(row));
    return parameters;
  }

  /** The parameter of the row starting at `row` (a multiple of 3). */
  parameterAt(row: number): LineParameter {
    return new LineParameter(this.directive, this.rows[row] as string, this.rows[row + 1] as string, this.rows[row + 2] as number);
  }

  get size(): number {
    return this.rows.length / 3;
  }

  /** The parameter of a lower-case key: Apache took each key by strcasecmp, so they are ASCII, compared without a lower-cased copy. */
  get(key: string): Parameter | undefined {
    const row = this.rowOf(key);
    return row < 0 ? undefined : this.parameterAt(row);
  }

  has(key: string): boolean {
    return this.rowOf(key) >= 0;
  }

  *entries(): IterableIterator<[string, Parameter]> {
    for (let row = 0; row < this.rows.length; row += 3) yield [(this.rows[row] as string).toLowerCase(), this.parameterAt(row)];
  }

  *keys(): IterableIterator<string> {
    for (let row = 0; row < this.rows.length; row += 3) yield (this.rows[row] as string).toLowerCase();
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

  private rowOf(key: string): number {
    for (let row = 0; row < this.rows.length; row += 3) if (asciiEquals(this.rows[row] as string, key)) return row;
    return -1;
  }
}
