/**
 * The tolerant reader: Apache's read phase (`ap_build_config`) over one configuration, never
 * throwing. It splices read-time conditionals, runs `Define`/`UnDefine`/`LoadModule`/`ServerRoot`
 * in reading order, follows `Include` through an injected file access, substitutes `${VAR}`, and
 * recovers from section errors so one typo hides nothing else. Every file read gets a place in one
 * virtual text (the files in reading order, one newline apart), so spans stay plain offsets.
 */
import { addModule, ReadFacts, shippedModuleSymbol, staticModules, testCondition } from './conditions';
import { isOutside, normalizePath, serverRootRelative } from './includes';
import type { Span } from '../span';
import { LineReader, LogicalLine, MappedText, sliceMapped, spanOf } from './lines';
import type { RuleId } from '../rule-ids';
import { sectionName } from './names';
import type { Condition, Directive, Node, Section, SyntaxDiagnostic, SyntaxProblem, SyntaxTree } from './tree';
import { definedMacro, expandedBody, MAX_MACRO_LINE, macroForUse, undefineMacro } from './macros';
import { isSpace, nextWord, substitute, Word, words } from './words';
import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { thousands } from '../thousands';
import { readInclude } from './read-include';
import { walk } from './walk';
import { directiveFields, FileText, WordRows, WrittenDirective } from './written';
import { MAX_EXPANDED_LINES, ReadState, sizeText, type ReadOptions } from './read-state';

export type { ReadOptions } from './read-state';

/** What an expanded line costs the size budget besides its text: the editor's 2 MB then holds about 8,000 of them. */
const EXPANDED_LINE_COST = 256;

/** How many lines the reader reads between two calls of `checkpoint`. */
const CHECKPOINT_LINES = 1024;

/**
 * The longest line Apache reads from a file (config.c VARBUF_MAX_LEN, 16 MiB): here also the
 * longest a line may grow by `${VAR}` substitution, which Apache itself does not bound.
 */
export const MAX_SUBSTITUTED_LINE = 16 * 1024 * 1024;

/** What Apache says when Define or UnDefine has the wrong number of arguments (core.c's command table). */
const DEFINE_USAGE = {
  define: 'Define takes 1-2 arguments, Define a variable, optionally to a value.  Same as passing -D to the command line.',
  undefine: 'UnDefine takes one argument, Undefine the existence of a variable. Undo a Define.',
};

/** What Apache says when LoadModule has not exactly two arguments (mod_so.c's command table). */
const LOAD_MODULE_USAGE = 'LoadModule takes two arguments, a module name and the name of a shared object file to load it from';

interface Frame {
  readonly open: Directive;
  readonly name: string;
  readonly args: readonly Word[];
  readonly hasBracket: boolean;
  readonly ignoredText: Span | undefined;
  readonly children: Node[];
  /** Set for a read-time conditional whose test was true: it ends a scope for section matching. */
  readonly condition: Condition | undefined;
}

const CONDITIONALS = new Set(['ifmodule', 'ifdefine', 'ifversion', 'iffile', 'ifdirective', 'ifsection']);
const LOAD_MODULE = /^[ \t]*LoadModule[ \t]/im;

/**
 * Reads a configuration into a syntax tree plus diagnostics. `<IfModule>` is answered exactly
 * once a `LoadModule` is seen anywhere (the configuration names its modules), else assumed true.
 */
export function parse(text: string, options: ReadOptions = {}): SyntaxTree {
  const exact = LOAD_MODULE.test(text);
  const tree = readConfiguration(text, options, exact);
  // A LoadModule found only in an included file: read again, answering <IfModule> exactly.
  return !exact && tree.sawLoadModule ? readConfiguration(text, options, true).tree : tree.tree;
}

function readConfiguration(text: string, options: ReadOptions, exact: boolean): { tree: SyntaxTree; sawLoadModule: boolean } {
  const state = new ReadState(options, exact ? staticModules() : undefined);
  const path = options.path ?? '';
  if (path) state.chain.push(path);
  const nodes = new Reader(state, text, state.place(path, text), path).read();
  const tree: SyntaxTree = {
    text: state.text,
    files: state.sources,
    nodes,
    comments: state.comments.sort((a, b) => a.start - b.start),
    diagnostics: state.diagnostics,
    loadedModules: state.modules,
    unfollowedInclude: state.unfollowedInclude,
    environmentIsComplete: options.environmentIsComplete ?? false,
  };
  return { tree, sawLoadModule: state.sawLoadModule };
}

/** What reading a part of a file alone found: see `readPart`. */
export interface PartRead {
  readonly nodes: readonly Node[];
  readonly comments: readonly Span[];
  readonly diagnostics: readonly SyntaxDiagnostic[];
}

/**
 * Reads the lines of a file from `from` to `to` (logical line starts) as top-level lines, with no
 * file access and a fresh read-time state but for the variables the `Define` and `UnDefine` lines of
 * `before` (the nodes read before `from`) set: what the lines are when nothing else before them can
 * change how they read (core/syntax/reread.ts decides). `place` is where the file sits in the
 * virtual text and its path (by default, the file read alone). Undefined when a section is still
 * open at `to` before the end of the file: the lines after it would be read inside it.
 *
 * The lines are read from a copy of their own. V8 makes a substring of 13 characters or more a view
 * of the string it was cut from, so words cut from the file's text would keep that whole text alive
 * as long as they live: the editor keeps the nodes an edit did not touch, and after each keystroke a
 * copy of the file's text stayed behind (0.6 MB per keystroke on a 10,000-line file).
 */
export function readPart(
  text: string,
  options: ReadOptions,
  from: number,
  to: number,
  before: readonly Node[],
  place: { readonly base: number; readonly path: string } = { base: 0, path: options.path ?? '' },
): PartRead | undefined {
  const { files: _files, ...alone } = options;
  const state = new ReadState(alone, undefined);
  for (const step of walk(before)) {
    if (step.kind !== 'directive') continue;
    const name = state.name(step.directive.name).lower;
    if (name === 'define' || name === 'undefine') state.define(name, step.directive.args);
  }
  const reader = new Reader(state, ownCopy(text.slice(from, to)), place.base + from, place.path);
  const nodes = reader.read();
  if (reader.leftOpen && to < text.length) return undefined;
  return { nodes, comments: state.comments.sort((a, b) => a.start - b.start), diagnostics: state.diagnostics };
}

/** A string equal to `text` that shares no memory with another (a JSON round trip keeps every code unit, lone surrogates too). */
function ownCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A line of a macro expansion, spliced into the reader's line stream where its `Use` stood. */
interface SplicedLine {
  readonly line: LogicalLine;
  /** The pseudo file Apache reads it from: `macro 'm' (defined on …) used on line N of "FILE"`. */
  readonly where: string;
  /** Its 1-based line in that pseudo file. */
  readonly number: number;
  /** The `<Macro>` body line it was expanded from. */
  readonly bodyLine: Span;
  /** The macros being expanded, outermost first: using one of them again is recursion. */
  readonly chain: readonly string[];
  /** The `Use` line's expansion, where the nodes its lines make at its own level go (walked as an include is). */
  readonly target: Node[];
  /** How many sections were open at the `Use` line. */
  readonly depth: number;
}

class Reader {
  private readonly lines: LineReader;
  /** Expanded macro lines still to read, the next one last. */
  private readonly spliced: SplicedLine[] = [];
  /** Where the line being read comes from when it is not from the file itself. */
  private current: SplicedLine | undefined;
  readonly file: FileText;
  /** The words of the lines read as written. */
  private readonly rows = new WordRows();
  /** Lines of this file counted so far: the line number at offset `at` of the text. */
  private readonly counted = { at: 0, line: 1 };
  private readonly root: Node[] = [];
  private readonly stack: Frame[] = [];
  /** For each open section, where its node goes once closed: where its opening line was read (a macro may close it elsewhere). */
  private readonly containers: Node[][] = [];
  /** The depths in `stack` of the open sections of each (lower-case) name, and of the true conditionals: a stray close finds its section without a scan. */
  private readonly openByName = new Map<string, number[]>();
  private readonly conditionals: number[] = [];

  /** Sections still open when the last line was read, before they were closed at the end. */
  leftOpen = false;

  /** `text` is read whole, as top-level lines: a file, or the lines of one `readPart` reads. */
  constructor(
    private readonly state: ReadState,
    private readonly text: string,
    private readonly base: number,
    private readonly path: string,
  ) {
    this.lines = new LineReader(text, base);
    this.file = { text, base };
  }

  /** The next line: a spliced macro line first, else the file's next line. */
  private nextLine(): LogicalLine | undefined {
    this.current = this.spliced.pop();
    if (this.current) return this.current.line;
    return this.lines.next();
  }

  /** Reads the whole file; sections cannot span files, so each file closes its own. */
  read(): Node[] {
    for (let line = this.nextLine(); line; line = this.nextLine()) {
      if (++this.state.linesSinceCheckpoint >= CHECKPOINT_LINES) {
        this.state.linesSinceCheckpoint = 0;
        this.state.checkpoint();
      }
      this.readLine(line);
    }
    this.leftOpen = this.stack.length > 0;
    this.closeAtEnd();
    this.rows.trim();
    return this.root;
  }

  private get facts(): ReadFacts {
    return { modules: this.state.modules, flags: this.state.flags, fileExists: (path) => this.fileExists(path) };
  }

  /** `<IfFile>`: whether the path exists, through the file access and within its roots; undefined when that cannot be told. */
  private fileExists(written: string): boolean | undefined {
    const access = this.state.access;
    if (!access) return undefined;
    const path = serverRootRelative(written, this.state.serverRoot);
    const file = access.readFile(path);
    if (isOutside(file)) return undefined;
    if (file !== undefined) return true;
    const directory = access.readDirectory(path);
    if (directory === undefined) return false;
    return isOutside(directory) ? undefined : true;
  }

  /** Where a node read now goes: the innermost open section, or the file, or the expansion of the `Use` it comes from. */
  private children(): Node[] {
    const current = this.current;
    if (current && this.stack.length === current.depth) return current.target;
    return this.stack.at(-1)?.children ?? this.root;
  }

  private report(ruleId: RuleId, problem: SyntaxProblem, span: Span, message: string, refused = true): void {
    this.state.report(ruleId, problem, span, message, refused);
  }

  private readLine(line: LogicalLine): void {
    const trimmed = trim(line);
    if (!trimmed) return;
    const raw = trimmed.text;
    if (raw.startsWith('#')) {
      this.state.comments.push(spanOf(trimmed, 0, raw.length));
      return;
    }
    const top = this.stack.at(-1);
    // A true conditional ends at the first line that is exactly `</IfX>`, before substitution.
    if (top?.condition && raw.startsWith('</') && asciiLower(raw.slice(2)) === `${asciiLower(top.name)}>`) {
      this.closeFrame(this.makeDirective(trimmed, line, true));
      return;
    }
    const state = this.state;
    const resolved = substitute(trimmed, (name) => this.lookup(name), Math.min(MAX_SUBSTITUTED_LINE, raw.length + state.expansionLeft));
    state.expansionLeft -= Math.max(0, resolved.text.text.length - raw.length);
    for (const variable of resolved.unresolved) {
      if (!variable.name.includes(':')) {
        this.report(
          'undefined-variable',
          'undefined-variable',
          variable.span,
          `AH00111: Config variable \${${variable.name}} is not defined`,
          false,
        );
      }
    }
    const cut = resolved.overLimit[0];
    if (cut) this.report('include-over-limit', 'include-limit', cut.span, notSubstituted(cut.name), false);
    const directive = this.makeDirective(resolved.text, line, resolved.text === trimmed);
    if (!directive) return;
    const name = directive.name;
    if (name.startsWith('</')) this.readClose(directive);
    else if (name.startsWith('<')) this.readOpen(directive);
    else this.children().push(this.runReadTime(directive));
  }

  private lookup(name: string): string | undefined {
    return this.state.variables.get(asciiLower(name)) ?? this.state.environment[name];
  }

  /** The directive of a line; `asWritten` when `mapped` is the file's own text, not a substitution or an expansion. */
  private makeDirective(mapped: MappedText, line: LogicalLine, asWritten: boolean): Directive | undefined {
    const first = nextWord(mapped, 0);
    // An empty first word (`""`, or a variable whose value is empty) makes Apache skip the line.
    if (!first || first.word.value === '') return undefined;
    let written = first.word.value;
    const length = mapped.text.length;
    const isClose = written[1] === '/';
    if (!isClose && written.endsWith('>')) written = written.slice(0, -1);
    const name = this.state.name(written).written;
    const span = spanOf(mapped, 0, length);
    const bare = !isClose && name.startsWith('<') && first.next >= length;
    if (asWritten && !this.current && !bare && mapped.pieces.length === 1) {
      const args = words(mapped, first.next, length, this.state.values);
      return WrittenDirective.read(name, first.word.span, args, span, line.lastLineStart, this.file, this.rows);
    }
    // `<Proxy>` alone: Apache hands the handler the argument string ">".
    const argText = bare
      ? { text: '>', pieces: [{ at: 0, length: 1, source: Math.max(first.word.span.end - 1, 0), sourceLength: 1 }] }
      : sliceMapped(mapped, first.next, length);
    return {
      kind: 'directive',
      name,
      nameSpan: first.word.span,
      argText,
      args: words(argText, 0, argText.text.length, this.state.values),
      span,
      lineAt: line.lastLineStart,
      ...(this.current ? { macroLine: this.current.bodyLine } : {}),
    };
  }

  private readOpen(open: Directive): void {
    const { written: name, lower } = this.state.name(open.name.slice(1));
    const bracket = open.argText.text.lastIndexOf('>');
    const hasBracket = bracket >= 0;
    const args = words(open.argText, 0, hasBracket ? bracket : open.argText.text.length, this.state.values);
    const after = hasBracket ? spanOf(open.argText, bracket + 1, open.argText.text.length) : undefined;
    const ignoredText = after && after.end > after.start && open.argText.text.slice(bracket + 1).trim() !== '' ? after : undefined;
    const frame = { open, name, args, hasBracket, ignoredText, children: [] as Node[] };
    if (lower === 'macro' && this.hasMacroModule()) {
      this.readMacro(frame);
      return;
    }
    if (!CONDITIONALS.has(lower)) {
      this.pushFrame({ ...frame, condition: undefined });
      return;
    }
    let condition: Condition;
    if (!hasBracket) {
      this.report('invalid-conditional', 'missing-arguments', open.span, `<${sectionName(name)}> directive missing closing '>'`);
      condition = { active: true, assumed: true };
    } else {
      const result = testCondition(
        lower,
        args.map((word) => word.value),
        this.facts,
      );
      if (!result || 'error' in result) {
        const problem = lower === 'ifversion' && result ? 'invalid-version' : 'missing-arguments';
        this.report('invalid-conditional', problem, open.span, result && 'error' in result ? result.error : `<${name}> cannot be tested`);
        condition = { active: true, assumed: true };
      } else {
        condition = result.condition;
      }
    }
    if (condition.active) {
      this.pushFrame({ ...frame, condition });
      return;
    }
    const skipped = this.soak(open, sectionName(name));
    this.children().push({
      kind: 'section',
      ...frame,
      condition,
      close: skipped.close,
      span: { start: open.span.start, end: skipped.end },
    });
  }

  /** Skips a false conditional as `ap_soak_end_container` does: only section nesting is checked. */
  private soak(open: Directive, name: string): { close: Directive | undefined; end: number } {
    const expected: string[] = [name];
    let end = open.span.end;
    for (let line = this.nextLine(); line; line = this.nextLine()) {
      const trimmed = trim(line);
      const first = trimmed && nextWord(trimmed, 0);
      if (!trimmed || !first) continue;
      end = spanOf(trimmed, 0, trimmed.text.length).end;
      const word = first.word.value;
      if (!word.startsWith('<')) continue;
      if (word[1] === '/') {
        const seen = word.slice(0, -1);
        const wanted = expected.pop()!;
        const close = this.makeDirective(trimmed, line, true)!;
        if (asciiLower(seen.slice(2)) !== asciiLower(wanted)) {
          this.report('section-mismatch', 'skipped-block-mismatch', close.span, `Expected </${wanted}> but saw ${seen}>`);
        }
        if (expected.length === 0) return { close, end };
      } else {
        const bare = first.next >= trimmed.text.length && word.endsWith('>');
        expected.push((bare ? word.slice(0, -1) : word).slice(1));
      }
    }
    this.report('section-mismatch', 'skipped-block-unclosed', open.span, `Expected </${name}> before end of configuration`);
    return { close: undefined, end };
  }

  private readClose(close: Directive): void {
    const written = close.name;
    const top = this.stack.at(-1);
    if (!top || top.condition) {
      this.report('section-mismatch', 'unmatched-close', close.span, `${written} without matching <${written.slice(2)} section`);
      this.children().push(close);
      return;
    }
    let inner = written.slice(2);
    if (!written.endsWith('>')) {
      this.report('section-mismatch', 'close-missing-bracket', close.span, `${written}> directive missing closing '>'`);
    } else {
      inner = inner.slice(0, -1);
    }
    if (asciiLower(inner) === asciiLower(top.name)) {
      this.closeFrame(close);
      return;
    }
    if (written.endsWith('>')) {
      this.report('section-mismatch', 'mismatched-close', close.span, `Expected </${sectionName(top.name)}> but saw </${inner}>`);
    }
    // Recover: close up to a matching section in this scope, else drop the stray line.
    const depth = this.findOpen(inner);
    if (depth < 0) {
      this.children().push(close);
      return;
    }
    while (this.stack.length > depth + 1) this.closeFrame(undefined);
    this.closeFrame(close);
  }

  /** The depth of the innermost open section named `name`, or -1 when none is, or a true conditional comes first. */
  private findOpen(name: string): number {
    const depth = this.openByName.get(asciiLower(name))?.at(-1);
    const conditional = this.conditionals.at(-1);
    return depth === undefined || (conditional !== undefined && conditional >= depth) ? -1 : depth;
  }

  private pushFrame(frame: Frame): void {
    const key = this.state.name(frame.name).lower;
    const depths = this.openByName.get(key);
    if (depths) depths.push(this.stack.length);
    else this.openByName.set(key, [this.stack.length]);
    if (frame.condition) this.conditionals.push(this.stack.length);
    this.containers.push(this.children());
    this.stack.push(frame);
  }

  private closeFrame(close: Directive | undefined): void {
    const frame = this.stack.pop();
    const container = this.containers.pop();
    if (!frame || !container) return;
    this.openByName.get(this.state.name(frame.name).lower)!.pop();
    if (frame.condition) this.conditionals.pop();
    const last = close ?? frame.children.at(-1) ?? frame.open;
    const section: Section = {
      kind: 'section',
      open: frame.open,
      name: frame.name,
      args: frame.args,
      hasBracket: frame.hasBracket,
      ignoredText: frame.ignoredText,
      children: frame.children,
      close,
      condition: frame.condition,
      span: { start: frame.open.span.start, end: last.span.end },
    };
    container.push(section);
  }

  private closeAtEnd(): void {
    // Apache accepts a true conditional that reaches the end of the file, and loses track of the
    // sections opened inside it; only sections outside every conditional make it refuse.
    const firstConditional = this.stack.findIndex((frame) => frame.condition);
    this.stack.forEach((frame, depth) => {
      const refused = firstConditional < 0 || depth < firstConditional;
      if (frame.condition) {
        this.report(
          'unclosed-conditional',
          'unclosed-conditional',
          frame.open.span,
          `<${frame.name}> is never closed: Apache reads to the end of the file as its body`,
          false,
        );
      } else {
        this.report(
          refused ? 'section-mismatch' : 'unclosed-conditional',
          'unclosed-section',
          frame.open.span,
          `<${sectionName(frame.name)}> was not closed.`,
          refused,
        );
      }
    });
    while (this.stack.length > 0) this.closeFrame(undefined);
  }

  /**
   * mod_macro's macro_section: the body is read as lines up to the matching `</Macro>` (nested `<Macro>` counted),
   * kept unread, and stored when the definition is sound. The section stays in the tree with no children, skipped
   * by the walk like a false conditional.
   */
  private readMacro(frame: Omit<Frame, 'condition'>): void {
    const open = frame.open;
    const location = `defined on line ${this.current ? this.current.number : this.lineNumber(open.lineAt)} of "${this.fileName()}"`;
    const body: MappedText[] = [];
    let nesting = 1;
    let close: Directive | undefined;
    let end = open.span.end;
    for (let line = this.nextLine(); line; line = this.nextLine()) {
      const trimmed = trim(line);
      if (!trimmed) continue;
      end = spanOf(trimmed, 0, trimmed.text.length).end;
      if (trimmed.text.startsWith('#')) continue;
      const first = asciiLower(nextWord(trimmed, 0)?.word.value ?? '');
      if (first === '</macro>' && --nesting === 0) {
        close = this.makeDirective(trimmed, line, true);
        break;
      }
      if (first === '<macro') nesting++;
      // ap_cfg_getline fails on a line as long as its buffer, which ends the body unclosed.
      if (trimmed.text.length >= MAX_MACRO_LINE) break;
      body.push(trimmed);
    }
    this.children().push({
      kind: 'section',
      ...frame,
      condition: { active: false, assumed: false },
      close,
      span: { start: open.span.start, end },
    });
    this.state.macros ??= new Map();
    const defined = definedMacro(frame, close !== undefined, body, location);
    if ('error' in defined) this.report('invalid-macro', 'macro', open.span, defined.error);
    else this.state.macros.set(defined.macro.name, defined.macro);
  }

  /**
   * mod_macro's use_macro: the body, its parameters replaced, is read next, as if it stood here; the `Use` line
   * holds the nodes of its expansion as an `Include` holds those of its files.
   */
  private useMacro(directive: Directive): Directive {
    const refuse = (message: string): Directive => {
      this.report('invalid-macro', 'macro', directive.span, message);
      return directive;
    };
    const chain = this.current?.chain ?? [];
    const used = macroForUse(this.state.macros, directive.args, chain);
    if ('error' in used) return refuse(used.error);
    const { macro, values } = used;
    const name = macro.name;
    const line = this.current ? this.current.number : this.lineNumber(directive.lineAt);
    const where = `macro '${name}' (${macro.location}) used on line ${line} of "${this.fileName()}"`;
    const at = { start: directive.span.start, end: directive.span.end, lastLineStart: directive.lineAt };
    if (macro.body.length > this.state.expandedLinesLeft) {
      this.report('include-over-limit', 'include-limit', directive.span, tooManyLines(name), false);
      return directive;
    }
    const texts = expandedBody(macro, values, directive.span, where);
    if ('error' in texts) return refuse(texts.error);
    const expanded: SplicedLine[] = [];
    const target: Node[] = [];
    const depth = this.stack.length;
    const inner = [...chain, name];
    let size = 0;
    for (const [index, text] of texts.lines.entries()) {
      const body = macro.body[index]!;
      size += text.text.length + 1 + EXPANDED_LINE_COST;
      const bodyLine = spanOf(body, 0, body.text.length);
      expanded.push({ line: { ...at, ...text }, where, number: index + 1, bodyLine, chain: inner, target, depth });
    }
    // Expansions may nest: they share the budget of `${VAR}` substitution, so a macro cannot grow the configuration without bound.
    if (size > this.state.expansionLeft) {
      this.report('include-over-limit', 'include-limit', directive.span, notExpanded(name), false);
      return directive;
    }
    this.state.expansionLeft -= size;
    this.state.expandedLinesLeft -= expanded.length;
    for (let i = expanded.length - 1; i >= 0; i--) this.spliced.push(expanded[i]!);
    const expansion = { macro: name, defined: macro.defined, lines: expanded.map((spliced) => spliced.line.text) };
    return { ...directiveFields(directive), included: [{ path: where, nodes: target }], expansion };
  }

  /** Whether mod_macro's directives exist: it is loaded, or the modules are not known (a fragment). */
  private hasMacroModule(): boolean {
    return this.state.modules === undefined || this.state.modules.has('macro_module');
  }

  /** The name of the file being read as Apache says it: the path, or a macro expansion's pseudo file. */
  private fileName(): string {
    return this.current?.where ?? this.path;
  }

  /** The 1-based line of this file at `offset`; offsets only grow while a file is read, so the count goes on from the last one. */
  private lineNumber(offset: number): number {
    const counted = this.counted;
    for (let i = this.text.indexOf('\n', counted.at); i >= 0 && i < offset - this.base; i = this.text.indexOf('\n', i + 1)) {
      counted.line++;
      counted.at = i + 1;
    }
    return counted.line;
  }

  /** `Define`, `UnDefine`, `LoadModule`, `ServerRoot` and `Include` act while the file is read (EXEC_ON_READ). */
  private runReadTime(directive: Directive): Directive {
    const name = this.state.name(directive.name).lower;
    // The words only where a name takes them: most lines act on nothing here, and a line's words are made when read.
    if (name === 'define' || name === 'undefine') {
      const problem = this.state.define(name, directive.args);
      if (problem === 'invalid-define') this.report('invalid-define', problem, directive.span, "Variable name must not contain ':'");
      else if (problem) this.report('invalid-define', problem, directive.span, DEFINE_USAGE[name]);
    } else if (name === 'use' && this.hasMacroModule()) {
      return this.useMacro(directive);
    } else if (name === 'undefmacro' && this.hasMacroModule()) {
      const error = undefineMacro(this.state.macros, directive);
      if (error) this.report('invalid-macro', 'macro', directive.span, error);
    } else if (name === 'loadmodule') {
      const args = directive.args;
      const first = args[0]?.value ?? '';
      // TAKE2: exactly two words; Apache refuses the line and loads nothing.
      if (args.length !== 2 || first === '' || args[1]!.value === '') {
        this.report('load-module-failed', 'load-module-arguments', directive.span, LOAD_MODULE_USAGE);
        return directive;
      }
      this.state.sawLoadModule = true;
      if (this.state.modules) addModule(this.state.modules, first);
      this.checkModuleFile(args[1]!, first);
    } else if (name === 'serverroot') {
      const first = directive.args[0];
      if (first?.value) {
        this.state.serverRoot = serverRootRelative(first.value, this.state.serverRoot);
        this.checkServerRoot(first, first.value);
      }
    } else if (name === 'include' || name === 'includeoptional') {
      return readInclude(this.state, directive, name, (path, text) =>
        new Reader(this.state, text, this.state.place(path, text), path).read(),
      );
    }
    return directive;
  }

  /**
   * mod_so's dso_load, then its symbol lookup: a path with a `/` is taken from ServerRoot and must
   * exist (checked inside the include roots only; a bare name may also be found by the dynamic
   * loader, so it is not looked for), and a module file Debian ships (`mod_X.so`) exports `X_module`.
   * Any other module file's name cannot be checked (a module file is not read): the line says so.
   */
  private checkModuleFile(word: Word, identifier: string): void {
    const path = word.value;
    const full = serverRootRelative(path, this.state.serverRoot);
    const access = path.includes('/') ? this.state.access : undefined;
    // Listed, not read: a module file is binary, which a file access does not read.
    const slash = full.lastIndexOf('/');
    const listing = access?.readDirectory(full.slice(0, slash) || '/');
    if (access && (listing === undefined || (!isOutside(listing) && !listing.includes(full.slice(slash + 1))))) {
      const error = `${full}: cannot open shared object file: No such file or directory`;
      this.report('load-module-failed', 'load-module-file', word.span, `Cannot load ${path} into server: ${error}`);
      return;
    }
    const exported = shippedModuleSymbol(path);
    if (exported === undefined) {
      // Neither the name nor, unless its folder was listed, the file: the line says so.
      const file = !access
        ? path.includes('/')
          ? ', and it was not looked for'
          : ', and the system loader looks for it'
        : isOutside(listing)
          ? ', and its folder is outside the include roots'
          : '';
      const name = quoted(path.slice(path.lastIndexOf('/') + 1));
      this.report(
        'load-module-unchecked',
        'load-module-unchecked',
        word.span,
        `${name} could not be checked: it is not a module file Debian ships${file}`,
        false,
      );
      return;
    }
    if (exported === identifier) return;
    // A bare name that dlopen finds elsewhere is named by itself in Apache's words.
    const file = path.includes('/') ? full : path;
    const where = `in file ${file}: ${file}: undefined symbol: ${identifier}`;
    this.report('load-module-failed', 'load-module-symbol', word.span, `Can't locate API module structure \`${identifier}' ${where}`);
  }

  /**
   * set_server_root: Apache refuses a ServerRoot that is not a directory. Only an absolute path inside
   * the include roots is checked: a relative one is merged with Apache's working directory (not the
   * earlier ServerRoot), which a configuration does not say.
   */
  private checkServerRoot(word: Word, path: string): void {
    const access = this.state.access;
    if (!access || !path.startsWith('/')) return;
    if (access.readDirectory(normalizePath(path)) !== undefined) return;
    this.report('invalid-directive-argument', 'server-root', word.span, 'ServerRoot must be a valid directory');
  }
}

/** Why a `${VAR}` was left as written: its value would make the line or the configuration too long. */
function notExpanded(name: string): string {
  return `Use ${name} is not expanded: its expansion would make the configuration too large (--max-size)`;
}

/** Why a `Use` was left as written: the expansions would pass MAX_EXPANDED_LINES. */
function tooManyLines(name: string): string {
  return `Use ${name} is not expanded: the configuration's macros would expand to more than ${thousands(MAX_EXPANDED_LINES)} lines`;
}

function notSubstituted(name: string): string {
  return `${quoted(`\${${name}}`)} is left as written: its value would make a line over ${sizeText(MAX_SUBSTITUTED_LINE)} or the configuration too large (--max-size)`;
}

function trim(line: LogicalLine): MappedText | undefined {
  const text = line.text;
  let end = text.length;
  let start = 0;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;
  return sliceMapped(line, start, end);
}
