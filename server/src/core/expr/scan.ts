import type { Terminal } from './grammar';

/**
 * ap_expr's scanner as Apache 2.4's flex rules read a boolean expression (server/util_expr_scan.l):
 * the same start states (strings, `%{…}` variables and their arguments, regular expressions), the
 * same longest-match choices between operators, keywords and identifiers, and the same error words.
 * Each character is read a bounded number of times (a string is flushed once before what ends it),
 * so a scan is linear in the expression.
 */

/** One token; `value` is its text for identifiers, strings, digits, operators and regular expressions. */
export interface Token {
  readonly kind: Terminal;
  readonly value: string;
  /** For `T_ERROR`: the scanner's own words (ctx->error2). */
  readonly error?: string;
  /** For `T_ERROR`: no flex rule matches here, and flex ends Apache itself ("flex scanner jammed"). */
  readonly jammed?: boolean;
}

/** MAX_STRING_LEN: the scanner's string and regex buffers. */
const BUFFER_BYTES = 8192;

type StartState = 'initial' | 'str' | 'var' | 'vararg';

const KEYWORDS = new Map<string, Terminal>([
  ['and', 'T_OP_AND'],
  ['or', 'T_OP_OR'],
  ['not', 'T_OP_NOT'],
  ['lt', 'T_OP_LT'],
  ['le', 'T_OP_LE'],
  ['gt', 'T_OP_GT'],
  ['ge', 'T_OP_GE'],
  ['ne', 'T_OP_NE'],
  ['eq', 'T_OP_EQ'],
  ['in', 'T_OP_IN'],
  ['true', 'T_TRUE'],
  ['false', 'T_FALSE'],
]);
const DASHED = new Map<string, Terminal>([
  ['-in', 'T_OP_IN'],
  ['-eq', 'T_OP_EQ'],
  ['-ne', 'T_OP_NE'],
  ['-ge', 'T_OP_GE'],
  ['-le', 'T_OP_LE'],
  ['-gt', 'T_OP_GT'],
  ['-lt', 'T_OP_LT'],
]);
/** Two-character, then one-character operators: flex takes the longest. */
const OPERATORS: readonly (readonly [string, Terminal])[] = [
  ['==', 'T_OP_STR_EQ'],
  ['=~', 'T_OP_REG'],
  ['!=', 'T_OP_STR_NE'],
  ['!~', 'T_OP_NRE'],
  ['<=', 'T_OP_STR_LE'],
  ['>=', 'T_OP_STR_GE'],
  ['&&', 'T_OP_AND'],
  ['||', 'T_OP_OR'],
  ['=', 'T_OP_STR_EQ'],
  ['<', 'T_OP_STR_LT'],
  ['>', 'T_OP_STR_GT'],
  ['!', 'T_OP_NOT'],
  ['.', 'T_OP_CONCAT'],
  ['(', "'('"],
  [')', "')'"],
  ['{', "'{'"],
  ['}', "'}'"],
  [',', "','"],
  [':', "':'"],
];
/** The characters that may follow `m` to open a regular expression. */
const REGEX_DELIMITERS = new Set('/#$%^,;:_?|-!.\'"');
const UNTERMINATED = 'Unterminated string or variable';

const isLetter = (c: string | undefined): boolean => c !== undefined && /^[a-zA-Z]$/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isIdChar = (c: string | undefined): boolean => c !== undefined && /^[a-zA-Z0-9_]$/.test(c);

/** A scanner over one expression: `next()` gives the tokens Apache's yylex gives, then `$end`. */
export class Scanner {
  private at = 0;
  private started = false;
  private state: StartState = 'initial';
  /** yy_push_state's stack: where a `%{…}` returns to. */
  private readonly stack: StartState[] = [];
  /** The quote that ends the current string. */
  private delimiter = '';
  private buffer = '';

  constructor(private readonly text: string) {}

  next(): Token {
    if (!this.started) {
      this.started = true;
      return this.token('T_EXPR_BOOL', '');
    }
    switch (this.state) {
      case 'initial':
        return this.initial();
      case 'str':
      case 'vararg':
        return this.inString();
      case 'var':
        return this.variable();
    }
  }

  private token(kind: Terminal, value: string): Token {
    return { kind, value };
  }

  private error(message: string): Token {
    return { kind: 'T_ERROR', value: '', error: message };
  }

  private jam(): Token {
    this.at = this.text.length;
    return { kind: 'T_ERROR', value: '', error: 'flex scanner jammed', jammed: true };
  }

  private initial(): Token {
    const { text } = this;
    while (this.at < text.length && ' \t\n'.includes(text[this.at]!)) this.at++;
    const start = this.at;
    const c = text[start];
    if (c === undefined) return this.token('$end', '');
    const next = text[start + 1];
    if (c === '"' || c === "'") {
      this.at++;
      this.delimiter = c;
      this.buffer = '';
      this.state = 'str';
      return this.token('T_STR_BEGIN', c);
    }
    if (c === '%' && next === '{') {
      this.at += 2;
      this.stack.push('initial');
      this.state = 'var';
      return this.token('T_VAR_BEGIN', '%{');
    }
    if (c === '$' && isDigit(next)) {
      this.at += 2;
      return this.token('T_REGEX_BACKREF', next!);
    }
    if (c === '/' || (c === 'm' && next !== undefined && REGEX_DELIMITERS.has(next) && this.wordLength(start) <= 2)) {
      this.at += c === '/' ? 1 : 2;
      return this.regex(c === '/' ? '/' : next!);
    }
    if (isLetter(c)) {
      const word = text.slice(start, start + this.wordLength(start));
      this.at += word.length;
      return this.token(KEYWORDS.get(word) ?? 'T_ID', word);
    }
    if (c === '-' && (isLetter(next) || next === '_')) {
      let end = start + 2;
      while (isIdChar(text[end])) end++;
      const word = text.slice(start, end);
      this.at = end;
      if (word.length === 2) return this.token('T_OP_UNARY', word.slice(1));
      return this.token(DASHED.get(word) ?? 'T_OP_BINARY', word.slice(1));
    }
    if (isDigit(c) || (c === '-' && isDigit(next))) {
      let end = start + 1;
      while (isDigit(text[end])) end++;
      this.at = end;
      return this.token('T_DIGIT', text.slice(start, end));
    }
    for (const [operator, kind] of OPERATORS)
      if (text.startsWith(operator, start)) {
        this.at += operator.length;
        return this.token(kind, operator);
      }
    this.at++;
    return this.error(`Parse error near '${c}'`);
  }

  /** The length of `[a-zA-Z][a-zA-Z0-9_]*` at `start` (0 if none). */
  private wordLength(start: number): number {
    if (!isLetter(this.text[start])) return 0;
    let end = start + 1;
    while (isIdChar(this.text[end])) end++;
    return end - start;
  }

  /** A quoted string (`str`) or a `%{name:argument}`'s argument (`vararg`): text gathered until a delimiter, a variable or a back reference. */
  private inString(): Token {
    const { text } = this;
    const inArgument = this.state === 'vararg';
    for (;;) {
      const start = this.at;
      const c = text[start];
      if (c === undefined || c === '\n') return this.error(UNTERMINATED);
      if (!inArgument && (c === '"' || c === "'")) {
        if (c !== this.delimiter) {
          this.at++;
          if (!this.append(c)) return this.error('String too long');
          continue;
        }
        if (this.buffer !== '') return this.flush();
        this.at++;
        this.state = 'initial';
        return this.token('T_STR_END', c);
      }
      if (inArgument && c === '}') {
        if (this.buffer !== '') return this.flush();
        this.at++;
        this.state = this.stack.pop() ?? 'initial';
        return this.token('T_VAR_END', c);
      }
      if ((c === '%' && text[start + 1] === '{') || (c === '$' && isDigit(text[start + 1]))) {
        if (this.buffer !== '') return this.flush();
        this.at += 2;
        if (c === '$') return this.token('T_REGEX_BACKREF', text[start + 1]!);
        this.stack.push(this.state);
        this.state = 'var';
        return this.token('T_VAR_BEGIN', '%{');
      }
      if (c === '\\') {
        const escaped = this.escape(start);
        if (typeof escaped !== 'string') return escaped;
        if (!this.append(escaped)) return this.error('String too long');
        continue;
      }
      // A quote inside an argument matches no rule.
      if (inArgument && (c === '"' || c === "'")) return this.jam();
      let end = start + 1;
      if (!'%}$'.includes(c)) while (end < text.length && !'\\\n"\'%}$'.includes(text[end]!)) end++;
      this.at = end;
      if (!this.append(text.slice(start, end))) return this.error('String too long');
    }
  }

  /** A backslash escape in a string: the character it stands for, or the scanner's error. */
  private escape(start: number): string | Token {
    const { text } = this;
    let digits = 0;
    while (isDigit(text[start + 1 + digits])) digits++;
    let octal = 0;
    while (octal < 3 && /[0-7]/.test(text[start + 1 + octal] ?? '')) octal++;
    if (digits > 0) {
      // `\\[0-9]+` wins when it matches more than `\\[0-7]{1,3}`.
      this.at = start + 1 + Math.max(digits, octal);
      if (digits > octal) return this.error('Bad escape sequence');
      const value = parseInt(text.slice(start + 1, start + 1 + octal), 8);
      return value > 0xff ? this.error('Escape sequence out of bound') : String.fromCharCode(value);
    }
    const letter = text[start + 1];
    // A backslash at the very end matches no rule.
    if (letter === undefined) return this.jam();
    this.at = start + 2;
    return { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[letter] ?? letter;
  }

  private append(part: string): boolean {
    this.buffer += part;
    return this.buffer.length < BUFFER_BYTES;
  }

  private flush(): Token {
    const value = this.buffer;
    this.buffer = '';
    return this.token('T_STRING', value);
  }

  private variable(): Token {
    const start = this.at;
    const c = this.text[start];
    if (c === undefined || c === '\n') return this.error(UNTERMINATED);
    if (isLetter(c)) {
      const name = this.text.slice(start, start + this.wordLength(start));
      this.at += name.length;
      return this.token('T_ID', name);
    }
    this.at++;
    if (c === '}') {
      this.state = this.stack.pop() ?? 'initial';
      return this.token('T_VAR_END', c);
    }
    if (c === ':') {
      this.state = 'vararg';
      this.buffer = '';
      return this.token("':'", c);
    }
    return this.error(`Invalid character in variable name '${c}'`);
  }

  /** A regular expression up to its delimiter, then an optional `i` flag; at the end of the input flex ends the scan. */
  private regex(delimiter: string): Token {
    const { text } = this;
    const start = this.at;
    const end = text.indexOf(delimiter, start);
    if (end < 0) {
      this.at = text.length;
      if (text.length - start >= BUFFER_BYTES) return this.error('Regexp too long');
      return this.token('$end', '');
    }
    if (end - start >= BUFFER_BYTES) {
      this.at = text.length;
      return this.error('Regexp too long');
    }
    this.at = end + 1;
    const pattern = text.slice(start, end);
    if (text[this.at] === 'i') {
      this.at++;
      return this.token('T_REGEX_I', pattern);
    }
    return this.token('T_REGEX', pattern);
  }
}
