/**
 * Wildcard matching without backtracking: Apache's `Include` wildcards (apr_fnmatch, one path
 * component) and the globs of `.balancerlens.json`'s `include` and of quoted command-line globs.
 *
 * Both used to become JavaScript regular expressions, which backtrack: `*a*a*…*b` against a long
 * name tries every star at every place (polynomial in the name, with the number of stars as the
 * exponent: minutes for a 60-character name). Here a component is matched by the classic greedy
 * scan that only ever returns to the last star (correct because every star matches the same
 * characters), in at most pattern × name steps; `**` over path segments by a table of segment
 * against segment, in at most segments × segments component matches.
 */

/** How a glob is matched: `checkpoint` is called every STEPS_PER_CHECKPOINT steps, as RegexOptions.checkpoint. */
export interface GlobOptions {
  /** May throw to stop; counting the calls shows the cost bound hold. */
  readonly checkpoint?: () => void;
}

/** Steps (a token tried against a character) a match takes between two calls of GlobOptions.checkpoint. */
const STEPS_PER_CHECKPOINT = 1024;

/** The steps left before the next checkpoint, shared by every match of one matcher. */
interface Steps {
  left: number;
  readonly checkpoint: () => void;
}

/** A fresh count of steps for one matcher. */
function steps(options: GlobOptions): Steps {
  return { left: STEPS_PER_CHECKPOINT, checkpoint: options.checkpoint ?? (() => undefined) };
}

/** One element of a component pattern. */
type Token =
  | { readonly kind: 'star' }
  | { readonly kind: 'char'; readonly char: string }
  | { readonly kind: 'class'; readonly negate: boolean; readonly ranges: readonly (readonly [from: string, to: string])[] };

/** A component pattern: its tokens, and whether it starts with a literal `.` (only then does it match a dot name). */
interface Component {
  readonly tokens: readonly Token[];
  readonly startsWithDot: boolean;
}

/**
 * Tokens of one component: `*`, `?`, `[…]` (with `!` or `^` to negate, `a-z` ranges; a `[` with no
 * `]` at least one character later is literal) and `\x`.
 */
function parseComponent(pattern: string): Component {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') tokens.push({ kind: 'class', negate: true, ranges: [] });
    else if (c === '\\' && i + 1 < pattern.length) tokens.push({ kind: 'char', char: pattern[++i]! });
    else if (c === '[' && pattern.indexOf(']', i + 2) >= 0) {
      const close = pattern.indexOf(']', i + 2);
      let body = pattern.slice(i + 1, close);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      const ranges: [string, string][] = [];
      for (let j = 0; j < body.length; j++) {
        if (body[j + 1] === '-' && j + 2 < body.length) {
          ranges.push([body[j]!, body[j + 2]!]);
          j += 2;
        } else ranges.push([body[j]!, body[j]!]);
      }
      tokens.push({ kind: 'class', negate, ranges });
      i = close;
    } else tokens.push({ kind: 'char', char: c });
  }
  const first = tokens[0];
  return { tokens, startsWithDot: first?.kind === 'char' && first.char === '.' };
}

function matchesOne(token: Token, c: string): boolean {
  switch (token.kind) {
    case 'star':
      return false;
    case 'char':
      return token.char === c;
    case 'class':
      return token.ranges.some(([from, to]) => from <= c && c <= to) !== token.negate;
  }
}

/** Whether `name` matches a component, a leading `.` only literally: greedy, back to the last star only. */
function matchesComponent(component: Component, name: string, counter: Steps): boolean {
  if (name.startsWith('.') && !component.startsWithDot) return false;
  const { tokens } = component;
  let t = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (--counter.left === 0) {
      counter.left = STEPS_PER_CHECKPOINT;
      counter.checkpoint();
    }
    const token = tokens[t];
    if (token?.kind === 'star') {
      star = t++;
      resume = n;
    } else if (token && matchesOne(token, name[n]!)) {
      t++;
      n++;
    } else if (star >= 0) {
      t = star + 1;
      n = ++resume;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

/** apr_fnmatch for one path component of an `Include`: `*`, `?`, `[…]`, `\x`; a leading `.` must be matched literally. */
export function matchComponent(pattern: string, name: string): boolean {
  return matchesComponent(parseComponent(pattern), name, steps({}));
}

/** A glob's path segment: `**` (any number of segments but dot ones), or a component pattern. */
type Segment = 'globstar' | Component;

/** At most this many patterns come out of one glob's braces: `{a,b}{a,b}…` doubles at each pair. */
const MAX_BRACE_EXPANSION = 1024;

/** Why a glob cannot be matched here, or undefined when it can: the syntax of `include` patterns. */
export function globError(pattern: string): string | undefined {
  if (/[@!+*?]\(/.test(pattern)) return 'extended globs such as @(a|b) are not supported: use {a,b}';
  if (expandBraces(pattern) === undefined) return `its braces make more than ${MAX_BRACE_EXPANSION} patterns`;
  return undefined;
}

/** `{a,b}` alternatives, nested, expanded into whole patterns; undefined past MAX_BRACE_EXPANSION. A brace without its pair is literal. */
function expandBraces(pattern: string): string[] | undefined {
  let open = -1;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '{') {
      open = i;
      break;
    }
  }
  if (open < 0) return [pattern];
  const options: string[] = [];
  let depth = 0;
  let start = open + 1;
  let close = -1;
  for (let i = open + 1; i < pattern.length && close < 0; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === '}') {
      options.push(pattern.slice(start, i));
      close = i;
    } else if (c === ',' && depth === 0) {
      options.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  const head = pattern.slice(0, open);
  if (close < 0 || options.length < 2) {
    const rest = expandBraces(pattern.slice(open + 1));
    return rest?.map((tail) => `${head}{${tail}`);
  }
  const tails = expandBraces(pattern.slice(close + 1));
  if (!tails) return undefined;
  const expanded: string[] = [];
  for (const option of options) {
    const heads = expandBraces(option);
    if (!heads) return undefined;
    for (const middle of heads) {
      for (const tail of tails) {
        expanded.push(`${head}${middle}${tail}`);
        if (expanded.length > MAX_BRACE_EXPANSION) return undefined;
      }
    }
  }
  return expanded;
}

/** A compiled glob: the segments of each of its brace alternatives, and whether a leading `!` negates it. */
interface Glob {
  readonly alternatives: readonly (readonly Segment[])[];
  readonly negate: boolean;
}

function compileGlob(pattern: string): Glob {
  const negate = pattern.startsWith('!') && !pattern.startsWith('!(');
  const body = negate ? pattern.slice(1) : pattern;
  const alternatives = (expandBraces(body) ?? [body]).map((alternative) =>
    alternative
      .replace(/^(\.\/)+/, '')
      .split('/')
      .map((part): Segment => (part === '**' ? 'globstar' : parseComponent(part))),
  );
  return { negate, alternatives };
}

/** Whether the path's segments match the glob's: a table of which suffixes match, filled from the end. */
function matchesSegments(segments: readonly Segment[], parts: readonly string[], counter: Steps): boolean {
  // matched[j] holds whether segments[i..] match parts[j..], for the current i.
  let matched = parts.map(() => false);
  matched.push(true);
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    const next: boolean[] = new Array<boolean>(parts.length + 1).fill(false);
    for (let j = parts.length; j >= 0; j--) {
      if (segment === 'globstar') {
        next[j] = matched[j]! || (j < parts.length && !parts[j]!.startsWith('.') && next[j + 1]!);
      } else {
        next[j] = j < parts.length && matched[j + 1]! && matchesComponent(segment, parts[j]!, counter);
      }
    }
    matched = next;
  }
  return matched[0]!;
}

/**
 * A matcher for slash-separated relative paths that holds when any of `patterns` matches, as
 * picomatch would for the syntax `globError` accepts: `*`, `?`, `[…]`, `**` as a whole segment,
 * `{a,b}`, a leading `!`; `*` and `**` match no name that starts with a dot.
 */
export function globMatcher(patterns: readonly string[], options: GlobOptions = {}): (path: string) => boolean {
  const globs = patterns.map(compileGlob);
  const counter = steps(options);
  return (path) => {
    const parts = path.split('/');
    return globs.some((glob) => glob.alternatives.some((segments) => matchesSegments(segments, parts, counter)) !== glob.negate);
  };
}
