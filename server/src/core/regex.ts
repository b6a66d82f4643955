/**
 * Regular expressions from the configuration (ProxyPassMatch paths, `<IfVersion ~ …>`) tested
 * against text the same configuration chose, in time bounded by the sizes of both.
 *
 * JavaScript's RegExp backtracks: `^/(a+)+$` against `/` and 40 `a`s and a `!` tries every way to
 * split the `a`s (2^40), and twelve nested stars against the 6-character version string take
 * minutes; the process cannot answer anything meanwhile, and `--max-time` is checked between
 * rules, never inside one match. Core has no clock for a time budget, so matching here is a
 * Thompson NFA simulated as a Pike VM: every thread advances one character at a time, at most one
 * thread per instruction, so a test costs at most (program size × text length) steps whatever the
 * pattern. A budget on that product, and on the program's size (`{1000}` copies its atom), keeps a
 * test to a few million steps. What such a machine cannot do without backtracking — back
 * references, lookarounds, atomic groups, possessive quantifiers, conditionals, recursion, inline
 * options — is not evaluated: the caller says "too costly to evaluate" and assumes, as it does for
 * what it cannot know. The syntax is PCRE2's (core/pcre.ts validates it first), byte-wise as
 * Apache compiles it, on UTF-16 code units.
 */
import { pcreError } from './pcre';

/** A test's answer: whether the pattern matches somewhere in the text, or why it was not evaluated. */
export type RegexTest = boolean | 'invalid' | 'too-costly';

/** A match as `RegExp.exec` gives it: the whole match, then each group's text (undefined for a group that took no part). */
export type RegexMatch = readonly (string | undefined)[];

/** How a pattern is compiled: `nocase` as mod_rewrite's [NC] asks (ASCII letters, as PCRE2 without UTF). */
export interface RegexOptions {
  readonly nocase?: boolean;
  /**
   * Called every STEPS_PER_CHECKPOINT steps of the machine (a thread following one instruction);
   * it may throw to stop, as ReadOptions.checkpoint. Counting the calls shows the cost bound hold.
   */
  readonly checkpoint?: () => void;
}

/** Characters a pattern may have: each costs parsing, so a longer one is not read at all. */
const MAX_PATTERN = 20_000;

/** Instructions a compiled pattern may have: `(a{1000}){1000}` would have a million. */
const MAX_PROGRAM = 10_000;

/** Steps (instructions × characters) one test may take: about a tenth of a second. */
const MAX_STEPS = 5_000_000;

/** Steps the machine takes between two calls of RegexOptions.checkpoint. */
const STEPS_PER_CHECKPOINT = 1024;

/** Groups nested deeper than this are not evaluated (the parser recurses once per level). */
const MAX_NESTING = 200;

type CharTest = (code: number) => boolean;

type Assertion = 'start' | 'end' | 'end-or-newline' | 'word-boundary' | 'not-word-boundary';

type Node =
  | { readonly kind: 'char'; readonly test: CharTest }
  | { readonly kind: 'sequence'; readonly items: readonly Node[] }
  | { readonly kind: 'alternation'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number; readonly lazy: boolean }
  | { readonly kind: 'group'; readonly index: number; readonly node: Node }
  | { readonly kind: 'assert'; readonly assertion: Assertion };

type Instruction =
  | { readonly op: 'char'; readonly test: CharTest }
  | { readonly op: 'split'; x: number; y: number }
  | { readonly op: 'jump'; to: number }
  | { readonly op: 'assert'; readonly assertion: Assertion }
  /** Records the position in a capture slot: group n starts in slot 2n and ends in slot 2n + 1. */
  | { readonly op: 'save'; readonly slot: number }
  | { readonly op: 'match' };

/** Thrown inside the parser and compiler for what is not evaluated; caught in `testRegex`. */
class TooCostly extends Error {}

const isDigit: CharTest = (c) => c >= 48 && c <= 57;
const isWord: CharTest = (c) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace: CharTest = (c) => c === 32 || (c >= 9 && c <= 13);
const isHorizontalSpace: CharTest = (c) => c === 32 || c === 9 || c === 0xa0;
const isVerticalSpace: CharTest = (c) => (c >= 10 && c <= 13) || c === 0x85;
const not =
  (test: CharTest): CharTest =>
  (c) =>
    !test(c);

/** `\d`, `\w`, … as a test, or undefined for another letter. */
function classEscape(letter: string): CharTest | undefined {
  switch (letter) {
    case 'd':
      return isDigit;
    case 'D':
      return not(isDigit);
    case 'w':
      return isWord;
    case 'W':
      return not(isWord);
    case 's':
      return isSpace;
    case 'S':
      return not(isSpace);
    case 'h':
      return isHorizontalSpace;
    case 'H':
      return not(isHorizontalSpace);
    case 'v':
      return isVerticalSpace;
    case 'V':
      return not(isVerticalSpace);
    case 'N':
      return (c) => c !== 10;
    default:
      return undefined;
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { t: 9, n: 10, r: 13, f: 12, e: 27, a: 7 };

/** A recursive-descent reader of the PCRE2 subset a Pike VM runs; anything else throws TooCostly. */
class Parser {
  private at = 0;
  private depth = 0;
  /** Capturing groups read so far. */
  groups = 0;

  constructor(private readonly pattern: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at < this.pattern.length) throw new TooCostly();
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.pattern[this.at] === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alternation', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.pattern.length && this.pattern[this.at] !== '|' && this.pattern[this.at] !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { kind: 'sequence', items };
  }

  private quantified(atom: Node): Node {
    let node = atom;
    for (;;) {
      const bounds = this.quantifier();
      if (!bounds) return node;
      if (node.kind === 'assert') throw new TooCostly();
      const next = this.pattern[this.at];
      if (next === '+') throw new TooCostly(); // possessive: no backtracking into it, which a Pike VM does not model
      // Lazy: the same answer for a yes/no test; for captures, the shorter way is tried first.
      const lazy = next === '?';
      if (lazy) this.at++;
      node = { kind: 'repeat', node, min: bounds[0], max: bounds[1], lazy };
    }
  }

  private quantifier(): [number, number] | undefined {
    const c = this.pattern[this.at];
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      return c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    }
    if (c !== '{') return undefined;
    const found = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.at, this.at + 16));
    if (!found) return undefined;
    this.at += found[0].length;
    const min = Number(found[1]);
    const max = found[2] === undefined ? min : found[3] === '' ? Infinity : Number(found[3]);
    return [min, max];
  }

  private atom(): Node {
    const c = this.pattern[this.at++]!;
    switch (c) {
      case '(':
        return this.group();
      case '[':
        return { kind: 'char', test: this.characterClass() };
      case '.':
        return { kind: 'char', test: (code) => code !== 10 };
      case '^':
        return { kind: 'assert', assertion: 'start' };
      case '$':
        return { kind: 'assert', assertion: 'end-or-newline' };
      case '\\':
        return this.escape();
      default: {
        const code = c.charCodeAt(0);
        return { kind: 'char', test: (other) => other === code };
      }
    }
  }

  private group(): Node {
    let isCapturing = true;
    if (this.pattern[this.at] === '?') {
      const rest = this.pattern.slice(this.at, this.at + 3);
      if (rest.startsWith('?:')) {
        this.at += 2;
        isCapturing = false;
      } else if (/^\?P?<[A-Za-z_]/.test(this.pattern.slice(this.at, this.at + 4)) || rest.startsWith("?'")) {
        const close = this.pattern.indexOf(rest.startsWith("?'") ? "'" : '>', this.at + 2);
        if (close < 0) throw new TooCostly();
        this.at = close + 1;
      } else throw new TooCostly(); // lookarounds, atomic groups, options, conditionals, recursion, comments
    } else if (this.pattern[this.at] === '*') throw new TooCostly(); // verbs
    // Groups are numbered by their opening parenthesis, as PCRE2 numbers them.
    const index = isCapturing ? ++this.groups : 0;
    if (++this.depth > MAX_NESTING) throw new TooCostly();
    const inner = this.alternation();
    this.depth--;
    if (this.pattern[this.at++] !== ')') throw new TooCostly();
    return isCapturing ? { kind: 'group', index, node: inner } : inner;
  }

  private escape(): Node {
    const c = this.pattern[this.at++];
    if (c === undefined) throw new TooCostly();
    const assertion: Assertion | undefined =
      c === 'A'
        ? 'start'
        : c === 'z'
          ? 'end'
          : c === 'Z'
            ? 'end-or-newline'
            : c === 'b'
              ? 'word-boundary'
              : c === 'B'
                ? 'not-word-boundary'
                : undefined;
    if (assertion) return { kind: 'assert', assertion };
    const test = classEscape(c);
    if (test) return { kind: 'char', test };
    const code = this.escapedCode(c);
    return { kind: 'char', test: (other) => other === code };
  }

  /** The code of an escaped literal (`\.`, `\t`, `\x41`, `\x{41}`); back references and the rest throw. */
  private escapedCode(c: string): number {
    if (c in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[c]!;
    if (c === 'x') {
      const braced = /^\{([0-9a-fA-F]{1,4})\}/.exec(this.pattern.slice(this.at, this.at + 7));
      if (braced) {
        this.at += braced[0].length;
        return parseInt(braced[1]!, 16);
      }
      const plain = /^[0-9a-fA-F]{0,2}/.exec(this.pattern.slice(this.at, this.at + 2))![0];
      this.at += plain.length;
      return plain === '' ? 0 : parseInt(plain, 16);
    }
    if (/[A-Za-z0-9]/.test(c)) throw new TooCostly(); // back references, \p{…}, \Q…\E, \G, \K, octal
    return c.charCodeAt(0);
  }

  /** A `[…]` class, after its `[`: ranges, negation, escapes; POSIX `[:name:]` classes are not evaluated. */
  private characterClass(): CharTest {
    const negate = this.pattern[this.at] === '^';
    if (negate) this.at++;
    const tests: CharTest[] = [];
    let first = true;
    for (;;) {
      const c = this.pattern[this.at];
      if (c === undefined) throw new TooCostly();
      if (c === ']' && !first) {
        this.at++;
        break;
      }
      first = false;
      if (c === '[' && this.pattern[this.at + 1] === ':') throw new TooCostly();
      const low = this.classMember();
      if (typeof low !== 'number') {
        tests.push(low);
        continue;
      }
      if (this.pattern[this.at] === '-' && this.pattern[this.at + 1] !== ']' && this.pattern[this.at + 1] !== undefined) {
        this.at++;
        const high = this.classMember();
        if (typeof high !== 'number') throw new TooCostly();
        tests.push((code) => code >= low && code <= high);
      } else tests.push((code) => code === low);
    }
    return (code) => tests.some((test) => test(code)) !== negate;
  }

  /** One member of a class: a character's code, or the test of `\d` and the like. */
  private classMember(): number | CharTest {
    const c = this.pattern[this.at++]!;
    if (c !== '\\') return c.charCodeAt(0);
    const letter = this.pattern[this.at++];
    if (letter === undefined) throw new TooCostly();
    if (letter === 'b') return 8;
    return classEscape(letter) ?? this.escapedCode(letter);
  }
}

/** Appends the instructions of `node`; throws TooCostly past MAX_PROGRAM instructions or emitted nodes (`((){9999}){9999}` emits none). */
function emit(
  node: Node,
  program: Instruction[],
  emitted: { count: number; readonly nocase?: boolean; readonly captures?: boolean },
): void {
  if (program.length > MAX_PROGRAM || ++emitted.count > 4 * MAX_PROGRAM) throw new TooCostly();
  switch (node.kind) {
    case 'char':
      program.push({ op: 'char', test: emitted.nocase ? caseless(node.test) : node.test });
      return;
    case 'group':
      // A yes/no test records no groups: its program stays as small as before groups existed.
      if (!emitted.captures) return emit(node.node, program, emitted);
      program.push({ op: 'save', slot: 2 * node.index });
      emit(node.node, program, emitted);
      program.push({ op: 'save', slot: 2 * node.index + 1 });
      return;
    case 'assert':
      program.push({ op: 'assert', assertion: node.assertion });
      return;
    case 'sequence':
      for (const item of node.items) emit(item, program, emitted);
      return;
    case 'alternation': {
      const jumps: { op: 'jump'; to: number }[] = [];
      node.options.forEach((option, index) => {
        if (index < node.options.length - 1) {
          const split: Instruction = { op: 'split', x: program.length + 1, y: 0 };
          program.push(split);
          emit(option, program, emitted);
          const jump = { op: 'jump' as const, to: 0 };
          jumps.push(jump);
          program.push(jump);
          split.y = program.length;
        } else emit(option, program, emitted);
      });
      for (const jump of jumps) jump.to = program.length;
      return;
    }
    case 'repeat': {
      for (let i = 0; i < node.min; i++) emit(node.node, program, emitted);
      if (node.max === Infinity) {
        const loop = program.length;
        const split: Extract<Instruction, { op: 'split' }> = { op: 'split', x: loop + 1, y: 0 };
        program.push(split);
        emit(node.node, program, emitted);
        program.push({ op: 'jump', to: loop });
        split.y = program.length;
        if (node.lazy) [split.x, split.y] = [split.y, split.x];
        return;
      }
      const splits: Extract<Instruction, { op: 'split' }>[] = [];
      for (let i = node.min; i < node.max; i++) {
        const split: Extract<Instruction, { op: 'split' }> = { op: 'split', x: program.length + 1, y: 0 };
        splits.push(split);
        program.push(split);
        emit(node.node, program, emitted);
      }
      for (const split of splits) {
        split.y = program.length;
        if (node.lazy) [split.x, split.y] = [split.y, split.x];
      }
      return;
    }
  }
}

/** A test that also takes the other case of an ASCII letter. */
function caseless(test: CharTest): CharTest {
  return (c) => test(c) || (c >= 65 && c <= 90 && test(c + 32)) || (c >= 97 && c <= 122 && test(c - 32));
}

function holds(assertion: Assertion, text: string, at: number): boolean {
  switch (assertion) {
    case 'start':
      return at === 0;
    case 'end':
      return at === text.length;
    case 'end-or-newline':
      return at === text.length || (at === text.length - 1 && text.charCodeAt(at) === 10);
    case 'word-boundary':
    case 'not-word-boundary': {
      const before = at > 0 && isWord(text.charCodeAt(at - 1));
      const after = at < text.length && isWord(text.charCodeAt(at));
      return (before !== after) === (assertion === 'word-boundary');
    }
  }
}

/** Whether the program matches somewhere in `text`: a Pike VM, one thread per instruction at each position. */
function run(program: readonly Instruction[], text: string, checkpoint: () => void): boolean {
  const size = program.length;
  let untilCheckpoint = STEPS_PER_CHECKPOINT;
  let current: number[] = [];
  let next: number[] = [];
  const seen = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  // Follows jumps, splits and assertions from `start` at position `at`, adding the char and match instructions reached.
  const add = (list: number[], start: number, at: number, generation: number): boolean => {
    stack.push(start);
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (--untilCheckpoint === 0) {
        untilCheckpoint = STEPS_PER_CHECKPOINT;
        checkpoint();
      }
      if (seen[pc] === generation) continue;
      seen[pc] = generation;
      const instruction = program[pc]!;
      switch (instruction.op) {
        case 'jump':
          stack.push(instruction.to);
          break;
        case 'save':
          stack.push(pc + 1);
          break;
        case 'split':
          stack.push(instruction.y, instruction.x);
          break;
        case 'assert':
          if (holds(instruction.assertion, text, at)) stack.push(pc + 1);
          break;
        case 'match':
          stack.length = 0;
          return true;
        case 'char':
          list.push(pc);
      }
    }
    return false;
  };
  for (let at = 0; at <= text.length; at++) {
    // A new thread at every position: the pattern may match anywhere.
    if (add(current, 0, at, at)) return true;
    if (at === text.length) break;
    const code = text.charCodeAt(at);
    next = [];
    for (const pc of current) {
      const instruction = program[pc] as Extract<Instruction, { op: 'char' }>;
      if (instruction.test(code) && add(next, pc + 1, at + 1, at + 1)) return true;
    }
    current = next;
  }
  return false;
}

/**
 * Whether `pattern` (PCRE2 syntax) matches somewhere in `text`, as Apache's ap_regexec answers;
 * 'invalid' when PCRE2 refuses the pattern, 'too-costly' when it is not evaluated (see above).
 */
export function testRegex(pattern: string, text: string, options: RegexOptions = {}): RegexTest {
  if (pattern.length > MAX_PATTERN) return 'too-costly';
  if (pcreError(pattern)) return 'invalid';
  try {
    const program: Instruction[] = [];
    emit(new Parser(pattern).parse(), program, { count: 0, nocase: options.nocase === true });
    program.push({ op: 'match' });
    if (program.length * (text.length + 1) > MAX_STEPS) return 'too-costly';
    return run(program, text, options.checkpoint ?? (() => undefined));
  } catch (error) {
    if (error instanceof TooCostly) return 'too-costly';
    throw error;
  }
}

/**
 * The leftmost match of `pattern` in `text` and its groups, as PCRE2 (and `RegExp.exec`) finds them:
 * a Pike VM whose threads carry their capture positions and run in priority order, so the first
 * alternative and the greedy choice win as a backtracker's would, in the same bounded time as
 * `testRegex`. Null for no match; 'invalid' and 'too-costly' as `testRegex` answers.
 */
export function execRegex(pattern: string, text: string, options: RegexOptions = {}): RegexMatch | null | 'invalid' | 'too-costly' {
  if (pattern.length > MAX_PATTERN) return 'too-costly';
  if (pcreError(pattern)) return 'invalid';
  try {
    const parser = new Parser(pattern);
    const program: Instruction[] = [];
    emit(parser.parse(), program, { count: 0, nocase: options.nocase === true, captures: true });
    program.push({ op: 'match' });
    const slots = 2 * (parser.groups + 1);
    // Each step of a thread copies its slots when it saves: they count in the budget.
    if (program.length * (text.length + 1) * Math.ceil(slots / 8) > MAX_STEPS) return 'too-costly';
    const found = runCaptures(program, text, slots, options.checkpoint ?? (() => undefined));
    if (!found) return null;
    const groups: (string | undefined)[] = [];
    for (let group = 0; group < slots / 2; group++) {
      const start = found[2 * group]!;
      const end = found[2 * group + 1]!;
      groups.push(start >= 0 && end >= 0 ? text.slice(start, end) : undefined);
    }
    return groups;
  } catch (error) {
    if (error instanceof TooCostly) return 'too-costly';
    throw error;
  }
}

/** A thread of the capturing VM: its instruction and capture positions (-1 unset). */
interface Thread {
  readonly pc: number;
  readonly slots: readonly number[];
}

/** The capture positions of the leftmost, highest-priority match, or undefined. */
function runCaptures(program: readonly Instruction[], text: string, slots: number, checkpoint: () => void): readonly number[] | undefined {
  const seen = new Int32Array(program.length).fill(-1);
  let untilCheckpoint = STEPS_PER_CHECKPOINT;
  let matched: readonly number[] | undefined;
  // Follows the thread's jumps, splits (preferred branch first), saves and assertions at `at`, in
  // priority order; a thread reaching `match` records it and cuts every lower-priority branch.
  const add = (list: Thread[], start: Thread, at: number): boolean => {
    const stack: Thread[] = [start];
    while (stack.length > 0) {
      const thread = stack.pop()!;
      if (--untilCheckpoint === 0) {
        untilCheckpoint = STEPS_PER_CHECKPOINT;
        checkpoint();
      }
      const { pc } = thread;
      if (seen[pc] === at) continue;
      seen[pc] = at;
      const instruction = program[pc]!;
      switch (instruction.op) {
        case 'jump':
          stack.push({ pc: instruction.to, slots: thread.slots });
          break;
        case 'split':
          stack.push({ pc: instruction.y, slots: thread.slots }, { pc: instruction.x, slots: thread.slots });
          break;
        case 'save': {
          const saved = [...thread.slots];
          saved[instruction.slot] = at;
          stack.push({ pc: pc + 1, slots: saved });
          break;
        }
        case 'assert':
          if (holds(instruction.assertion, text, at)) stack.push({ pc: pc + 1, slots: thread.slots });
          break;
        case 'match': {
          const whole = [...thread.slots];
          whole[1] = at;
          matched = whole;
          return true;
        }
        case 'char':
          list.push(thread);
      }
    }
    return false;
  };
  let current: Thread[] = [];
  for (let at = 0; at <= text.length; at++) {
    // A new thread at every position until something matched, behind every older one: the leftmost match wins.
    if (!matched) {
      const fresh = new Array<number>(slots).fill(-1);
      fresh[0] = at;
      add(current, { pc: 0, slots: fresh }, at);
    }
    if (at === text.length || current.length === 0) {
      if (matched || at === text.length) break;
      continue;
    }
    const code = text.charCodeAt(at);
    const next: Thread[] = [];
    for (const thread of current) {
      const instruction = program[thread.pc] as Extract<Instruction, { op: 'char' }>;
      if (instruction.test(code) && add(next, { pc: thread.pc + 1, slots: thread.slots }, at + 1)) break;
    }
    current = next;
  }
  return matched;
}
