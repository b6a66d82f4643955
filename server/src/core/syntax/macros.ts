/**
 * mod_macro (docs/apache-semantics.md, mod_macro): what `<Macro>`, `Use` and `UndefMacro` accept
 * and refuse in Apache's words, and the text substitution `Use` performs on a body. The reader
 * (parser.ts) reads the bodies, keeps the macros in its read-time state and splices expansions into
 * its line stream; this file knows the macros and their text, not the stream.
 */
import { asciiLower } from '../ascii';
import type { Span } from '../span';
import type { MappedText, Piece } from './lines';
import type { Directive } from './tree';
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

/** mod_macro's line buffer (MAX_STRING_LEN): an expanded line must be shorter. */
export const MAX_MACRO_LINE = 8192;

/** A `<Macro>` line as the reader read it. */
export interface MacroOpening {
  readonly open: Directive;
  readonly args: readonly Word[];
  readonly hasBracket: boolean;
}

/**
 * macro_section's checks once the body is read up to its `</Macro>` (`isClosed`): the macro to
 * store, or Apache's refusal.
 */
export function definedMacro(
  opening: MacroOpening,
  isClosed: boolean,
  body: readonly MappedText[],
  location: string,
): { macro: Macro } | { error: string } {
  const name = asciiLower(opening.args[0]?.value ?? '');
  const params = opening.args.slice(1).map((word) => word.value);
  if (!opening.hasBracket) return { error: "<Macro> directive missing closing '>'" };
  if (opening.args.length === 0)
    return {
      error: opening.open.argText.text.trim() === '>' ? '<Macro macro definition: empty name' : '<Macro macro definition: name not found',
    };
  const argumentsError = macroArgumentsError(name, location, params);
  if (argumentsError) return { error: argumentsError };
  if (!isClosed) return { error: `macro '${name}' (${location})\n\tcontents error: expected token not found: </Macro>` };
  return { macro: { name, params, body, location, defined: opening.open.span } };
}

/**
 * use_macro's checks on a `Use` line's words: the macro it expands and the values of its
 * parameters, or Apache's refusal. `macros` is undefined before the first `<Macro>`; `chain` holds
 * the macros whose expansion the line is part of.
 */
export function macroForUse(
  macros: ReadonlyMap<string, Macro> | undefined,
  args: readonly Word[],
  chain: readonly string[],
): { macro: Macro; values: readonly Word[] } | { error: string } {
  if (!macros) return { error: 'no macro defined before Use' };
  const [nameWord, ...values] = args;
  const name = asciiLower(nameWord?.value ?? '');
  if (name === '') return { error: 'no macro name specified with Use' };
  const macro = macros.get(name);
  if (!macro) return { error: `macro '${name}' undefined` };
  if (chain.includes(name)) return { error: `recursive use of macro '${name}' is invalid` };
  if (values.length !== macro.params.length)
    return { error: `macro '${name}' (${macro.location}) used with ${values.length} arguments instead of ${macro.params.length}` };
  return { macro, values };
}

/**
 * The body of `macro` with `values` substituted (`use`: the `Use` line, `where`: how Apache names
 * it), or Apache's refusal at the first line that outgrows MAX_MACRO_LINE.
 */
export function expandedBody(macro: Macro, values: readonly Word[], use: Span, where: string): { lines: MappedText[] } | { error: string } {
  const lines: MappedText[] = [];
  for (const [index, body] of macro.body.entries()) {
    const text = expandLine(body, macro, values, use, MAX_MACRO_LINE);
    if (!text)
      return {
        error: `${where} error while substituting: while processing line ${index + 1} of macro '${macro.name}' (${macro.location}) cannot substitute, buffer size too small`,
      };
    lines.push(text);
  }
  return { lines };
}

/** undef_macro: removes the macro an `UndefMacro` line names; Apache's refusal, else undefined. */
export function undefineMacro(macros: Map<string, Macro> | undefined, directive: Directive): string | undefined {
  if (!macros) return 'no macro defined before UndefMacro';
  if (directive.argText.text.trim() === '') return 'no macro name specified with UndefMacro';
  const name = asciiLower(directive.args[0]?.value ?? '');
  return macros.delete(name) ? undefined : `cannot remove undefined macro '${name}'`;
}

/** check_macro_arguments: an empty or repeated parameter name is refused (the message), else undefined. */
function macroArgumentsError(name: string, location: string, params: readonly string[]): string | undefined {
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
function expandLine(line: MappedText, macro: Macro, values: readonly Word[], use: Span, maxLength: number): MappedText | undefined {
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
