/**
 * The configuration set: which files form one Apache configuration, decided once for the CLI and
 * the editor alike. Given the files of a run or a workspace, it picks the entry files (those no
 * other file of the set includes, `apache2.conf`/`httpd.conf` first), analyses each configuration
 * once, lints them with one shared run, marks what Apache refuses in the previews, and maps every
 * finding back to the file it is in.
 */
import { analyze, Analysis, AnalyzeOptions, previewAgain } from './analysis';
import { localize } from './files';
import { lint, SeveritySetting } from './lint';
import { markRefusals, markUnseen } from './preview-facts';
import type { Diagnostic } from './rules/types';
import type { FileAccess } from './syntax/includes';
import type { EditedFile } from './syntax/reread';
import type { SourceFile, SyntaxTree } from './syntax/tree';

/** One file of the set. */
export interface SetFile {
  /** Its identity: `SetOptions.keyOf(path)` for a file, a display name for a text without a path. */
  readonly key: string;
  /** Absolute, when it has one. */
  readonly path: string | undefined;
  /** Its text as the edge has it (read from disk, standard input, or an open editor). */
  readonly text: string;
}

/** What assembling needs from the edge. */
export interface SetOptions {
  /** Reads included files (with the edge's overlay of texts it already has). */
  readonly files: FileAccess;
  /** The identity of a path: the same file reached through a symlink has the same key. */
  readonly keyOf: (path: string) => string;
  /** How every configuration is read; its `checkpoint` is also called before each rule. */
  readonly read: Omit<AnalyzeOptions, 'path' | 'files'>;
  /** The rule settings for a configuration, by its entry file. */
  readonly rulesFor: (entry: SetFile) => Readonly<Record<string, SeveritySetting>> | undefined;
  /** Called before each configuration is analysed or linted (`done` before it); it may throw to stop (the CLI's `--max-time`). */
  readonly checkpoint?: (phase: 'analysing' | 'linting', entry: SetFile, done: number) => void;
}

/** One configuration: an entry file with everything it includes. */
export interface Configuration {
  readonly entry: SetFile;
  /** Its analysis, previews marked with Apache's refusals and with what a partial set cannot see. */
  readonly analysis: Analysis;
  /** Findings with spans in the analysis' virtual text. */
  readonly diagnostics: readonly Diagnostic[];
}

/** The findings of one file, with spans local to it. */
export interface FileFindings {
  readonly key: string;
  readonly path: string | undefined;
  /** The file's text as the set read it. */
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Every configuration of a set, and where each file's findings and analysis are. */
export interface ConfigurationSet {
  /** In the order of their entry files among the given files. */
  readonly configurations: readonly Configuration[];
  /** The configuration that reads each file, by key. */
  readonly configurationOf: ReadonlyMap<string, Configuration>;
  /** Findings per file key: every given file in order (even with none), then included files that have some. */
  readonly findings: ReadonlyMap<string, FileFindings>;
}

const ENTRY_NAMES = new Set(['apache2.conf', 'httpd.conf']);
const INCLUDE = /^[ \t]*Include(Optional)?[ \t]/im;

/** An analysis of one file as an entry, as `chooseEntries` made it, before its previews were marked. */
export interface Analysed {
  readonly analysis: Analysis;
  /** The keys of the files it read, its own first. */
  readonly reads: readonly string[];
  readonly epochSeconds: number;
}

/**
 * Analyses of entries by the key of the file analysed: what an assembly may reuse (none of the
 * files each read has changed since), and what it adds to as it goes.
 */
export type Analyses = Map<string, Analysed>;

/** An analysis made before some files changed, which read one or more of them: what an assembly reads their edits from. */
export interface Earlier {
  readonly analysed: Analysed;
  /** The keys of every file that changed since. */
  readonly changed: ReadonlySet<string>;
}

/** Every analysis each set made or reused, by the key of the file analysed: what `updateSet` may reuse. */
const ANALYSED = new WeakMap<ConfigurationSet, ReadonlyMap<string, Analysed>>();

/** Assembles the configurations of a set of files, reusing and adding to `analyses` (and taking from `earlier`) as `assembling` does. */
export function assembleSet(
  given: readonly SetFile[],
  options: SetOptions,
  analyses: Analyses = new Map(),
  earlier?: Map<string, Earlier>,
): ConfigurationSet {
  const steps = assembling(given, options, analyses, earlier);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `assembleSet` after an edit, reusing what did not change: an entry whose configuration read none
 * of the `changed` files keeps its tree and model from `previous` (previewed again when the clock
 * moved); the rest is read again, and every configuration is linted again, because cross-file rules
 * see the whole run (the rules that see only their own configuration keep their findings per tree:
 * core/lint.ts). The result equals `assembleSet(given, options)` provided `changed` holds the
 * key of every file whose text changed, appeared or vanished since `previous` (in an editor or on
 * disk, a glob's folder included) and `options` reads as `previous`'s did (same environment,
 * defines, limits and server root; the editor assembles afresh when settings change).
 */
export function updateSet(
  previous: ConfigurationSet,
  given: readonly SetFile[],
  changed: ReadonlySet<string>,
  options: SetOptions,
): ConfigurationSet {
  const analysed = ANALYSED.get(previous) ?? new Map<string, Analysed>();
  return assembleSet(given, options, unchangedAnalyses(analysed, changed), changedAnalyses(analysed, changed));
}

/** The analyses that read none of the `changed` files: what an assembly after those changes may reuse. */
export function unchangedAnalyses(analyses: ReadonlyMap<string, Analysed>, changed: ReadonlySet<string>): Analyses {
  return new Map([...analyses].filter(([, kept]) => !kept.reads.some((key) => changed.has(key))));
}

/** The analyses that read some of the `changed` files: an assembly after those changes reads the edits from them (`assembling`'s `earlier`). */
export function changedAnalyses(analyses: ReadonlyMap<string, Analysed>, changed: ReadonlySet<string>): Map<string, Earlier> {
  return new Map(
    [...analyses].flatMap(([key, analysed]) =>
      analysed.reads.some((read) => changed.has(read)) ? [[key, { analysed, changed }] as const] : [],
    ),
  );
}

/**
 * The text, in UTF-16 units, of the given files that no analysis in `analyses` read: roughly what
 * assembling them would still cost (about 0.5 s per million).
 */
export function unanalysedSize(given: readonly SetFile[], analyses: ReadonlyMap<string, Analysed>): number {
  const read = new Set([...analyses.values()].flatMap((kept) => kept.reads));
  return given.reduce((size, file) => (read.has(file.key) ? size : size + file.text.length), 0);
}

/**
 * The files of `given` that may form the configuration of the file `key`: that file, and those that
 * could include it (named apache2.conf or httpd.conf, or with an Include line) — a file with no
 * Include reads nothing else, so a configuration it starts cannot hold `key`.
 */
export function possibleReaders(given: readonly SetFile[], key: string): SetFile[] {
  return given.filter((file) => file.key === key || rank(file) < 2);
}

/**
 * The assembly of a set one step at a time, so an edge can answer other requests between steps or
 * give up: each step analyses one entry or lints one configuration, and the set is the generator's
 * return value. Entries found in `analyses` are reused (the caller vouches that none of the files
 * they read changed); every analysis made or reused is added to it, so an assembly given up
 * still leaves its work for the next. `earlier` holds analyses made with the same options before
 * some files they read changed: an entry of which exactly one file changed (itself, or one it
 * includes) is read again from its earlier tree, only where that file's text changed
 * (core/syntax/reread.ts; the result is the same), and taken out of `earlier` once its new analysis
 * is in `analyses`, so the old one is not kept.
 */
export function* assembling(
  given: readonly SetFile[],
  options: SetOptions,
  analyses: Analyses = new Map(),
  earlier?: Map<string, Earlier>,
): Generator<void, ConfigurationSet> {
  const used = new Map<string, Analysed>();
  const entries = yield* chooseEntries(given, options, (file) => {
    const kept = analyses.get(file.key);
    const made =
      kept === undefined
        ? analyseEntry(file, options, earlier?.get(file.key))
        : kept.epochSeconds === options.read.epochSeconds
          ? kept
          : { ...kept, analysis: previewAgain(kept.analysis, options.read), epochSeconds: options.read.epochSeconds };
    analyses.set(file.key, made);
    earlier?.delete(file.key);
    used.set(file.key, made);
    return { made, fresh: kept === undefined };
  });
  // One array for the whole run: rules index it once for their cross-file checks.
  const run = entries.map((entry) => entry.analysis);
  const linted: Configuration[] = [];
  for (const [index, { file, analysis }] of entries.entries()) {
    options.checkpoint?.('linting', file, index);
    const diagnostics = lint(analysis, {
      rules: options.rulesFor(file),
      run,
      ...(options.read.checkpoint ? { checkpoint: options.read.checkpoint } : {}),
    });
    linted.push({ entry: file, analysis: markRefusals(analysis, diagnostics), diagnostics });
    yield;
  }
  const marked = linted.map((configuration) => configuration.analysis);
  const configurations = linted.map((configuration) => ({ ...configuration, analysis: markUnseen(configuration.analysis, marked) }));
  const configurationOf = new Map<string, Configuration>();
  for (const configuration of configurations) {
    for (const key of keysRead(configuration.entry, configuration.analysis, options))
      if (!configurationOf.has(key)) configurationOf.set(key, configuration);
  }
  const set = { configurations, configurationOf, findings: findingsByFile(given, configurations, options) };
  ANALYSED.set(set, used);
  return set;
}

function analyseEntry(file: SetFile, options: SetOptions, earlier: Earlier | undefined): Analysed {
  const read = { ...options.read, ...(file.path ? { path: file.path, files: options.files } : {}) };
  const from = earlier && editOf(earlier, options.files);
  const analysis = analyze(file.text, read, from?.tree, from?.edited);
  return { analysis, reads: keysRead(file, analysis, options), epochSeconds: options.read.epochSeconds };
}

/**
 * The earlier tree an entry is read again from when exactly one of the files it read changed, with
 * that file's new text when it is not the entry itself; undefined when several changed or the new
 * text cannot be read.
 */
function editOf(earlier: Earlier, files: FileAccess): { tree: SyntaxTree; edited?: EditedFile } | undefined {
  const { analysis, reads } = earlier.analysed;
  const changed = reads.flatMap((key, index) => (earlier.changed.has(key) ? [index] : []));
  if (changed.length !== 1) return undefined;
  const tree = analysis.tree;
  const index = changed[0]!;
  if (index === 0) return { tree };
  const path = tree.files[index]!.path;
  const text = files.readFile(path);
  return typeof text === 'string' ? { tree, edited: { path, text } } : undefined;
}

/**
 * Picks the entries: likely entry files first (apache2.conf/httpd.conf, then files with an
 * Include), each analysed once; a file an earlier entry reads is not analysed on its own, and an
 * earlier entry that a later one includes is dropped. Files that include each other in a cycle
 * leave the first of them as the entry, so its findings (the cycle among them) are not lost.
 */
function* chooseEntries(
  given: readonly SetFile[],
  options: SetOptions,
  analyse: (file: SetFile) => { made: Analysed; fresh: boolean },
): Generator<void, { file: SetFile; analysis: Analysis }[]> {
  // Ranked only when compared: a file alone (the editor's usual set) is not searched for an Include at every keystroke.
  const ranks: number[] = [];
  const rankOf = (order: number): number => (ranks[order] ??= rank(given[order]!));
  const ordered = given.map((file, order) => ({ file, order })).sort((a, b) => rankOf(a.order) - rankOf(b.order) || a.order - b.order);
  const chosen = new Map<string, { file: SetFile; order: number; analysis: Analysis; reads: readonly string[] }>();
  const readBy = new Map<string, string>();
  let analysed = 0;
  /** Whether it analysed the file afresh (a step of its own), rather than reusing an analysis. */
  const choose = (file: SetFile, order: number): boolean => {
    options.checkpoint?.('analysing', file, analysed++);
    const { made, fresh } = analyse(file);
    const { analysis, reads } = made;
    for (const key of reads) {
      const included = key === file.key ? undefined : chosen.get(key);
      if (!included) continue;
      chosen.delete(key);
      for (const read of included.reads) if (readBy.get(read) === key) readBy.delete(read);
    }
    chosen.set(file.key, { file, order, analysis, reads });
    for (const key of reads) readBy.set(key, file.key);
    return fresh;
  };
  for (const { file, order } of ordered) if (!readBy.has(file.key) && choose(file, order)) yield;
  // An entry dropped for a later one may have read files the later one does not (a limit cut it short).
  for (
    let missing = ordered.find(({ file }) => !readBy.has(file.key));
    missing;
    missing = ordered.find(({ file }) => !readBy.has(file.key))
  )
    if (choose(missing.file, missing.order)) yield;
  return [...chosen.values()].sort((a, b) => a.order - b.order).map(({ file, analysis }) => ({ file, analysis }));
}

/** The keys of the files a configuration read, its entry first. */
function keysRead(entry: SetFile, analysis: Analysis, options: SetOptions): string[] {
  return analysis.tree.files.map((file, index) => (index === 0 || !file.path ? entry.key : options.keyOf(file.path)));
}

/** Each finding in the file it is in, once even when several configurations read that file. */
function findingsByFile(
  given: readonly SetFile[],
  configurations: readonly Configuration[],
  options: SetOptions,
): Map<string, FileFindings> {
  const byFile = new Map<string, { key: string; path: string | undefined; text: string; diagnostics: Diagnostic[] }>();
  for (const file of given) byFile.set(file.key, { key: file.key, path: file.path, text: file.text, diagnostics: [] });
  for (const { entry, analysis, diagnostics } of configurations) {
    const tree = analysis.tree;
    const findingsIn = (file: SourceFile): Diagnostic[] => {
      const key = file.path && file !== tree.files[0] ? options.keyOf(file.path) : entry.key;
      let findings = byFile.get(key);
      if (!findings)
        byFile.set(
          key,
          (findings = { key, path: file.path || undefined, text: tree.text.slice(file.start, file.start + file.length), diagnostics: [] }),
        );
      return findings.diagnostics;
    };
    if (tree.files.length === 1) {
      // The virtual text is the file read first, so every place is in it already: nothing to move (a keystroke's thousands of findings).
      const list = findingsIn(tree.files[0]!);
      for (const diagnostic of diagnostics) list.push(diagnostic);
    } else for (const { file, diagnostic } of localize(tree.files, diagnostics)) findingsIn(file).push(diagnostic);
  }
  for (const findings of byFile.values())
    findings.diagnostics = withoutRepeats(findings.diagnostics.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end));
  return byFile;
}

/**
 * A file's findings sorted by span, each rule's message at a span once (the first kept): a file read
 * by several configurations, or twice by one, gets them from each reading. A repeat has the same
 * span, so the stable sort puts it beside the first; only runs of one span are compared.
 */
function withoutRepeats(sorted: readonly Diagnostic[]): Diagnostic[] {
  const kept: Diagnostic[] = [];
  /** The rule ids and messages kept in the current run of one span, once the run has a second finding. */
  let run: Set<string> | undefined;
  const identity = (diagnostic: Diagnostic): string => `${diagnostic.ruleId}\0${diagnostic.message}`;
  for (const diagnostic of sorted) {
    const last = kept.at(-1);
    if (last && last.span.start === diagnostic.span.start && last.span.end === diagnostic.span.end) {
      run ??= new Set([identity(last)]);
      const id = identity(diagnostic);
      if (run.has(id)) continue;
      run.add(id);
    } else run = undefined;
    kept.push(diagnostic);
  }
  return kept;
}

/** Whether the file is named as the file Apache starts from: apache2.conf (Debian) or httpd.conf. */
export function isMainFile(file: SetFile): boolean {
  return ENTRY_NAMES.has(baseName(file.path ?? ''));
}

/** How likely a file is to be an entry: 0 for apache2.conf and httpd.conf, 1 with an Include line, 2 otherwise. */
function rank(file: SetFile): number {
  return isMainFile(file) ? 0 : INCLUDE.test(file.text) ? 1 : 2;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
