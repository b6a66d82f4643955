/**
 * Whether PCRE2 (10.42, as Debian's Apache 2.4 links it, compiled without PCRE2_UTF) can compile a
 * pattern, and if not, PCRE2's reason. JavaScript's RegExp is not PCRE: it refuses possessive
 * quantifiers, `\Q…\E`, `(?i)`, POSIX classes and recursion, and accepts `[]`, `\y`, `a{2}{3}` and
 * variable-length lookbehinds, so this is a scanner of PCRE2's own syntax. It reports only what
 * PCRE2 certainly refuses; a construct it does not model (an unknown `\p{…}` name, a subroutine
 * call or a back reference inside a lookbehind, which PCRE2 allows when the group is of fixed length) is accepted. Every verdict class is checked against `apache2 -t` in
 * test/apache/fidelity.test.ts (docs/apache-semantics.md, ap_pregcomp).
 */

/** A pattern PCRE2 refuses: its reason, in PCRE2's words, and where in the pattern it stopped. */
export interface PcreError {
  readonly message: string;
  readonly offset: number;
}

/** The length a piece of pattern matches: a fixed count of characters, variable, or not modelled here. */
type Length = number | 'variable' | 'unknown';

interface Frame {
  /** What opened the group: lookbehinds must have fixed-length branches, conditionals at most two. */
  readonly kind: 'top' | 'group' | 'lookbehind' | 'lookaround' | 'conditional' | 'define';
  readonly extended: boolean;
  /** Lengths of the finished branches, and of the branch being read. */
  readonly branches: Length[];
  current: Length;
  /** The last item's length, so a quantifier can scale it; undefined when nothing repeatable precedes. */
  last: Length | undefined;
}

const HEX = /^[0-9a-fA-F]+$/;
const OCTAL = /^[0-7]+$/;
/** Letters after `\` outside a class that PCRE2 knows (the rest are refused). */
const ESCAPE_LETTERS = new Set('aAbBcCdDeEfgGhHkKnNopPQrRsStvVwWxXzZ');
/** Escapes that match no character (assertions): a quantifier may not follow them. */
const ASSERTIONS = new Set('bBAzZGK');
/** Escapes that stand for a set of characters: they may not end a range in a class. */
const CLASS_ESCAPES = new Set('dDsSwWhHvVpP');
const POSIX_CLASSES = new Set([
  'alpha',
  'digit',
  'alnum',
  'ascii',
  'blank',
  'cntrl',
  'graph',
  'lower',
  'print',
  'punct',
  'space',
  'upper',
  'word',
  'xdigit',
]);
/** `(*NAME)` at the start of a pattern (options) and anywhere (backtracking verbs, alpha assertions). */
const VERBS = new Set([
  'UTF',
  'UTF8',
  'UCP',
  'NOTEMPTY',
  'NOTEMPTY_ATSTART',
  'NO_AUTO_POSSESS',
  'NO_DOTSTAR_ANCHOR',
  'NO_JIT',
  'NO_START_OPT',
  'CR',
  'LF',
  'CRLF',
  'ANYCRLF',
  'ANY',
  'NUL',
  'BSR_ANYCRLF',
  'BSR_UNICODE',
  'ACCEPT',
  'FAIL',
  'F',
  'COMMIT',
  'PRUNE',
  'SKIP',
  'THEN',
  'MARK',
  '',
]);
const ALPHA_ASSERTIONS = new Set([
  'pla',
  'positive_lookahead',
  'nla',
  'negative_lookahead',
  'plb',
  'positive_lookbehind',
  'nlb',
  'negative_lookbehind',
  'atomic',
  'sr',
  'script_run',
  'asr',
  'atomic_script_run',
  'napla',
  'non_atomic_positive_lookahead',
  'naplb',
  'non_atomic_positive_lookbehind',
]);
const MAX_QUANTIFIER = 65535;
const MAX_NAME = 32;

/** PCRE2's verdict on `pattern`: undefined when it compiles. */
export function pcreError(pattern: string): PcreError | undefined {
  const scanned = scan(pattern);
  return 'message' in scanned ? scanned : undefined;
}

/**
 * How many capturing groups `pattern` has, counting each `(…)` and named group once (a branch reset
 * `(?|…)` numbers fewer, so this is never below PCRE2's count); undefined when PCRE2 refuses it.
 */
export function captureCount(pattern: string): number | undefined {
  const scanned = scan(pattern);
  return 'captures' in scanned ? scanned.captures : undefined;
}

function scan(pattern: string): PcreError | { readonly captures: number } {
  const scanner = new Scanner(pattern);
  try {
    return { captures: scanner.scan() };
  } catch (error) {
    if (error instanceof Refusal) return { message: error.message, offset: error.offset };
    throw error;
  }
}

class Refusal extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

class Scanner {
  private at = 0;
  private captures = 0;
  private readonly names = new Set<string>();
  /** Group numbers and names referred to, checked once every group is known (forward references are allowed). */
  private readonly numberRefs: { number: number; offset: number }[] = [];
  private readonly nameRefs: { name: string; offset: number }[] = [];
  private readonly frames: Frame[];

  constructor(private readonly text: string) {
    this.frames = [{ kind: 'top', extended: false, branches: [], current: 0, last: undefined }];
  }

  /** Reads the whole pattern (or throws a Refusal); returns how many capturing groups it opened. */
  scan(): number {
    this.startOptions();
    while (this.at < this.text.length) this.item();
    if (this.frames.length > 1) this.fail('missing closing parenthesis', this.text.length);
    for (const ref of this.numberRefs)
      if (ref.number > this.captures || ref.number <= 0) this.fail('reference to non-existent subpattern', ref.offset);
    for (const ref of this.nameRefs) if (!this.names.has(ref.name)) this.fail('reference to non-existent subpattern', ref.offset);
    return this.captures;
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private fail(message: string, offset = this.at): never {
    throw new Refusal(message, offset);
  }

  /** `(*UTF)`-style options may only stand at the very start; they are read like verbs. */
  private startOptions(): void {
    while (this.text.startsWith('(*', this.at) && /^\(\*[A-Z_0-9=]+\)/.test(this.text.slice(this.at))) {
      const close = this.text.indexOf(')', this.at);
      const name = this.text.slice(this.at + 2, close).replace(/=.*$/, '');
      if (!VERBS.has(name) && !/^(LIMIT_HEAP|LIMIT_MATCH|LIMIT_DEPTH|LIMIT_RECURSION)$/.test(name)) break;
      this.at = close + 1;
    }
  }

  private item(): void {
    const c = this.text[this.at]!;
    const frame = this.frame;
    if (frame.extended && /\s/.test(c)) {
      this.at++;
      return;
    }
    if (frame.extended && c === '#') {
      const end = this.text.indexOf('\n', this.at);
      this.at = end < 0 ? this.text.length : end + 1;
      return;
    }
    switch (c) {
      case '\\':
        return this.escape();
      case '[':
        return this.characterClass();
      case '(':
        return this.open();
      case ')':
        return this.close();
      case '|':
        this.at++;
        frame.branches.push(frame.current);
        frame.current = 0;
        frame.last = undefined;
        return;
      case '*':
      case '+':
      case '?':
        return this.quantifier(c === '+' ? 1 : 0, c === '?' ? 1 : Infinity, 1);
      case '{': {
        const match = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.text.slice(this.at));
        if (!match) return this.atom(1, 1);
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
        if (min > MAX_QUANTIFIER || (max !== Infinity && max > MAX_QUANTIFIER)) this.fail('number too big in {} quantifier');
        if (max < min) this.fail('numbers out of order in {} quantifier');
        return this.quantifier(min, max, match[0].length);
      }
      case '^':
      case '$':
        this.at++;
        frame.last = undefined;
        return;
      default:
        return this.atom(1, 1);
    }
  }

  /** A repeatable item of `length` characters, `width` characters of pattern long. */
  private atom(width: number, length: Length): void {
    this.at += width;
    this.add(length);
  }

  private add(length: Length): void {
    const frame = this.frame;
    frame.current = sum(frame.current, length);
    frame.last = length;
  }

  private quantifier(min: number, max: number, width: number): void {
    const frame = this.frame;
    if (frame.last === undefined) this.fail('quantifier does not follow a repeatable item');
    this.at += width;
    // A lazy `?` or possessive `+` belongs to this quantifier; anything else after it has nothing to repeat.
    if (this.text[this.at] === '?' || this.text[this.at] === '+') this.at++;
    const last = frame.last;
    const repeated: Length = min === max && typeof last === 'number' ? last * min : last === 'unknown' ? 'unknown' : 'variable';
    frame.current = sum(subtract(frame.current, last), repeated);
    frame.last = undefined;
  }

  private escape(): void {
    const start = this.at;
    const next = this.text[this.at + 1];
    if (next === undefined) this.fail('\\ at end of pattern');
    if (next === 'Q') {
      const end = this.text.indexOf('\\E', this.at + 2);
      const literal = end < 0 ? this.text.length - this.at - 2 : end - this.at - 2;
      this.at = end < 0 ? this.text.length : end + 2;
      // Each quoted character is an item of its own: a quantifier after \Q…\E repeats the last one.
      if (literal > 0) {
        this.frame.current = sum(this.frame.current, literal - 1);
        this.add(1);
      }
      return;
    }
    if (next === 'E') {
      this.at += 2;
      return;
    }
    if (/[1-9]/.test(next)) {
      const digits = /^\d+/.exec(this.text.slice(this.at + 1))![0];
      const number = Number(digits);
      if (number < 10 || number <= this.captures) {
        this.numberRefs.push({ number, offset: start });
        return this.atom(1 + digits.length, 'unknown');
      }
      return this.octal(start, /^[0-7]{1,3}/.exec(digits)?.[0]);
    }
    if (next === '0') return this.octal(start, /^[0-7]{0,2}/.exec(this.text.slice(this.at + 2))![0]);
    if (!/[A-Za-z]/.test(next)) return this.atom(2, 1);
    if (!ESCAPE_LETTERS.has(next)) this.unknownEscape(next);
    if (ASSERTIONS.has(next)) {
      if (next === 'K' && this.frames.some((frame) => frame.kind === 'lookbehind' || frame.kind === 'lookaround'))
        this.fail('\\K is not allowed in lookarounds (but see PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK)');
      this.at += 2;
      this.frame.last = undefined;
      return;
    }
    this.at += 2;
    switch (next) {
      case 'g':
        return this.gReference(start);
      case 'k':
        return this.kReference(start);
      case 'x':
        return this.add(this.hex(start));
      case 'o':
        return this.add(this.braced(start, OCTAL, 8));
      case 'c':
        this.control(start);
        return this.add(1);
      case 'p':
      case 'P':
        this.property(start);
        return this.add(1);
      case 'N':
        if (this.text[this.at] === '{') this.fail('\\N{U+dddd} is supported only in Unicode (UTF) mode', start);
        return this.add(1);
      case 'R':
      case 'X':
        return this.add('variable');
      default:
        return this.add(1);
    }
  }

  private unknownEscape(letter: string): never {
    if ('FLlUu'.includes(letter)) this.fail('PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u');
    this.fail('unrecognized character follows \\');
  }

  /** `\ddd` read as an octal character: above \377 is refused without UTF. */
  private octal(start: number, digits: string | undefined): void {
    if (digits === undefined) this.fail('reference to non-existent subpattern', start);
    const width = this.text[start + 1] === '0' ? 2 + digits.length : 1 + digits.length;
    if (parseInt(digits || '0', 8) > 0xff) this.fail('octal value is greater than \\377 in 8-bit non-UTF-8 mode', start);
    this.atom(width, 1);
  }

  /** After `\x`: `{hhh}` or up to two hex digits. */
  private hex(start: number): Length {
    if (this.text[this.at] === '{') return this.braced(start, HEX, 16);
    const digits = /^[0-9a-fA-F]{0,2}/.exec(this.text.slice(this.at))![0];
    this.at += digits.length;
    return 1;
  }

  /** `{digits}` after `\x` or `\o`: a value above 0xff is refused without UTF. */
  private braced(start: number, valid: RegExp, radix: number): Length {
    const close = this.text.indexOf('}', this.at);
    const body = close < 0 ? '' : this.text.slice(this.at + 1, close);
    if (this.text[this.at] !== '{' || !valid.test(body)) {
      if (radix === 8) this.fail('missing opening brace after \\o', start);
      return 1;
    }
    if (parseInt(body, radix) > 0xff) this.fail('character code point value in \\x{} or \\o{} is too large', start);
    this.at = close + 1;
    return 1;
  }

  private control(start: number): void {
    const c = this.text[this.at];
    if (c === undefined) this.fail('\\c at end of pattern', start);
    if (c.charCodeAt(0) < 32 || c.charCodeAt(0) > 126) this.fail('\\c must be followed by a printable ASCII character', start);
    this.at++;
  }

  /** `\p{Name}` or `\pL`: the name's form only (names are not checked). */
  private property(start: number): void {
    if (this.text[this.at] === '{') {
      const close = this.text.indexOf('}', this.at);
      if (close < 0) this.fail('malformed \\P or \\p sequence', start);
      this.at = close + 1;
    } else if (this.text[this.at] === undefined) this.fail('malformed \\P or \\p sequence', start);
    else this.at++;
  }

  /** `\g{n}`, `\g{-n}`, `\gn`, `\g-n`, `\g{name}`: back references; `\g<…>`, `\g'…'`: subroutine calls. */
  private gReference(start: number): void {
    const rest = this.text.slice(this.at);
    const match = /^(?:\{([+-]?\d+|[A-Za-z_]\w*)\}|<([+-]?\d+|[A-Za-z_]\w*)>|'([+-]?\d+|[A-Za-z_]\w*)'|([+-]?\d+))/.exec(rest);
    if (!match) this.fail('\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number', start);
    this.at += match[0].length;
    const target = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    this.reference(target, start, match[2] !== undefined || match[3] !== undefined);
    this.add('unknown');
  }

  private kReference(start: number): void {
    const match = /^(?:<([^>]*)>|'([^']*)'|\{([^}]*)\})/.exec(this.text.slice(this.at));
    if (!match) this.fail('\\k is not followed by a braced, angle-bracketed, or quoted name', start);
    this.at += match[0].length;
    this.nameRefs.push({ name: match[1] ?? match[2] ?? match[3] ?? '', offset: start });
    this.add('unknown');
  }

  /** A group number (absolute or relative to the groups opened so far) or a name, checked at the end. */
  private reference(target: string, offset: number, isCall: boolean): void {
    if (/^[+-]?\d+$/.test(target)) {
      const number = Number(target);
      const absolute = target[0] === '-' ? this.captures + number + 1 : target[0] === '+' ? this.captures + number : number;
      if (target[0] === '+' && !isCall)
        this.fail('\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number', offset);
      if (number === 0 && !isCall) this.fail('a numbered reference must not be zero', offset);
      if (number === 0 && target[0] !== undefined && '+-'.includes(target[0])) this.fail('a relative value of zero is not allowed', offset);
      if (absolute === 0 && isCall) return;
      this.numberRefs.push({ number: absolute, offset });
    } else this.nameRefs.push({ name: target, offset });
  }

  private characterClass(): void {
    const start = this.at;
    if (/^\[([:.=])\^?[A-Za-z]*\1\]/.test(this.text.slice(this.at))) this.fail('POSIX named classes are supported only within a class');
    this.at++;
    if (this.text[this.at] === '^') this.at++;
    // A `]` first in the class is a literal.
    let first = true;
    /** The previous single character (its code), a class escape, or nothing: what a `-` would range from. */
    let previous: number | 'set' | undefined;
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) this.fail('missing terminating ] for character class', start);
      if (c === ']' && !first) break;
      first = false;
      if (c === '[' && /^\[[:.=]/.test(this.text.slice(this.at))) {
        previous = this.posixClass(start);
        continue;
      }
      if (c === '-' && previous !== undefined && this.text[this.at + 1] !== ']' && this.text[this.at + 1] !== undefined) {
        const from = previous;
        this.at++;
        const to = this.classCharacter();
        if (from === 'set' || to === 'set') this.fail('invalid range in character class');
        if (to < from) this.fail('range out of order in character class');
        previous = undefined;
        continue;
      }
      previous = this.classCharacter();
    }
    this.at++;
    this.add(1);
  }

  /** `[:name:]` inside a class (a known name, optionally negated with `^`); `[.x.]` and `[=x=]` are refused. */
  private posixClass(classStart: number): 'set' | number {
    const rest = this.text.slice(this.at);
    const match = /^\[([:.=])(\^?)([A-Za-z]*)\1\]/.exec(rest);
    if (!match) {
      this.at++;
      return '['.charCodeAt(0);
    }
    if (match[1] !== ':') this.fail('POSIX collating elements are not supported', classStart);
    if (!POSIX_CLASSES.has(match[3]!)) this.fail('unknown POSIX class name', this.at);
    this.at += match[0].length;
    return 'set';
  }

  /** One member of a class: a character (its code) or a set escape. */
  private classCharacter(): number | 'set' {
    const c = this.text[this.at]!;
    if (c !== '\\') {
      this.at++;
      return c.charCodeAt(0);
    }
    const start = this.at;
    const next = this.text[this.at + 1];
    if (next === undefined) this.fail('\\ at end of pattern');
    this.at += 2;
    if (next === 'Q') {
      const end = this.text.indexOf('\\E', this.at);
      const quoted = this.text.slice(this.at, end < 0 ? this.text.length : end);
      this.at = end < 0 ? this.text.length : end + 2;
      return quoted === '' ? 'set' : quoted.charCodeAt(quoted.length - 1);
    }
    if (next === 'E') return 'set';
    if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(this.text.slice(start + 1))![0];
      this.at = start + 1 + digits.length;
      const value = parseInt(digits, 8);
      if (value > 0xff) this.fail('octal value is greater than \\377 in 8-bit non-UTF-8 mode', start);
      return value;
    }
    if (!/[A-Za-z]/.test(next)) return next.charCodeAt(0);
    if ('BRX'.includes(next)) this.fail('escape sequence is invalid in character class', start);
    if (!ESCAPE_LETTERS.has(next) || 'AzZGgkKQ'.includes(next)) {
      if ('AzZGgkK'.includes(next)) this.fail('escape sequence is invalid in character class', start);
      this.unknownEscape(next);
    }
    if (CLASS_ESCAPES.has(next)) {
      if (next === 'p' || next === 'P') this.property(start);
      return 'set';
    }
    switch (next) {
      case 'x': {
        const before = this.at;
        this.hex(start);
        const body = this.text.slice(before, this.at).replace(/[{}]/g, '');
        return body === '' ? 0 : parseInt(body, 16);
      }
      case 'o': {
        const before = this.at;
        this.braced(start, OCTAL, 8);
        return parseInt(this.text.slice(before + 1, this.at - 1), 8);
      }
      case 'c':
        this.control(start);
        return this.text.charCodeAt(this.at - 1) ^ 0x40;
      case 'N':
        this.fail('escape sequence is invalid in character class', start);
        break;
      default:
        return { a: 7, b: 8, e: 27, f: 12, n: 10, r: 13, t: 9 }[next as 'a'] ?? 'set';
    }
    return 'set';
  }

  private open(): void {
    const start = this.at;
    const rest = this.text.slice(this.at);
    if (rest.startsWith('(?#')) {
      const end = this.text.indexOf(')', this.at);
      if (end < 0) this.fail('missing ) after (?# comment', start);
      this.at = end + 1;
      return;
    }
    if (rest.startsWith('(*')) return this.verb(start);
    if (!rest.startsWith('(?')) {
      this.captures++;
      return this.push('group', 1);
    }
    const after = rest.slice(2);
    if (after.startsWith('<=') || after.startsWith('<!') || after.startsWith('<*')) return this.push('lookbehind', 4);
    const name = /^(?:P?<([^>]*)>|'([^']*)')/.exec(after);
    if (name) {
      this.groupName(name[1] ?? name[2] ?? '', start);
      this.captures++;
      return this.push('group', 2 + name[0].length);
    }
    if (after.startsWith('P=') || after.startsWith('P>')) {
      const close = this.text.indexOf(')', this.at);
      if (close < 0) this.fail('missing closing parenthesis', start);
      this.nameRefs.push({ name: this.text.slice(this.at + 4, close), offset: start });
      this.at = close + 1;
      return this.add('unknown');
    }
    const call = /^(R|[+-]?\d+|&([A-Za-z_]\w*))\)/.exec(after);
    if (call) {
      if (call[1] !== 'R') {
        if (call[2] !== undefined) this.nameRefs.push({ name: call[2], offset: start });
        else this.reference(call[1]!, start, true);
      }
      this.at += 2 + call[0].length;
      return this.add('unknown');
    }
    switch (after[0]) {
      case ':':
      case '|':
      case '>':
        return this.push('group', 3);
      case '=':
      case '!':
      case '*':
        return this.push('lookaround', 3);
      case '(':
        return this.condition(start);
      case 'C':
        return this.callout(start);
      default:
        return this.options(start);
    }
  }

  /** `(*VERB)`, `(*MARK:NAME)`, `(*pla:…)` and the other alpha assertions. */
  private verb(start: number): void {
    const match = /^\(\*([A-Za-z_]*)(:?)/.exec(this.text.slice(this.at))!;
    const name = match[1]!;
    if (match[2] === ':' && ALPHA_ASSERTIONS.has(name)) {
      const kind = /lookbehind|^n?a?[pn]lb$/.test(name) ? 'lookbehind' : /look|^n?a?[pn]la$/.test(name) ? 'lookaround' : 'group';
      return this.push(kind, match[0].length);
    }
    const close = this.text.indexOf(')', this.at);
    if (close < 0) this.fail('missing closing parenthesis', start);
    if (!VERBS.has(name) && !(match[2] === ':' && name === '')) this.fail('(*VERB) not recognized or malformed', start);
    this.at = close + 1;
    this.frame.last = undefined;
  }

  /** `(?(condition)yes|no)`: a group number or name, recursion, DEFINE, VERSION, or an assertion. */
  private condition(start: number): void {
    const after = this.text.slice(this.at + 3);
    const simple =
      /^(?:([+-]?\d+)|<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)'|(R\d*|R&[A-Za-z_]\w*)|(DEFINE)|(VERSION[<>]?=\d+(?:\.\d+)?)|([A-Za-z_]\w*))\)/.exec(
        after,
      );
    if (simple) {
      const number = simple[1];
      if (number !== undefined) this.reference(number, start, false);
      const name = simple[2] ?? simple[3] ?? simple[7];
      if (name !== undefined) this.nameRefs.push({ name, offset: start });
      this.at += 3 + simple[0].length;
      return this.push(simple[5] ? 'define' : 'conditional', 0);
    }
    if (/^\?(?:=|!|<=|<!)/.test(after) || /^\*[a-z_]+:/.test(after)) {
      // The assertion is read as a group of its own inside the conditional.
      this.at += 2;
      this.push('conditional', 0);
      return;
    }
    this.fail('malformed number or name after (?(', start);
  }

  private callout(start: number): void {
    const match = /^\(\?C(?:\d*|"(?:[^"]|"")*"|'[^']*'|`[^`]*`|\^[^^]*\^|%[^%]*%|#[^#]*#|\$[^$]*\$|\{[^}]*\})\)/.exec(
      this.text.slice(this.at),
    );
    if (!match) this.fail('callout string is too long or malformed', start);
    this.at += match[0].length;
  }

  /** `(?imnsxJU-imnsxJU)` for the rest of the group, `(?…:…)` as a group, `(?^…)` to reset. */
  private options(start: number): void {
    const match = /^\(\?(\^)?([imnsxJU]*)(?:-([imnsxJU]*))?([:)])/.exec(this.text.slice(this.at));
    if (!match) this.fail('unrecognized character after (? or (?-', start + 2);
    const on = match[2]!;
    const off = match[3] ?? '';
    const extended = match[1] ? on.includes('x') : off.includes('x') ? false : on.includes('x') ? true : this.frame.extended;
    this.at += match[0].length;
    if (match[4] === ':') {
      this.frames.push({ kind: 'group', extended, branches: [], current: 0, last: undefined });
      return;
    }
    const frame = this.frame;
    this.frames[this.frames.length - 1] = { ...frame, extended };
    this.frame.last = undefined;
  }

  private groupName(name: string, offset: number): void {
    if (name === '') this.fail('group name must start with a non-digit', offset);
    if (/^\d/.test(name)) this.fail('subpattern name must start with a non-digit', offset);
    if (!/^\w+$/.test(name)) this.fail('syntax error in subpattern name (missing terminator?)', offset);
    if (name.length > MAX_NAME) this.fail('subpattern name is too long (maximum 32 code units)', offset);
    this.names.add(name);
  }

  private push(kind: Frame['kind'], width: number): void {
    this.at += width;
    this.frames.push({ kind, extended: this.frame.extended, branches: [], current: 0, last: undefined });
  }

  private close(): void {
    if (this.frames.length === 1) this.fail('unmatched closing parenthesis');
    this.at++;
    const frame = this.frames.pop()!;
    const branches = [...frame.branches, frame.current];
    if (frame.kind === 'conditional' && branches.length > 2) this.fail('conditional subpattern contains more than two branches');
    if (frame.kind === 'define' && branches.length > 1) this.fail('DEFINE subpattern contains more than one branch');
    if (frame.kind === 'lookbehind') {
      if (branches.includes('variable')) this.fail('lookbehind assertion is not fixed length');
      return this.add(0);
    }
    if (frame.kind === 'lookaround') return this.add(0);
    const [first] = branches;
    this.add(branches.every((length) => length === first) ? first! : branches.includes('unknown') ? 'unknown' : 'variable');
  }
}

function sum(a: Length, b: Length): Length {
  if (a === 'unknown' || b === 'unknown') return 'unknown';
  if (a === 'variable' || b === 'variable') return 'variable';
  return a + b;
}

function subtract(total: Length, part: Length): Length {
  return typeof total === 'number' && typeof part === 'number' ? total - part : total;
}
