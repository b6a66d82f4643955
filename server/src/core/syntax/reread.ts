/**
 * Incremental reading, for the editor: after an edit of a file that was read alone, only the
 * top-level nodes (sections, directives) the edit touched are read again, and what follows them
 * moves by the edit's length. That is only sound when nothing the edit touched, before or after it,
 * reads or changes Apache's read-time state (`Define`, conditionals, macros, `Include`,
 * `LoadModule`, `ServerRoot`, `${VAR}`): then those lines read the same wherever they stand, and
 * the rest of the file reads as it did. Anything else, or anything this file is unsure of, reads
 * the whole text again. The result equals `parse(text, options)` (test/unit/syntax/reread.test.ts).
 */
import { asciiLower } from '../ascii';
import type { Span } from '../span';
import { DEFAULT_READ_LIMITS } from './includes';
import { MAX_SUBSTITUTED_LINE, parse, readPart, type ReadOptions } from './parser';
import type { Directive, Node, Section, SyntaxDiagnostic, SyntaxTree } from './tree';
import { FileText, movedSpan, movedWord, WrittenDirective } from './written';

/** Directives and sections that act while the file is read, or read what others did (parser.ts: runReadTime, readOpen). */
const READ_TIME = new Set([
  'define',
  'undefine',
  'use',
  'undefmacro',
  'macro',
  'loadmodule',
  'serverroot',
  'include',
  'includeoptional',
  'ifmodule',
  'ifdefine',
  'ifversion',
  'iffile',
  'ifdirective',
  'ifsection',
]);

/** A `${`, also when continued over lines (`$\` at a line's end, `{` on the next). */
const SUBSTITUTION = /\$(?:\\\r?\n)*\{/;

/** The line `parse` looks for to decide how `<IfModule>` is answered (parser.ts LOAD_MODULE). */
const LOAD_MODULE = /^[ \t]*LoadModule[ \t]/im;

/**
 * Reads `text`, an edited version of the text `previous` was read from with the same `options`:
 * the parts the edit did not touch are kept from `previous` when that is sure to equal a fresh
 * reading, otherwise the whole text is read again.
 */
export function reread(previous: SyntaxTree, text: string, options: ReadOptions): SyntaxTree {
  return rereadPart(previous, text, options) ?? parse(text, options);
}

/** What the edit changed: `[start, oldEnd)` of the old text became `[start, oldEnd + delta)` of the new. */
interface Change {
  readonly start: number;
  readonly oldEnd: number;
  readonly delta: number;
}

/** `reread`'s reading of only the touched part, or undefined where it reads the whole text again. */
export function rereadPart(previous: SyntaxTree, text: string, options: ReadOptions): SyntaxTree | undefined {
  const old = previous.text;
  if (previous.files.length !== 1 || previous.files[0]!.path !== (options.path ?? '')) return undefined;
  if (previous.diagnostics.some((diagnostic) => diagnostic.problem === 'include-limit')) return undefined;
  const change = changeOf(old, text);
  const region = touched(previous.nodes, old, text, change);
  const { first, last } = region;
  const to = region.end + change.delta;
  if (!atLineStart(old, region.start) || !atLineStart(old, region.end) || !atLineStart(text, to)) return undefined;
  const before = old.slice(region.start, region.end);
  const after = text.slice(region.start, to);
  if (LOAD_MODULE.test(before) || LOAD_MODULE.test(after)) return undefined;
  if (previous.nodes.slice(first, last).some(readsState)) return undefined;
  // `${VAR}` in the lines read again: they start with the variables the lines before them set.
  const substitutes = SUBSTITUTION.test(before) || SUBSTITUTION.test(after);
  const part = readPart(text, options, region.start, to, substitutes ? previous.nodes.slice(0, first) : []);
  if (!part || part.nodes.some(readsState)) return undefined;
  const mover = new Mover(part.file);
  const nodes = [
    ...mover.nodes(previous.nodes.slice(0, first), 0),
    ...part.nodes,
    ...mover.nodes(previous.nodes.slice(last), change.delta),
  ];
  const comments = around(previous.comments, region, part.comments, (span) => span, movedSpan, change.delta);
  const diagnostics = around(
    previous.diagnostics,
    region,
    part.diagnostics,
    (diagnostic) => diagnostic.span,
    movedDiagnostic,
    change.delta,
  );
  if (mover.refused || !comments || !diagnostics) return undefined;
  // mod_macro's messages name lines: "defined on line 3", "used on line 7".
  if (mover.sawMacros && newlines(before) !== newlines(after)) return undefined;
  if (substitutes && !withinBudget([old, text], mover.longestValue, options)) return undefined;
  return {
    text,
    files: [{ path: previous.files[0]!.path, start: 0, length: text.length }],
    nodes,
    comments,
    diagnostics,
    loadedModules: previous.loadedModules,
    unfollowedInclude: previous.unfollowedInclude,
    environmentIsComplete: options.environmentIsComplete ?? false,
  };
}

/** Characters compared at once while looking for the change: string equality is far faster than a loop over characters. */
const CHUNK = 1024;

/** The longest common start and end of the two texts, not overlapping. */
function changeOf(old: string, text: string): Change {
  const shorter = Math.min(old.length, text.length);
  let start = 0;
  while (start + CHUNK <= shorter && old.slice(start, start + CHUNK) === text.slice(start, start + CHUNK)) start += CHUNK;
  while (start < shorter && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  const common = (from: number, to: number): boolean =>
    old.slice(old.length - to, old.length - from) === text.slice(text.length - to, text.length - from);
  while (end + CHUNK <= shorter - start && common(end, end + CHUNK)) end += CHUNK;
  while (end < shorter - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  return { start, oldEnd: old.length - end, delta: text.length - old.length };
}

/**
 * The lines to read again, `[start, end)` of the old text (`end + delta` in the new), both logical
 * line starts in both texts, and the top-level nodes `[first, last)` they hold: every line the change
 * touched, widened to whole top-level nodes. A section left unclosed reaches the end of the text.
 */
function touched(
  nodes: readonly Node[],
  old: string,
  text: string,
  change: Change,
): { start: number; end: number; first: number; last: number } {
  let start = lineStart(old, change.start);
  let end = nextLineStart(old, text, change.oldEnd, change.delta);
  const reach = (node: Node): number => (node.kind === 'section' && !node.close ? old.length : node.span.end);
  let first = nodes.length;
  let last = 0;
  for (;;) {
    // Nodes are in reading order: the first that reaches `start`, the last that begins before `end`.
    first = firstIndex(nodes, (node) => reach(node) >= start);
    last = firstIndex(nodes, (node) => node.span.start >= end);
    const firstNode = nodes[first];
    const lastNode = last > first ? nodes[last - 1] : undefined;
    const wider = firstNode && firstNode.span.start < start ? lineStart(old, firstNode.span.start) : start;
    const further = lastNode && reach(lastNode) >= end ? nextLineStart(old, text, reach(lastNode), change.delta) : end;
    if (wider === start && further === end) return { start, end, first, last };
    start = wider;
    end = further;
  }
}

/** The first index whose node passes `test`, which fails for a prefix of `nodes` and passes after. */
function firstIndex(nodes: readonly Node[], test: (node: Node) => boolean): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(nodes[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The start of the logical line holding `offset` (the text before `offset` is the same in both texts). */
function lineStart(text: string, offset: number): number {
  let start = physicalLineStart(text, offset);
  while (start > 0 && continues(text, start)) start = physicalLineStart(text, start - 1);
  return start;
}

/** The start of the physical line holding `offset` (`lastIndexOf` takes a negative position as 0). */
function physicalLineStart(text: string, offset: number): number {
  return offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

/** The start of the first logical line after the one holding `offset` of the old text, in both texts. */
function nextLineStart(old: string, text: string, offset: number, delta: number): number {
  let end = offset;
  do {
    const lf = old.indexOf('\n', end);
    end = lf < 0 ? old.length : lf + 1;
  } while (end < old.length && (continues(old, end) || continues(text, end + delta)));
  return end;
}

/**
 * Whether no `${VAR}` of either text can meet the limit on what substitution adds (ReadState's
 * `expansionLeft`, parser.ts MAX_SUBSTITUTED_LINE): then it does not matter how much the lines before
 * the part added. Each `$` counts as a `${` that adds the longest value a variable may have: the
 * longest of the environment's and of `longestDefine`, the longest a `Define` line of either text set.
 */
function withinBudget(texts: readonly string[], longestDefine: number, options: ReadOptions): boolean {
  const environment = Object.values(options.environment ?? {});
  const longest = Math.max(longestDefine, ...environment.map((value) => value?.length ?? 0));
  const size = (options.limits ?? DEFAULT_READ_LIMITS).size;
  return texts.every((text) => {
    const added = dollars(text) * longest;
    return added <= size && text.length + added <= MAX_SUBSTITUTED_LINE;
  });
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function dollars(text: string): number {
  let count = 0;
  for (let at = text.indexOf('$'); at >= 0; at = text.indexOf('$', at + 1)) count++;
  return count;
}

/** Whether `offset` starts a physical line of `text` (or is its end). */
function atLineStart(text: string, offset: number): boolean {
  return offset === 0 || offset === text.length || text.charCodeAt(offset - 1) === 10;
}

/**
 * Whether the physical line that ends just before `start` may go on past it: it ends with a
 * backslash before LF or CR LF (lines.ts; a NUL before it would stop that, which is not looked for).
 */
function continues(text: string, start: number): boolean {
  let at = start - 2;
  if (at >= 0 && text.charCodeAt(at) === 13) at--;
  return at >= 0 && text.charCodeAt(at) === 92;
}

/** Whether a node, or anything in it, acts on or reads Apache's read-time state. */
function readsState(node: Node): boolean {
  if (node.kind === 'directive') return directiveReadsState(node);
  return (
    READ_TIME.has(asciiLower(node.name)) ||
    directiveReadsState(node.open) ||
    (node.close !== undefined && directiveReadsState(node.close)) ||
    node.children.some(readsState)
  );
}

function directiveReadsState(directive: Directive): boolean {
  const name = asciiLower(directive.name).replace(/^<\/?/, '').replace(/>$/, '');
  return READ_TIME.has(name) || directive.included !== undefined || directive.expansion !== undefined || directive.macroLine !== undefined;
}

/**
 * The old items before the region, the part's items, and the old items after it moved by `delta`;
 * undefined when one straddles the region or the old items are not in that order.
 */
function around<T>(
  items: readonly T[],
  region: { start: number; end: number },
  part: readonly T[],
  spanOf: (item: T) => Span,
  move: (item: T, delta: number) => T,
  delta: number,
): T[] | undefined {
  const kept: T[] = [];
  const moved: T[] = [];
  let place = 0;
  for (const item of items) {
    const span = spanOf(item);
    const at = span.end < region.start ? 0 : span.start >= region.end ? 2 : span.start >= region.start && span.end <= region.end ? 1 : -1;
    if (at < place) return undefined;
    place = at;
    if (at === 0) kept.push(item);
    else if (at === 2) moved.push(item);
  }
  return [...kept, ...part, ...(delta === 0 ? moved : moved.map((item) => move(item, delta)))];
}

function movedDiagnostic(diagnostic: SyntaxDiagnostic, delta: number): SyntaxDiagnostic {
  return { ...diagnostic, span: movedSpan(diagnostic.span, delta) };
}

/**
 * Copies of kept nodes, moved by the edit's length and pointing at the new text; `refused` when one
 * holds what moving cannot carry (lines an `Include` or a `Use` read, whose messages name lines).
 */
class Mover {
  refused = false;
  /** The longest value a `Define` line among the nodes moved sets. */
  longestValue = 0;
  /** Whether the nodes moved define or use a macro. */
  sawMacros = false;

  constructor(private readonly file: FileText) {}

  nodes(nodes: readonly Node[], delta: number): Node[] {
    return nodes.map((node) => this.node(node, delta));
  }

  private node(node: Node, delta: number): Node {
    return node.kind === 'directive' ? this.directive(node, delta) : this.section(node, delta);
  }

  private section(section: Section, delta: number): Section {
    if (asciiLower(section.name) === 'macro') this.sawMacros = true;
    const move = (span: Span): Span => (delta === 0 ? span : movedSpan(span, delta));
    return {
      kind: 'section',
      open: this.directive(section.open, delta),
      name: section.name,
      args: delta === 0 ? section.args : section.args.map((word) => movedWord(word, delta)),
      hasBracket: section.hasBracket,
      ignoredText: section.ignoredText && move(section.ignoredText),
      children: this.nodes(section.children, delta),
      close: section.close && this.directive(section.close, delta),
      condition: section.condition,
      span: move(section.span),
    };
  }

  private directive(directive: Directive, delta: number): Directive {
    const name = asciiLower(directive.name);
    if (name === 'use') this.sawMacros = true;
    if (directive.args.length === 2 && name === 'define') this.longestValue = Math.max(this.longestValue, directive.args[1]!.value.length);
    if (directive instanceof WrittenDirective) return directive.moved(delta, this.file);
    if (directive.expansion || directive.macroLine || directive.included?.some((file) => file.nodes.length > 0)) this.refused = true;
    if (delta === 0) return directive;
    const argText = directive.argText;
    return {
      ...directive,
      nameSpan: movedSpan(directive.nameSpan, delta),
      argText: { text: argText.text, pieces: argText.pieces.map((piece) => ({ ...piece, source: piece.source + delta })) },
      args: directive.args.map((word) => movedWord(word, delta)),
      span: movedSpan(directive.span, delta),
      lineAt: directive.lineAt + delta,
    };
  }
}
