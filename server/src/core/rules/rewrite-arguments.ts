/**
 * mod_rewrite reads the arguments of `RewriteRule` and `RewriteCond` itself (RAW_ARGS): its own
 * quoting (`parseargline`, syntax/rewrite-words.ts), its own flag lexer (`cmd_parseflagfield`) and
 * each directive's flags (`cmd_rewriterule_setflag`, `cmd_rewritecond_setflag`). What it refuses
 * there, before any pattern is compiled (docs/apache-semantics.md, "parseargline and cmd_parseflagfield").
 */
import { asciiLower } from '../ascii';
import { atoi } from '../model/cvalues';
import { type RewriteWord, rewriteWords } from '../syntax/rewrite-words';
import { isSpace } from '../syntax/words';

/** The two directives that read their line with parseargline. */
export type RewriteDirective = 'RewriteRule' | 'RewriteCond';

/** One flag as the lexer hands it over: its name (before `=`) and value, and where they stand in the argument text. */
export interface RewriteFlag {
  readonly name: string;
  readonly value: string;
  readonly start: number;
  readonly nameEnd: number;
  /** The end of the value (of the name when there is no `=`). */
  readonly end: number;
}

/** What mod_rewrite refuses in a line's arguments, with Apache's words (the directive's prefix included). */
export type RewriteRefusal = { readonly apacheMessage: string } & (
  | { readonly kind: 'argument-line' }
  | { readonly kind: 'delimiters'; readonly flags: RewriteWord }
  | { readonly kind: 'unknown-flag'; readonly flag: RewriteFlag; readonly flags: RewriteWord }
  | { readonly kind: 'bne-value'; readonly flag: RewriteFlag }
  | { readonly kind: 'redirect-status'; readonly flag: RewriteFlag }
);

const COMMA = 44;

/**
 * HTTP statuses Apache 2.4.71 has a status line for (http_protocol.c `status_lines`); `R=` refuses a
 * number outside them, 500 excepted. Checked for 0–1000 with `apache2 -t`.
 */
const KNOWN_STATUSES = new Set([
  100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 307, 308, 400, 401, 402, 403, 404,
  405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 423, 424, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504,
  505, 506, 507, 508, 510, 511,
]);

/** `R=` words that name a status. */
const REDIRECT_WORDS = new Set(['permanent', 'temp', 'seeother']);

/**
 * cmd_rewriterule_setflag's flags, short and long, as the manual spells them; any case is accepted,
 * and a name starting with `D` is accepted whatever follows (`D` has no else). `R=` and `BNE=` check
 * their values too.
 */
export const REWRITE_RULE_FLAGS: readonly string[] = [
  ...['B', 'backrefescaping', 'BNE', 'BNP', 'backrefernoplus', 'BCTLS', 'C', 'chain', 'CO', 'cookie', 'DPI', 'discardpath'],
  ...['E', 'env', 'END', 'F', 'forbidden', 'G', 'gone', 'H', 'handler', 'L', 'last', 'N', 'next', 'NC', 'nocase', 'NE'],
  ...['noescape', 'NS', 'nosubreq', 'P', 'proxy', 'PT', 'passthrough', 'QSA', 'qsappend', 'QSD', 'qsdiscard', 'QSL'],
  ...['qslast', 'R', 'redirect', 'S', 'skip', 'T', 'type', 'UNC', 'UnsafeAllow3F', 'UnsafePrefixStat'],
];

const RULE_FLAGS = new Set(REWRITE_RULE_FLAGS.map(asciiLower));

/** cmd_rewritecond_setflag's names, lower case. */
const CONDITION_FLAGS = new Set(['nocase', 'nc', 'ornext', 'or', 'novary', 'nv']);

/**
 * cmd_parseflagfield, once the field is known to start with `[` and end with `]`: the `]` becomes a
 * comma, and each comma-ended piece, spaces trimmed, is one flag, split at its first `=`.
 * C does it in place, ending each flag with a NUL: the trim of a piece that is only spaces reaches
 * back past its start, so its flag runs on to the next NUL (`"[ ]"` gives the flag `,`), and an
 * `=` found there puts a NUL where a later flag would have read on.
 */
function* rewriteFlags(flags: RewriteWord): Generator<RewriteFlag, void, undefined> {
  const { value } = flags;
  const last = value.length - 1;
  const code = (at: number): number => (at === last ? COMMA : value.charCodeAt(at));
  /** The C string from `from` to `to`, the `]` read as its comma. */
  const text = (from: number, to: number): string => (to > last && from <= last ? `${value.slice(from, last)},` : value.slice(from, to));
  // The first NUL at or after the flag being read: the field's end, until an `=` past a piece moves it.
  let nul = value.length;
  let key = 1;
  while (key < nul) {
    while (isSpace(code(key))) key++;
    let comma = key;
    while (comma < nul && code(comma) !== COMMA) comma++;
    if (key >= nul || comma >= nul) return;
    let end = comma;
    while (isSpace(code(end - 1))) end--;
    const whole = text(key, end >= key ? end : nul);
    const equals = whole.indexOf('=');
    if (equals >= 0 && key + equals > comma) nul = key + equals;
    const name = equals >= 0 ? whole.slice(0, equals) : whole;
    const start = flags.start + key;
    yield { name, value: equals >= 0 ? whole.slice(equals + 1) : '', start, nameEnd: start + name.length, end: start + whole.length };
    key = comma + 1;
  }
}

/**
 * The first thing mod_rewrite refuses in a line's argument text (RAW_ARGS, `${VAR}` already
 * replaced), if any, before it compiles the pattern.
 */
export function rewriteRefusal(directive: RewriteDirective, text: string): RewriteRefusal | undefined {
  const words = rewriteWords(text);
  if (!words) return { kind: 'argument-line', apacheMessage: `${directive}: bad argument line '${text}'` };
  const { flags } = words;
  if (!flags) return undefined;
  const refused = (message: string): string => `${directive}: ${message}`;
  if (flags.value[0] !== '[' || !flags.value.endsWith(']'))
    return { kind: 'delimiters', flags, apacheMessage: refused('bad flag delimiters') };
  for (const flag of rewriteFlags(flags)) {
    const refusal = flagRefusal(directive, flag);
    if (refusal === 'unknown') return { kind: 'unknown-flag', flag, flags, apacheMessage: refused(`unknown flag '${flag.name}'`) };
    if (refusal === 'bne-value')
      return { kind: refusal, flag, apacheMessage: refused("flag 'BNE' wants a list of characters (i.e. [BNE=...])") };
    if (refusal === 'redirect-status')
      return { kind: refusal, flag, apacheMessage: refused(`invalid HTTP response code '${flag.value}' for flag 'R'`) };
  }
  return undefined;
}

type FlagRefusal = 'unknown' | 'bne-value' | 'redirect-status' | undefined;

/** Whether the directive has a flag of this name (any case), whatever its value. */
export function isRewriteFlag(directive: RewriteDirective, name: string): boolean {
  return isKnown(directive, asciiLower(name));
}

function isKnown(directive: RewriteDirective, lower: string): boolean {
  return directive === 'RewriteCond' ? CONDITION_FLAGS.has(lower) : lower.startsWith('d') || RULE_FLAGS.has(lower);
}

function flagRefusal(directive: RewriteDirective, { name, value }: RewriteFlag): FlagRefusal {
  const lower = asciiLower(name);
  if (!isKnown(directive, lower)) return 'unknown';
  if (directive === 'RewriteCond') return undefined;
  if (lower === 'bne' && value === '') return 'bne-value';
  if ((lower === 'r' || lower === 'redirect') && isRefusedStatus(value)) return 'redirect-status';
  return undefined;
}

/** `R=`: a number (from its leading digits, as atoi reads it) Apache has no status line for; words and other text pass. */
function isRefusedStatus(value: string): boolean {
  if (value === '' || REDIRECT_WORDS.has(asciiLower(value))) return false;
  const code = value.charCodeAt(0);
  if (code < 48 || code > 57) return false;
  const status = atoi(value);
  return status !== 500 && !KNOWN_STATUSES.has(status);
}
