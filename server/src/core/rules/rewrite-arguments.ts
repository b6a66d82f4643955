/**
 * mod_rewrite reads the arguments of `RewriteRule` and `RewriteCond` itself (RAW_ARGS): its own
 * quoting (`parseargline`), its own flag lexer (`cmd_parseflagfield`) and each directive's flags
 * (`cmd_rewriterule_setflag`, `cmd_rewritecond_setflag`). What it refuses there, before any pattern
 * is compiled (docs/apache-semantics.md, "parseargline and cmd_parseflagfield").
 */
import { asciiLower } from '../ascii';
import { atoi } from '../model/cvalues';
import { isSpace } from '../syntax/words';

/** The two directives that read their line with parseargline. */
export type RewriteDirective = 'RewriteRule' | 'RewriteCond';

/** A word as parseargline cuts it: its text (backslashes kept) and where it stands in the argument text. */
export interface RewriteWord {
  readonly value: string;
  /** The value's place, quotes excluded. */
  readonly start: number;
  readonly end: number;
  /** The word as written: its opening quote and closing quote (when there is one) included. */
  readonly written: { readonly start: number; readonly end: number };
}

/** The three words of a line; parseargline ignores whatever follows the third. */
export interface RewriteWords {
  readonly first: RewriteWord;
  readonly second: RewriteWord;
  readonly flags: RewriteWord | undefined;
}

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
  | { readonly kind: 'delimiters'; readonly flags: RewriteWord; readonly words: RewriteWords }
  | { readonly kind: 'unknown-flag'; readonly flag: RewriteFlag; readonly flags: RewriteWord }
  | { readonly kind: 'bne-value'; readonly flag: RewriteFlag }
  | { readonly kind: 'redirect-status'; readonly flag: RewriteFlag }
);

const QUOTES = new Set(['"', "'"]);
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
 * cmd_rewriterule_setflag: by the name's first letter, the rest of each name it accepts (lower case;
 * `''` is the letter alone). `D` accepts any rest at all; `R` and `BNE` check their values too.
 */
const RULE_FLAGS: Readonly<Record<string, readonly string[] | 'any'>> = {
  b: ['', 'ackrefescaping', 'ne', 'np', 'ackrefernoplus', 'ctls'],
  c: ['', 'hain', 'o', 'ookie'],
  d: 'any',
  e: ['', 'nv', 'nd'],
  f: ['', 'orbidden'],
  g: ['', 'one'],
  h: ['', 'andler'],
  l: ['', 'ast'],
  n: ['e', 'oescape', '', 'ext', 's', 'osubreq', 'c', 'ocase'],
  p: ['', 'roxy', 't', 'assthrough'],
  q: ['sa', 'sappend', 'sd', 'sdiscard', 'sl', 'slast'],
  r: ['', 'edirect'],
  s: ['', 'kip'],
  t: ['', 'ype'],
  u: ['nsafeprefixstat', 'nsafeallow3f', 'nc'],
};

/** cmd_rewritecond_setflag's names, lower case. */
const CONDITION_FLAGS = new Set(['nocase', 'nc', 'ornext', 'or', 'novary', 'nv']);

/**
 * parseargline: up to three words, each opened by `"` or `'` and closed by the same quote, or else
 * ended by a space; a backslash before a space keeps the space in the word. Undefined when the
 * line ends inside the first word (Apache: "bad argument line").
 */
export function rewriteWords(text: string): RewriteWords | undefined {
  const first = cut(text, skipSpaces(text, 0));
  if (first.next === undefined) return undefined;
  const second = cut(text, skipSpaces(text, first.next));
  if (second.next === undefined) return { first: first.word, second: second.word, flags: undefined };
  const from = skipSpaces(text, second.next);
  return { first: first.word, second: second.word, flags: from < text.length ? cut(text, from).word : undefined };
}

/** The word at `pos`, and where reading goes on after its terminator (undefined when the text ends first). */
function cut(text: string, pos: number): { word: RewriteWord; next: number | undefined } {
  const quote = QUOTES.has(text[pos] ?? '') ? text[pos++] : undefined;
  const start = pos;
  while (pos < text.length) {
    const code = text.charCodeAt(pos);
    if (quote === undefined ? isSpace(code) : text[pos] === quote) break;
    pos += code === 92 && isSpace(text.charCodeAt(pos + 1)) ? 2 : 1;
  }
  const end = pos;
  const written = { start: quote === undefined ? start : start - 1, end: quote !== undefined && end < text.length ? end + 1 : end };
  return { word: { value: text.slice(start, end), start, end, written }, next: pos < text.length ? pos + 1 : undefined };
}

function skipSpaces(text: string, pos: number): number {
  while (pos < text.length && isSpace(text.charCodeAt(pos))) pos++;
  return pos;
}

/**
 * cmd_parseflagfield: the field must start with `[` and end with `]` (undefined otherwise); the
 * `]` becomes a comma, and each comma-ended piece, spaces trimmed, is one flag, split at its first
 * `=`. Done on the characters as C does it in place: the trim of an empty piece reaches back past
 * its start, so `"[ ]"` gives the flag `,`.
 */
export function* rewriteFlags(flags: RewriteWord): Generator<RewriteFlag, void, undefined> {
  const { value } = flags;
  if (value[0] !== '[' || !value.endsWith(']')) return;
  // The field's characters as C holds them, 0 for NUL: the `]` turned into a comma, a NUL after it.
  const codes = new Uint16Array(value.length + 1);
  for (let i = 0; i < value.length; i++) codes[i] = value.charCodeAt(i);
  codes[value.length - 1] = COMMA;
  /** The C string at `from`: up to the next NUL, the last `]` read as the comma it became. */
  const string = (from: number): string => {
    const end = codes.indexOf(0, from);
    return end === value.length && from < end ? `${value.slice(from, end - 1)},` : value.slice(from, end);
  };
  let key = 1;
  while (codes[key] !== 0) {
    while (isSpace(codes[key]!)) key++;
    // strchr stops at the first NUL: a comma past one is not found.
    const comma = codes.indexOf(COMMA, key);
    if (codes[key] === 0 || comma < 0 || codes.subarray(key, comma).includes(0)) return;
    let end = comma - 1;
    while (isSpace(codes[end]!)) end--;
    codes[end + 1] = 0;
    const whole = string(key);
    const equals = whole.indexOf('=');
    if (equals >= 0) codes[key + equals] = 0;
    const name = equals >= 0 ? whole.slice(0, equals) : whole;
    const start = flags.start + key;
    yield { name, value: equals >= 0 ? whole.slice(equals + 1) : '', start, nameEnd: start + name.length, end: start + whole.length };
    key = comma + 1;
  }
}

/** The first thing mod_rewrite refuses in a line's argument text (RAW_ARGS, `${VAR}` already replaced), if any. */
export function rewriteRefusal(directive: RewriteDirective, text: string): RewriteRefusal | undefined {
  const words = rewriteWords(text);
  if (!words) return { kind: 'argument-line', apacheMessage: `${directive}: bad argument line '${text}'` };
  const { flags } = words;
  if (!flags) return undefined;
  const refused = (message: string): string => `${directive}: ${message}`;
  if (flags.value[0] !== '[' || !flags.value.endsWith(']'))
    return { kind: 'delimiters', flags, words, apacheMessage: refused('bad flag delimiters') };
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
  if (directive === 'RewriteCond') return CONDITION_FLAGS.has(asciiLower(name));
  const known = RULE_FLAGS[asciiLower(name.slice(0, 1))];
  return known === 'any' || (known?.includes(asciiLower(name.slice(1))) ?? false);
}

function flagRefusal(directive: RewriteDirective, { name, value }: RewriteFlag): FlagRefusal {
  if (!isRewriteFlag(directive, name)) return 'unknown';
  if (directive === 'RewriteCond') return undefined;
  const lower = asciiLower(name);
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
