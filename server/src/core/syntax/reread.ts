/**
 * Incremental reading, for the editor: after an edit of one file of a configuration (the file read
 * first, or one it includes), only the top-level nodes (sections, directives) of that file the edit
 * touched are read again, or those among the children of the true conditional sections the edit
 * lies inside, and what follows them in the virtual text (the rest of the file, and the files read
 * after it) moves by the edit's length. That is only sound when nothing the edit touched, before or
 * after it, reads or changes Apache's read-time state (`Define`, conditionals, macros, `Include`,
 * `LoadModule`, `ServerRoot`, `${VAR}`): then those lines read the same wherever they stand, and
 * the rest of the configuration reads as it did. Anything else, or anything this file is
 * unsure of, reads the whole configuration again. The result equals `parse(text, options)`
 * (test/unit/syntax/reread.test.ts).
 */
import { asciiLower } from '../ascii';
import type { Span } from '../span';
import { firstPassing } from '../search';
import { DEFAULT_READ_LIMITS } from './includes';
import { MAX_SUBSTITUTED_LINE, parse, readPart, type ReadOptions } from './parser';
import type { Directive, Node, Section, SourceFile, SyntaxDiagnostic, SyntaxTree } from './tree';
import { noteCommentEdit, noteValueEdit } from './value-edit';
import { noteEditedFrom, walk } from './walk';
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

/** The new text of a file the configuration includes, when that file was edited rather than the one read first. */
export interface EditedFile {
  readonly path: string;
  readonly text: string;
}

/**
 * Reads `text`, the file read first, after an edit of it or (`edited`) of one file it includes, with
 * the options `previous` was read with: the parts the edit did not touch are kept from `previous`
 * when that is sure to equal a fresh reading, otherwise the whole configuration is read again.
 */
export function reread(previous: SyntaxTree, text: string, options: ReadOptions, edited?: EditedFile): SyntaxTree {
  const part = rereadPart(previous, text, options, edited);
  if (part) return part;
  // Read whole, an edit of a value is still one (a line with a `${VAR}`, a section holding an `<IfModule>`).
  const tree = parse(text, options);
  if (previous.files[0]!.path === tree.files[0]!.path) {
    const change = changeOf(previous.text, tree.text);
    noteValueEdit(tree, previous, tree.nodes, change.start, change.oldEnd);
  }
  return tree;
}

/**
 * For each tree read in part, the sections it moved (by the edit's length), each with the section it
 * was in the tree before: what was read from a section's lines alone, or from one of its lines, can
 * be taken over from there (core/model/build.ts).
 */
const MOVED = new WeakMap<SyntaxTree, Moved>();

/** What an edit moved, each with what it was in the tree before. */
export interface Moved {
  /** By how many characters (the edit's length). */
  readonly delta: number;
  /** A section moved whole: its lines, each moved, stand in the same order as in the one before. */
  readonly sections: ReadonlyMap<Section, Section>;
}

/**
 * What `tree` moved, handed over once: it holds the previous tree's sections, which are not kept
 * past the one model that asks.
 */
export function takeMoved(tree: SyntaxTree): Moved | undefined {
  const moved = MOVED.get(tree);
  MOVED.delete(tree);
  return moved;
}

/** What the edit changed: `[start, oldEnd)` of the old text became `[start, oldEnd + delta)` of the new. */
interface Change {
  readonly start: number;
  readonly oldEnd: number;
  readonly delta: number;
}

/** `reread`'s reading of only the touched part, or undefined where it reads the whole configuration again. */
export function rereadPart(previous: SyntaxTree, text: string, options: ReadOptions, edited?: EditedFile): SyntaxTree | undefined {
  const old = previous.text;
  const files = previous.files;
  if (files[0]!.path !== (options.path ?? '')) return undefined;
  if (previous.diagnostics.some((diagnostic) => diagnostic.problem === 'include-limit')) return undefined;
  // The edited file, read exactly once (a file read twice would change in two places), and its top-level nodes.
  const path = edited ? edited.path : files[0]!.path;
  const index = files.findIndex((file) => file.path === path);
  if (files.some((file, other) => other !== index && file.path === path)) return undefined;
  if (edited && (index <= 0 || text !== old.slice(0, files[0]!.length))) return undefined;
  const file = files[index]!;
  const includes = includesOf(previous.nodes, path);
  const top = index === 0 ? previous.nodes : includes.list;
  if (!top) return undefined;
  const oldFile = old.slice(file.start, file.start + file.length);
  const newFile = edited ? edited.text : text;
  const change = changeOf(oldFile, newFile);
  const { list, region } = innermost(top, oldFile, newFile, change, file.start);
  const { first, last } = region;
  const to = region.end + change.delta;
  if (!atLineStart(oldFile, region.start) || !atLineStart(oldFile, region.end) || !atLineStart(newFile, to)) return undefined;
  const before = oldFile.slice(region.start, region.end);
  const after = newFile.slice(region.start, to);
  if (LOAD_MODULE.test(before) || LOAD_MODULE.test(after)) return undefined;
  if (list.slice(first, last).some(readsState)) return undefined;
  // `${VAR}` in the lines read again: they start with the variables the lines read before them set.
  const substitutes = SUBSTITUTION.test(before) || SUBSTITUTION.test(after);
  // At the end of a conditional section's children the next line read is not in the list: its place is not told.
  const defines = !substitutes ? [] : list[first] || list === top ? definesBefore(previous.nodes, list[first], index === 0) : undefined;
  if (!defines) return undefined;
  const part = readPart(newFile, options, region.start, to, defines, { base: file.start, path });
  if (!part || part.nodes.some(readsState)) return undefined;
  const whole = old.slice(0, file.start) + newFile + old.slice(file.start + file.length);
  // Every file read after the edited one must still fit in the size limit: it did, and the edit moved it.
  if (whole.length > (options.limits ?? DEFAULT_READ_LIMITS).size) return undefined;
  const moved = { start: file.start + region.start, end: file.start + region.end };
  const mover = new Mover(file, moved.end, change.delta, { list, first, last, part: part.nodes }, includes.starts);
  const nodes = mover.nodes(previous.nodes);
  noteEditedFrom(nodes, previous.nodes);
  const comments = spliced(previous.comments, moved, part.comments, (span) => span, movedSpan, change.delta, true);
  const diagnostics = spliced(
    previous.diagnostics,
    moved,
    part.diagnostics,
    (diagnostic) => diagnostic.span,
    movedDiagnostic,
    change.delta,
    files.length === 1,
  );
  if (mover.refused || !comments || !diagnostics) return undefined;
  // mod_macro's messages name lines: "defined on line 3", "used on line 7".
  if (mover.sawMacros && newlines(before) !== newlines(after)) return undefined;
  if (substitutes && !withinBudget([old, whole], longestDefine(previous.nodes), options)) return undefined;
  const tree: SyntaxTree = {
    text: whole,
    files: files.map((each) => movedFile(each, file, change.delta)),
    nodes,
    comments,
    diagnostics,
    loadedModules: previous.loadedModules,
    unfollowedInclude: previous.unfollowedInclude,
    environmentIsComplete: options.environmentIsComplete ?? false,
  };
  if (mover.movedSections.size > 0) MOVED.set(tree, { delta: change.delta, sections: mover.movedSections });
  noteValueEdit(tree, previous, part.nodes, file.start + change.start, file.start + change.oldEnd);
  const inPart = (diagnostic: SyntaxDiagnostic): boolean => diagnostic.span.start < moved.end && diagnostic.span.end >= moved.start;
  noteCommentEdit(
    tree,
    previous,
    { before: list.slice(first, last), after: part.nodes },
    { before: previous.diagnostics.filter(inPart), after: part.diagnostics },
    file.start + change.start,
    file.start + change.oldEnd,
  );
  return tree;
}

/**
 * The `Define` and `UnDefine` lines read before `next`, the first node after the lines read again;
 * without one, every line of the configuration when the edited file is the one read first (nothing
 * is read after its end), else none, or undefined when there are some (the place cannot be told).
 */
function definesBefore(nodes: readonly Node[], next: Node | undefined, isFirstFile: boolean): Directive[] | undefined {
  const defines: Directive[] = [];
  for (const step of walk(nodes)) {
    if (next && (step.kind === 'directive' ? step.directive : step.section) === next) return defines;
    if (step.kind === 'directive' && isDefine(step.directive)) defines.push(step.directive);
  }
  return next === undefined && (isFirstFile || defines.length === 0) ? defines : undefined;
}

/** Whether a line sets or unsets a variable `${VAR}` reads: `Define` or `UnDefine` (the length first: most lines are neither). */
function isDefine(directive: Directive): boolean {
  const length = directive.name.length;
  if (length !== 6 && length !== 8) return false;
  const name = asciiLower(directive.name);
  return name === 'define' || name === 'undefine';
}

/** The longest value a `Define` line of the configuration sets (the lines read again have none). */
function longestDefine(nodes: readonly Node[]): number {
  let longest = 0;
  for (const step of walk(nodes)) {
    const directive = step.kind === 'directive' ? step.directive : undefined;
    if (directive?.args.length === 2 && directive.name.length === 6 && isDefine(directive))
      longest = Math.max(longest, directive.args[1]!.value.length);
  }
  return longest;
}

/**
 * The top-level nodes of the file `path` as an `Include` read it, when exactly one `Include` did,
 * and where every `Include` that read files starts, in order.
 */
function includesOf(nodes: readonly Node[], path: string): { list: readonly Node[] | undefined; starts: number[] } {
  let list: readonly Node[] | undefined;
  let count = 0;
  const starts: number[] = [];
  for (const step of walk(nodes)) {
    if (step.kind !== 'directive' || !step.directive.included?.length) continue;
    starts.push(step.directive.span.start);
    for (const file of step.directive.included) {
      if (file.path !== path) continue;
      list = file.nodes;
      count++;
    }
  }
  return { list: count === 1 ? list : undefined, starts: starts.sort((a, b) => a - b) };
}

/** A file's place after the edit of `edited` changed its length by `delta`. */
function movedFile(file: SourceFile, edited: SourceFile, delta: number): SourceFile {
  if (file === edited) return { ...file, length: file.length + delta };
  return file.start > edited.start ? { ...file, start: file.start + delta } : file;
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
 * The lines to read again, `[start, end)` of the old text of the file (`end + delta` in the new),
 * both logical line starts in both texts, and the top-level nodes `[first, last)` of the file they
 * hold: every line the change touched, widened to whole top-level nodes. A section left unclosed
 * reaches the end of the file. `base` is where the file starts in the virtual text the nodes' spans are in.
 */
function touched(
  nodes: readonly Node[],
  old: string,
  text: string,
  change: Change,
  base: number,
): { start: number; end: number; first: number; last: number } {
  let start = lineStart(old, change.start);
  let end = nextLineStart(old, text, change.oldEnd, change.delta);
  const reach = (node: Node): number => (node.kind === 'section' && !node.close ? old.length : node.span.end - base);
  let first = nodes.length;
  let last = 0;
  for (;;) {
    // Nodes are in reading order: the first that reaches `start`, the last that begins before `end`.
    first = firstPassing(nodes, (node) => reach(node) >= start);
    last = firstPassing(nodes, (node) => node.span.start - base >= end);
    const firstNode = nodes[first];
    const lastNode = last > first ? nodes[last - 1] : undefined;
    const wider = firstNode && firstNode.span.start - base < start ? lineStart(old, firstNode.span.start - base) : start;
    const further = lastNode && reach(lastNode) >= end ? nextLineStart(old, text, reach(lastNode), change.delta) : end;
    if (wider === start && further === end) return { start, end, first, last };
    start = wider;
    end = further;
  }
}

/**
 * The list of nodes to read lines of again, and which: the file's top-level nodes, or, when the
 * change lies between the opening and closing lines of a true conditional section (`<IfDefine>`,
 * `<IfModule>`…), the children of the innermost such section. The change cannot make the answer
 * of a conditional it lies inside another (what it reads stands before it, and the lines read again
 * must not act on read-time state), so the section keeps its answer and only its touched children
 * are read again.
 */
function innermost(
  nodes: readonly Node[],
  old: string,
  text: string,
  change: Change,
  base: number,
): { list: readonly Node[]; region: ReturnType<typeof touched> } {
  const start = lineStart(old, change.start);
  const end = nextLineStart(old, text, change.oldEnd, change.delta);
  let list = nodes;
  let region = touched(list, old, text, change, base);
  for (;;) {
    const section = region.last - region.first === 1 ? list[region.first] : undefined;
    if (section?.kind !== 'section' || !section.condition?.active || !section.close) return { list, region };
    if (start <= section.open.span.end - base || end > section.close.span.start - base) return { list, region };
    // Its children, closed sections all, lie between those lines: so do the lines read again among them.
    [list, region] = [section.children, touched(section.children, old, text, change, base)];
  }
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
 * The old items with those of the region replaced by the part's and those after it moved by
 * `delta`, each in its place; undefined when an item straddles the region or the part's place
 * cannot be told. That place is where the region's old items stood; without any, it is after the
 * items before the region only in a list in the order of their offsets (`byOffset`): in reading
 * order, the lines after an `Include` come after the files it read, though they stand before them.
 */
function spliced<T>(
  items: readonly T[],
  region: { start: number; end: number },
  part: readonly T[],
  spanOf: (item: T) => Span,
  move: (item: T, delta: number) => T,
  delta: number,
  byOffset: boolean,
): T[] | undefined {
  const result: T[] = [];
  let at: number | undefined;
  let firstAfter: number | undefined;
  let isOrdered = true;
  for (const item of items) {
    const span = spanOf(item);
    if (span.start >= region.end) {
      firstAfter ??= result.length;
      result.push(delta === 0 ? item : move(item, delta));
    } else if (span.end < region.start) {
      if (firstAfter !== undefined || at !== undefined) isOrdered = false;
      result.push(item);
    } else if (span.start < region.start || span.end > region.end || (at !== undefined && at !== result.length)) {
      return undefined;
    } else at ??= result.length;
  }
  if (part.length === 0) return result;
  if (at === undefined) {
    if (!byOffset || !isOrdered) return undefined;
    at = firstAfter ?? result.length;
  }
  result.splice(at, 0, ...part);
  return result;
}
function movedDiagnostic(diagnostic: SyntaxDiagnostic, delta: number): SyntaxDiagnostic {
  return { ...diagnostic, span: movedSpan(diagnostic.span, delta) };
}

/** The edited file's top-level nodes, those `[first, last)` the edit touched, and what reading them again gave. */
interface Replaced {
  readonly list: readonly Node[];
  readonly first: number;
  readonly last: number;
  readonly part: readonly Node[];
}

/**
 * The tree after the edit: the touched nodes replaced, and every node from `from` (the end of the
 * lines read again, in the old virtual text) on moved by `delta`; the nodes before it are kept as
 * they are (each line as written keeps the text it was read from, which the edit did not change
 * there), and so is any list with nothing in it that changed. `refused` when a node to move holds
 * what moving cannot carry (lines a `Use` read, whose messages name lines).
 */
class Mover {
  refused = false;
  /** The sections moved, each with the section before (MOVED). */
  readonly movedSections = new Map<Section, Section>();
  /** Whether the nodes define or use a macro. */
  sawMacros = false;
  /** The texts of the lines moved, each placed `delta` later. */
  private readonly later = new Map<FileText, FileText>();

  constructor(
    private readonly file: SourceFile,
    private readonly from: number,
    private readonly delta: number,
    private readonly replaced: Replaced,
    private readonly includeStarts: readonly number[],
  ) {}

  nodes(nodes: readonly Node[]): readonly Node[] {
    const { list, first, last, part } = this.replaced;
    if (nodes === list) return [...this.kept(list.slice(0, first)), ...part, ...this.kept(list.slice(last))];
    return this.kept(nodes);
  }

  /** The nodes moved; the same array when none changed (most lists of the files before the edited one). */
  private kept(nodes: readonly Node[]): readonly Node[] {
    let changed: Node[] | undefined;
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      const kept = node.kind === 'directive' ? this.directive(node) : this.section(node);
      if (kept !== node) changed ??= nodes.slice(0, index);
      changed?.push(kept);
    }
    return changed ?? nodes;
  }

  /** Whether a node starting at `offset` (old) is in the edited file. */
  private isEdited(offset: number): boolean {
    return offset >= this.file.start && offset <= this.file.start + this.file.length;
  }

  private deltaAt(offset: number): number {
    return offset >= this.from ? this.delta : 0;
  }

  /** Whether an `Include` that read files starts within `span`: a section of a file before the edited one holds nothing else to change. */
  private holdsInclude(span: Span): boolean {
    const starts = this.includeStarts;
    const at = firstPassing(starts, (start) => start >= span.start);
    return at < starts.length && starts[at]! <= span.end;
  }

  private section(section: Section): Section {
    if (section.name.length === 5 && asciiLower(section.name) === 'macro') this.sawMacros = true;
    const delta = this.deltaAt(section.span.start);
    if (delta === 0 && !this.isEdited(section.span.start) && !this.holdsInclude(section.span)) return section;
    const open = this.directive(section.open);
    const children = this.nodes(section.children);
    const close = section.close && this.directive(section.close);
    if (open === section.open && children === section.children && close === section.close && delta === 0) return section;
    const move = (span: Span): Span => (delta === 0 ? span : movedSpan(span, delta));
    // A conditional section holding the lines read again ends `delta` later.
    const end = section.span.end + this.deltaAt(section.span.end);
    const moved: Section = {
      kind: 'section',
      open,
      name: section.name,
      args: delta === 0 ? section.args : section.args.map((word) => movedWord(word, delta)),
      hasBracket: section.hasBracket,
      ignoredText: section.ignoredText && move(section.ignoredText),
      children,
      close,
      condition: section.condition,
      span: { start: section.span.start + delta, end },
    };
    if (delta !== 0) this.movedSections.set(moved, section);
    return moved;
  }

  private directive(directive: Directive): Directive {
    if (directive.name.length === 3 && asciiLower(directive.name) === 'use') this.sawMacros = true;
    // Read once: a line written in a file makes its span when asked for.
    const start = directive.span.start;
    const delta = this.deltaAt(start);
    const isEdited = this.isEdited(start);
    if (directive instanceof WrittenDirective) {
      // The text it was read from (its file's, or the copy of the lines read again) still holds it: only a move makes a new one.
      if (delta === 0) return directive;
      return directive.moved(delta, (file) => this.placed(file));
    }
    if (!isEdited && delta === 0 && !directive.included) return directive;
    if (directive.expansion || directive.macroLine) this.refused = true;
    const included = directive.included?.map((file) => {
      const nodes = this.nodes(file.nodes);
      return nodes === file.nodes ? file : { path: file.path, nodes };
    });
    const isIncludedSame = included === undefined || included.every((file, index) => file === directive.included![index]);
    if (delta === 0 && isIncludedSame) return directive;
    const argText = directive.argText;
    return {
      ...directive,
      ...(included ? { included } : {}),
      ...(delta === 0
        ? {}
        : {
            nameSpan: movedSpan(directive.nameSpan, delta),
            argText: { text: argText.text, pieces: argText.pieces.map((piece) => ({ ...piece, source: piece.source + delta })) },
            args: directive.args.map((word) => movedWord(word, delta)),
            span: movedSpan(directive.span, delta),
            lineAt: directive.lineAt + delta,
          }),
    };
  }

  /** The text a moved line was read from (a file's, or the copy of the lines read again), placed `delta` later: one for all of its lines. */
  private placed(file: FileText): FileText {
    let moved = this.later.get(file);
    if (!moved) this.later.set(file, (moved = { text: file.text, base: file.base + this.delta }));
    return moved;
  }
}
