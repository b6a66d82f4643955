/**
 * A short path a configuration regex matches (`^/v(\d+)/(.*)$` → `/v1/x`), for the hover's example
 * requests: each atom written once (`.` as `x`, `\d` as `1`, a class as its first member, an
 * alternation as its first branch, a quantifier as one repetition or its minimum). The guess is
 * checked on the bounded matcher of core/regex.ts, so a pattern it cannot satisfy (or that the
 * matcher does not evaluate) gives no sample rather than a wrong one.
 */
import { testRegex } from '../regex';

/** Patterns longer than this are not sampled. */
const MAX_PATTERN = 2_000;
/** Samples longer than this are abandoned: nested counts (`((a{1000}){1000}){1000}`) multiply. */
const MAX_SAMPLE = 200;

/** Thrown when the sample grows past MAX_SAMPLE. */
class TooLong extends Error {}

/** A string `pattern` matches, or undefined when none was found. */
export function sampleMatch(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN) return undefined;
  let sample: string;
  try {
    sample = new Sampler(pattern).sample();
  } catch (error) {
    if (error instanceof TooLong) return undefined;
    throw error;
  }
  return testRegex(pattern, sample) === true ? sample : undefined;
}

/** One pass over the pattern, writing the first way through it. */
class Sampler {
  private at = 0;

  constructor(private readonly pattern: string) {}

  sample(): string {
    let out = this.alternation();
    // An unbalanced `)` ends the branch: what follows is sampled too, and the check decides.
    while (this.at < this.pattern.length) {
      this.at++;
      out += this.alternation();
    }
    return out;
  }

  private alternation(): string {
    const first = this.sequence();
    while (this.pattern[this.at] === '|') {
      this.at++;
      this.sequence();
    }
    return first;
  }

  private sequence(): string {
    let out = '';
    while (this.at < this.pattern.length && this.pattern[this.at] !== '|' && this.pattern[this.at] !== ')') {
      const atom = this.atom();
      out += atom.repeat(this.count());
      if (out.length > MAX_SAMPLE) throw new TooLong();
    }
    return out;
  }

  private atom(): string {
    const c = this.pattern[this.at++]!;
    switch (c) {
      case '^':
      case '$':
        return '';
      case '.':
        return 'x';
      case '\\':
        return this.escape();
      case '[':
        return this.set();
      case '(':
        return this.group();
      default:
        return c;
    }
  }

  private group(): string {
    let isLookaround = false;
    if (this.pattern[this.at] === '?') {
      const rest = this.pattern.slice(this.at + 1);
      isLookaround = /^(?:[=!]|<[=!])/.test(rest);
      // `(?:`, `(?<name>`, `(?P<name>`, `(?'name'`, lookarounds, inline options: skip to the group's body.
      const head = /^\?(?:[:=!>|]|<[=!]|P?<[^>]*>|'[^']*'|[a-zA-Z^-]*:?)/.exec(this.pattern.slice(this.at));
      this.at += head ? head[0].length : 1;
    }
    const inner = this.alternation();
    if (this.pattern[this.at] === ')') this.at++;
    return isLookaround ? '' : inner;
  }

  private escape(): string {
    const c = this.pattern[this.at++];
    switch (c) {
      case undefined:
        return '';
      case 'd':
        return '1';
      case 'w':
      case 'D':
      case 'S':
        return 'x';
      case 's':
        return ' ';
      case 'W':
        return '-';
      case 'b':
      case 'B':
      case 'A':
      case 'z':
      case 'Z':
      case 'G':
        return '';
      case 't':
        return '\t';
      case 'n':
        return '\n';
      default:
        // A back-reference writes nothing here: the check against the matcher decides.
        return /[1-9]/.test(c) ? '' : c;
    }
  }

  /** A character class: its first member, or for a negated one a character it leaves out. */
  private set(): string {
    const negated = this.pattern[this.at] === '^';
    if (negated) this.at++;
    const members: string[] = [];
    let first = true;
    while (this.at < this.pattern.length && (first || this.pattern[this.at] !== ']')) {
      first = false;
      const posix = /^\[:[a-z]+:\]/.exec(this.pattern.slice(this.at));
      if (posix) {
        this.at += posix[0].length;
        members.push(posix[0] === '[:digit:]' ? '1' : 'a');
        continue;
      }
      let c = this.pattern[this.at++]!;
      if (c === '\\') c = this.escape() || 'x';
      if (this.pattern[this.at] === '-' && this.pattern[this.at + 1] !== ']' && this.at + 1 < this.pattern.length) {
        const end = this.pattern[this.at + 1]!;
        this.at += 2;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0) && members.length < 200; code++) members.push(String.fromCharCode(code));
      } else members.push(c);
    }
    this.at++;
    if (!negated) return members[0] ?? '';
    return ['x', 'a', '1', '-', '_'].find((candidate) => !members.includes(candidate)) ?? '';
  }

  /** How many times the atom before is written: once for `*`, `+`, `?`, the minimum of `{n,m}` (at least one unless the maximum is 0). */
  private count(): number {
    const c = this.pattern[this.at];
    let count = 1;
    if (c === '*' || c === '+' || c === '?') this.at++;
    else if (c === '{') {
      const bounds = /^\{(\d*)(,(\d*))?\}/.exec(this.pattern.slice(this.at));
      if (!bounds || (bounds[1] === '' && bounds[2] === undefined)) return 1;
      this.at += bounds[0].length;
      const min = Number(bounds[1] || '0');
      const max = bounds[2] === undefined ? min : bounds[3] === '' ? Infinity : Number(bounds[3]);
      count = min > 0 ? min : max > 0 ? 1 : 0;
      if (count > MAX_SAMPLE) throw new TooLong();
    } else return 1;
    // Lazy and possessive quantifiers sample the same way.
    if (this.pattern[this.at] === '?' || this.pattern[this.at] === '+') this.at++;
    return count;
  }
}
