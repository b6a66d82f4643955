/**
 * mod_macro (docs/apache-semantics.md, mod_macro): `<Macro>` bodies kept as read, and the text
 * substitution `Use` performs on them. The reader (parser.ts) stores macros and splices expansions
 * into its line stream; this file only knows the text.
 */
import type { Span } from '../span';
import type { MappedText, Piece } from './lines';
import type { Word } from './words';

/** A macro as `<Macro>` defined it. */
export interface Macro {
  /** Lower-cased, as Apache stores and looks it up. */
  readonly name: string;
  readonly params: readonly string[];
  /** The body's lines as `ap_cfg_getline` returned them (trimmed, continuations joined, comments dropped), before `${VAR}`. */
  readonly body: readonly MappedText[];
  /** `defined on line N of "FILE"`, as Apache's messages say it. */
  readonly location: string;
  /** The `<Macro>` line. */
  readonly defined: Span;
}

/** Parameters starting with `@` are substituted in double quotes, with `"` and `\` escaped. */
const ESCAPE_PARAM = '@';

/** check_macro_arguments: an empty or repeated parameter name is refused (the message), else undefined. */
export function macroArgumentsError(name: string, location: string, params: readonly string[]): string | undefined {
  for (let i = 0; i < params.length; i++) {
    if (params[i] === '') return `macro '${name}' (${location}): empty argument #${i + 1} name`;
    for (let j = i + 1; j < params.length; j++) {
      if (params[i] === params[j])
        return `argument name conflict in macro '${name}' (${location}): argument '${params[i]}': #${i + 1} and #${j + 1}, change argument names!`;
    }
  }
  return undefined;
}

/**
 * substitute_macro_args on one body line: from left to right, the earliest parameter found (the
 * longest at the same place) is replaced by its value, and the search goes on after the value's
 * own length (an `@` value's quotes and escapes are not skipped, as in Apache). The result maps
 * substituted text to the `Use` word it came from and the rest to the whole `Use` line; undefined
 * when the line grows to `maxLength` (Apache: "cannot substitute, buffer size too small").
 */
export function expandLine(line: MappedText, macro: Macro, values: readonly Word[], use: Span, maxLength: number): MappedText | undefined {
  let text = line.text;
  // Runs of text from one source: -1 for the macro body, else the index of the Use value.
  let runs: Run[] = [{ length: text.length, source: -1 }];
  let at = 0;
  for (;;) {
    let chosen = -1;
    let found = -1;
    macro.params.forEach((param, index) => {
      const where = text.indexOf(param, at);
      if (where >= 0 && (found < 0 || where < found || (where === found && param.length > macro.params[chosen]!.length))) {
        found = where;
        chosen = index;
      }
    });
    if (chosen < 0) break;
    const param = macro.params[chosen]!;
    const value = values[chosen]!.value;
    const inserted = param.startsWith(ESCAPE_PARAM) ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"` : value;
    // Apache leaves a parameter whose value is its own name alone.
    if (param !== value) {
      // The stored line keeps its end of line, which counts in Apache's buffer.
      if (text.length - param.length + inserted.length + 1 >= maxLength) return undefined;
      text = text.slice(0, found) + inserted + text.slice(found + param.length);
      runs = [...cut(runs, 0, found), { length: inserted.length, source: chosen }, ...cut(runs, found + param.length, Infinity)];
    }
    at = found + value.length;
  }
  return { text, pieces: piecesOf(runs, values, use) };
}

/** A run of expanded text from one source. */
interface Run {
  readonly length: number;
  readonly source: number;
}

/** The runs covering [start, end) of the text the runs tile. */
function cut(runs: readonly Run[], start: number, end: number): Run[] {
  const result: Run[] = [];
  let at = 0;
  for (const run of runs) {
    const from = Math.max(at, start);
    const to = Math.min(at + run.length, end);
    if (to > from) result.push({ length: to - from, source: run.source });
    at += run.length;
  }
  return result;
}

/** One piece per run, adjacent runs of one source merged. */
function piecesOf(runs: readonly Run[], values: readonly Word[], use: Span): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  let previous: number | undefined;
  for (const run of runs) {
    const span = run.source < 0 ? use : values[run.source]!.span;
    const last = pieces.at(-1);
    if (last && previous === run.source) pieces[pieces.length - 1] = { ...last, length: last.length + run.length };
    else pieces.push({ at, length: run.length, source: span.start, sourceLength: span.end - span.start });
    previous = run.source;
    at += run.length;
  }
  return pieces;
}
