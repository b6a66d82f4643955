/**
 * mod_rewrite's own tokenizer: `RewriteRule` and `RewriteCond` take their line as RAW_ARGS and cut
 * it with `parseargline`, not `ap_getword_conf` (docs/apache-semantics.md, "parseargline and
 * cmd_parseflagfield"). Every reader of those lines' words (the request model, the rules, the
 * editor's features) reads them here, so `^/a\ b` is one word everywhere, as Apache reads it.
 */
import { asciiLower } from '../ascii';
import { spanOf } from './lines';
import type { Directive } from './tree';
import { isSpace, Word } from './words';

/** A word as parseargline cuts it: its text (backslashes kept) and where it stands in the argument text. */
export interface RewriteWord {
  readonly value: string;
  /** The value's place, quotes excluded. */
  readonly start: number;
  readonly end: number;
  /** The word as written: its opening quote and closing quote (when there is one) included. */
  readonly writtenStart: number;
  readonly writtenEnd: number;
}

/** The three words of a line; parseargline ignores whatever follows the third. */
export interface RewriteWords {
  readonly first: RewriteWord;
  readonly second: RewriteWord;
  readonly flags: RewriteWord | undefined;
}

/**
 * A rewrite directive's words in the document, each spanning the word as written (quotes included):
 * RewriteRule's pattern, substitution and flags; RewriteCond's test string, pattern and flags.
 */
export interface RewriteArguments {
  readonly first: Word;
  readonly second: Word;
  readonly flags: Word | undefined;
}

const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKSLASH = 92;

/**
 * parseargline: up to three words, each opened by `"` or `'` and closed by the same quote, or else
 * ended by a space; a backslash before a space keeps the space in the word, and nothing else is an
 * escape. Undefined when the line ends inside the first word (Apache: "bad argument line").
 */
export function rewriteWords(text: string): RewriteWords | undefined {
  const first = cut(text, skipSpaces(text, 0));
  if (first.end === text.length) return undefined;
  const second = cut(text, skipSpaces(text, first.end + 1));
  const from = second.end === text.length ? text.length : skipSpaces(text, second.end + 1);
  return { first, second, flags: from < text.length ? cut(text, from) : undefined };
}

/** The word at `pos`; reading goes on after the character at its `end` (its quote or space), if any. */
function cut(text: string, pos: number): RewriteWord {
  const opening = text.charCodeAt(pos);
  const quote = opening === DOUBLE_QUOTE || opening === SINGLE_QUOTE ? opening : undefined;
  const start = quote === undefined ? pos : pos + 1;
  let end = start;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (quote === undefined ? isSpace(code) : code === quote) break;
    end += code === BACKSLASH && isSpace(text.charCodeAt(end + 1)) ? 2 : 1;
  }
  const isClosed = quote !== undefined && end < text.length;
  return { value: text.slice(start, end), start, end, writtenStart: pos, writtenEnd: isClosed ? end + 1 : end };
}

function skipSpaces(text: string, pos: number): number {
  while (pos < text.length && isSpace(text.charCodeAt(pos))) pos++;
  return pos;
}

/** `RewriteRule` and `RewriteCond`, in any case (ASCII only, as strcasecmp in the "C" locale). */
const REWRITE_NAME = /^rewrite(?:rule|cond)$/i;

/**
 * Whether a directive reads its line with parseargline. Asked of every line the model reads: both
 * names have 11 letters, so the length alone tells most lines apart.
 */
function isRewriteDirective(directive: Directive): boolean {
  const { name } = directive;
  return name.length === 11 && REWRITE_NAME.test(name);
}

const ARGUMENTS = new WeakMap<Directive, RewriteArguments | null>();

/**
 * A `RewriteRule` or `RewriteCond` line's words as mod_rewrite reads them, read once per (frozen)
 * directive; undefined when Apache refuses the line for lack of a second word.
 */
export function rewriteArguments(directive: Directive): RewriteArguments | undefined {
  let found = ARGUMENTS.get(directive);
  if (found === undefined) {
    const { argText } = directive;
    const words = rewriteWords(argText.text);
    const word = (cutWord: RewriteWord): Word => {
      const span = spanOf(argText, cutWord.writtenStart, cutWord.writtenEnd);
      return new Word(cutWord.value, cutWord.writtenStart < cutWord.start, span.start, span.end);
    };
    found = words ? { first: word(words.first), second: word(words.second), flags: words.flags && word(words.flags) } : null;
    ARGUMENTS.set(directive, found);
  }
  return found ?? undefined;
}

/** A line's words as its handler cuts them: mod_rewrite's for RewriteRule and RewriteCond, `ap_getword_conf`'s for the others. */
export function handlerWords(directive: Directive): readonly Word[] {
  if (!isRewriteDirective(directive)) return directive.args;
  const words = rewriteArguments(directive);
  if (!words) return [];
  return words.flags ? [words.first, words.second, words.flags] : [words.first, words.second];
}

/**
 * What a `RewriteCond` pattern tests, as cmd_rewritecond tells (mod_rewrite.c): a leading `!`
 * negates; a test string `expr` (any case) makes the pattern an ap_expr expression; otherwise a
 * pattern of two characters or more may be a file test (`-f`, `-s`, `-d`, `-x`, `-h`, `-l`, `-L`),
 * a sub-request (`-U`, `-F`), an integer comparison (`-lt`, `-le`, `-eq`, `-gt`, `-ge` and `-ne`,
 * which is a negated `-eq`, each followed by at least one character) or a string comparison (`<`,
 * `<=`, `=`, `>=`, `>`; `=""` compares with the empty string); anything else is a regex.
 */
export type ConditionTest =
  | { readonly kind: 'regex' | 'expr'; readonly operand: string; readonly negated: boolean }
  | { readonly kind: 'file' | 'subrequest'; readonly operator: string; readonly negated: boolean }
  | {
      readonly kind: 'string' | 'integer';
      readonly operator: '<' | '<=' | '=' | '>=' | '>';
      readonly operand: string;
      readonly negated: boolean;
    };

const FILE_TESTS = new Set(['f', 's', 'd', 'x', 'h', 'l', 'L']);
const INTEGER_TESTS: Readonly<Record<string, '<' | '<=' | '=' | '>=' | '>'>> = { lt: '<', le: '<=', eq: '=', ne: '=', gt: '>', ge: '>=' };

/** The test of a `RewriteCond` line with test string `test` and pattern `pattern` (its second word, `!` included). */
export function conditionTest(test: string, pattern: string): ConditionTest {
  const negated = pattern.startsWith('!');
  const text = negated ? pattern.slice(1) : pattern;
  if (asciiLower(test) === 'expr') return { kind: 'expr', operand: text, negated };
  if (text.length >= 2 && text[0] === '-') {
    const letter = text[1]!;
    if (text.length === 2 && FILE_TESTS.has(letter)) return { kind: 'file', operator: text, negated };
    if (text.length === 2 && (letter === 'U' || letter === 'F')) return { kind: 'subrequest', operator: text, negated };
    const name = text.slice(1, 3);
    const operator = text.length >= 4 ? INTEGER_TESTS[name] : undefined;
    // `-ne` is `-eq` with the negation turned over, so `!-ne` is `-eq`.
    if (operator) return { kind: 'integer', operator, operand: text.slice(3), negated: name === 'ne' ? !negated : negated };
  } else if (text.length >= 2 && (text[0] === '<' || text[0] === '>')) {
    const orEqual = text[1] === '=';
    const operator = `${text[0]}${orEqual ? '=' : ''}` as '<' | '<=' | '>' | '>=';
    return { kind: 'string', operator, operand: text.slice(orEqual ? 2 : 1), negated };
  } else if (text.length >= 2 && text[0] === '=')
    return { kind: 'string', operator: '=', operand: text === '=""' ? '' : text.slice(1), negated };
  return { kind: 'regex', operand: text, negated };
}
