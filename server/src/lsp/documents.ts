/**
 * The editor's view of the workspace's configuration set (core/config-set.ts): one frozen set per
 * generation of open documents; each document is analysed as part of the configuration that reads it,
 * answered from that configuration first while the rest of the workspace is analysed in the background.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Position, Range } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from '../core/analysis';
import {
  Analyses,
  assembleSet,
  assembling,
  changedAnalyses,
  Configuration,
  ConfigurationSet,
  Earlier,
  possibleReaders,
  SetFile,
  SetOptions,
  unanalysedSize,
  unchangedAnalyses,
} from '../core/config-set';
import { fileAt, fileText } from '../core/files';
import { LineIndex } from '../core/positions';
import type { Diagnostic } from '../core/rules/types';
import type { Span } from '../core/span';
import type { FileAccess } from '../core/syntax/includes';
import type { SourceFile } from '../core/syntax/tree';
import type { SeveritySetting } from '../core/lint';
import { diffTraffic, TrafficDiff, trafficSide } from '../core/reports/traffic-diff';
import { ConfigLookup, configLookup, LintConfig } from '../node/config';
import { ConfigError } from '../node/config-error';
import { readVariables } from '../node/env-file';
import { diskAccess, realPathKeys, rereadChanged } from '../node/files';
import type { Settings } from './settings';
import { SEARCH_CAP, WorkspaceFiles, workspaceFiles } from './workspace';

/** A document's view of its configuration's analysis: offsets are the configuration's, positions the document's. */
export interface DocumentState {
  readonly document: TextDocument;
  readonly analysis: Analysis;
  /** Where this document sits in the analysis' virtual text. */
  readonly file: SourceFile;
  /** This document's diagnostics, as the set reports them for its file (spans in the configuration's virtual text). */
  readonly diagnostics: readonly Diagnostic[];
  offsetAt(position: Position): number;
  /** The range of a span in this document, or undefined when it lies in another file. */
  rangeOf(span: Span): Range | undefined;
  /** The file and range of a span anywhere in the configuration. */
  locationOf(span: Span): { uri: string; range: Range };
}

/** A document whose configuration is over the size limit: not analysed, one message instead. */
export interface Oversized {
  readonly oversized: string;
}

/** What the settings add to reading, as the CLI's --server-root, -D and --env-file do. */
interface ReadVariables {
  readonly serverRoot?: string;
  readonly defines: readonly string[];
  readonly environment: Readonly<Record<string, string | undefined>>;
}

/**
 * One generation of open documents: what its sets are assembled from, every analysis made for it so
 * far (and those of the generation before that nothing changed since), the sets answering single
 * documents before the whole workspace is analysed, and that whole set once it is.
 */
interface Round {
  readonly generation: number;
  readonly inputs: Inputs;
  readonly analyses: Analyses;
  /** The last round's analyses that read files changed since, until each is analysed again: an edited file is read again only where it changed. */
  readonly earlier: Map<string, Earlier>;
  /** By document key: the set of the files that may form its configuration (core/config-set.ts possibleReaders). */
  readonly partial: Map<string, ConfigurationSet>;
  whole?: ConfigurationSet;
  /** Whether the whole set is being assembled in the background. */
  running?: boolean;
  /** The document keys (WHOLE for the whole set) whose set a quick DocumentStates gave up on (over its budget): not tried again this round. */
  readonly declined: Set<string>;
}

/**
 * How a DocumentStates works. `full`: every answer, the rest of the workspace analysed in the
 * background, `busy` told around each assembly (the analysis worker tells the main thread). `quick`:
 * the main thread's fast lane (lsp/fast-lane.ts), which answers while the worker is busy, never
 * analysing the workspace in the background, and only within three bounds: the given files of a
 * set hold at most `maxSize` of text not analysed yet (checked before it starts); reading and
 * modelling (what includes, `Define`s and macros add is known only then) pass at most `maxWork`
 * of the core's checkpoints, each about 1,024 lines or model steps; and it ends within `budgetMs`
 * (the last resort, for a rule that is slow on a short text).
 */
export type StatesMode =
  | { readonly kind: 'full'; readonly busy: (isBusy: boolean) => void }
  | { readonly kind: 'quick'; readonly maxSize: number; readonly maxWork: number; readonly budgetMs: number };

/** What a quick DocumentStates throws when a document's set would take longer than its budget: the worker answers instead. */
export class OverBudget extends Error {
  constructor() {
    super("over the fast lane's budget");
  }
}

/**
 * Unanalysed text (UTF-16 units) the whole workspace may hold for a document to wait for it (about
 * 60 ms of analysis): past it, the document is answered from its own configuration first.
 */
const WAIT_FOR_WORKSPACE = 128 * 1024;

/**
 * The background analysis works in slices of steps (one configuration analysed or linted each) of
 * about SLICE_MS (a large configuration takes longer: a step is not cut), each PAUSE_MS after the
 * last: time for the messages read meanwhile to be handled and answered (vscode-jsonrpc passes
 * each through a few turns of the event loop) before the next slice starts.
 */
const SLICE_MS = 50;
const PAUSE_MS = 10;

/**
 * The background analysis of a round starts once no document has changed for this long: while the
 * user types, each keystroke ends the round it started for, and a slice under way when the next
 * keystroke comes delays that keystroke by up to SLICE_MS.
 */
export const QUIET_MS = 300;

/** The whole workspace's set where a document key is expected (keys are paths or URIs, never empty). */
const WHOLE = '';

/**
 * Runs `task` PAUSE_MS from the next turn of the event loop: a timer set at once would count from
 * the loop's clock as it was before a long step, and be due already.
 */
function pause(task: () => void): void {
  setImmediate(() => setTimeout(task, PAUSE_MS));
}

/** Told when the whole workspace is analysed after documents were answered from their own configurations. */
export interface Settled {
  /** The open documents whose findings differ from those answered before. */
  readonly changed: readonly TextDocument[];
  /** Configurations analysed in the background, and how long it took. */
  readonly analysed: number;
  readonly ms: number;
}

/** What one assembly read: the files given (by key), and every answer of the file access, open editors' texts laid over the disk. */
interface Inputs {
  readonly given: readonly SetFile[];
  readonly options: SetOptions;
  readonly answers: ReadonlyMap<string, ReturnType<FileAccess['readFile']>>;
  readonly listings: ReadonlyMap<string, ReturnType<FileAccess['readDirectory']>>;
}

/**
 * The cache of analyses: one configuration set per generation of open documents, assembled from
 * the workspace's configuration files with the open editors' texts laid over the disk, exactly as
 * `balancer-lens lint` assembles the same files. `touch` after any document change.
 */
export class DocumentStates {
  private round: Round | undefined;
  private generation = 0;
  private workspace: WorkspaceFiles | undefined;
  private configs: ConfigLookup | undefined;
  private keyOf = realPathKeys();
  private rereadOnly = rereadChanged();
  private variables: ReadVariables | undefined;
  /** Problems with a `.balancerlens.json` already logged: once each, not on every keystroke. */
  private readonly warned = new Set<string>();
  /** In `quick` mode, while an assembly runs: when it is over its time (performance.now()), which phase it is in, and the checkpoints it passed reading and modelling. */
  private deadline: number | undefined;
  private phase: 'analysing' | 'linting' = 'analysing';
  private work = 0;

  constructor(
    private readonly settings: () => Settings,
    private readonly openDocuments: () => readonly TextDocument[],
    private readonly folders: () => readonly string[],
    private readonly warn: (message: string) => void,
    private readonly settled: (settled: Settled) => void = () => undefined,
    private readonly mode: StatesMode = { kind: 'full', busy: () => undefined },
  ) {}

  /** Something changed: every answer is stale (analyses whose files did not change are kept; one assembling in the background stops). */
  touch(): void {
    this.generation++;
  }

  /** A document was saved: the workspace's file list is walked again (the file may be new); only configurations whose files changed are analysed again. */
  saved(): void {
    this.workspace = undefined;
    this.touch();
  }

  /** Drops everything, after the settings, the workspace or a file on disk change. */
  clear(): void {
    this.workspace = undefined;
    this.configs = undefined;
    this.variables = undefined;
    this.warned.clear();
    this.keyOf = realPathKeys();
    this.rereadOnly = rereadChanged();
    this.round = undefined;
    this.touch();
  }

  /** The state of a document at the current generation, unless it is over the size limit. */
  get(document: TextDocument): DocumentState | Oversized {
    const limit = this.settings().limits.size;
    const length = document.getText().length;
    if (length > limit) {
      return {
        oversized: `this file is ${megabytes(length)}, more than the ${megabytes(limit)} balancer-lens analyses in the editor, so it is not analysed: raise balancerLens.limits.maxSize, or lint it with balancer-lens lint`,
      };
    }
    const key = this.documentKey(document);
    const set = this.setFor(key);
    const configuration = set.configurationOf.get(key);
    if (!configuration) return { oversized: `this file could not be read as part of the workspace's configuration, so it is not analysed` };
    return view(document, configuration, set.findings.get(key)?.diagnostics ?? [], (path) => this.keyOf(path) === key);
  }

  /** The open documents to re-publish after a change: cross-file checks make every file of the set depend on every other. */
  related(): readonly TextDocument[] {
    return this.openDocuments();
  }

  /**
   * The set that answers for the file `key`: the whole workspace's when it is analysed, or when
   * what is left to analyse is small; otherwise the set of the files that may form its
   * configuration, analysed now, while the whole workspace is analysed in the background.
   */
  private setFor(key: string): ConfigurationSet {
    const round = this.currentRound();
    if (round.whole) return round.whole;
    if (!round.running && unanalysedSize(round.inputs.given, round.analyses) <= WAIT_FOR_WORKSPACE && !round.declined.has(WHOLE)) {
      try {
        return (round.whole = this.working(round, WHOLE, round.inputs.given, () =>
          assembleSet(round.inputs.given, round.inputs.options, round.analyses, round.earlier),
        ));
      } catch (error) {
        // A quick DocumentStates whose includes made the whole set costly still tries the document's own.
        if (!(error instanceof OverBudget)) throw error;
      }
    }
    const set = this.partialSet(round, key);
    if (round.whole) return set;
    if (this.mode.kind === 'full') this.analyseInBackground(round);
    return set;
  }

  /** The whole workspace's set, assembled now if the background has not finished it (Compare with HEAD compares it all, as `diff` does). */
  private wholeSet(): ConfigurationSet {
    const round = this.currentRound();
    return (round.whole ??= this.working(round, WHOLE, round.inputs.given, () =>
      assembleSet(round.inputs.given, round.inputs.options, round.analyses, round.earlier),
    ));
  }

  /** The set of the files of `round` that may form the configuration of the file `key`, assembled once per round. */
  private partialSet(round: Round, key: string): ConfigurationSet {
    let set = round.partial.get(key);
    if (!set) {
      const readers = possibleReaders(round.inputs.given, key);
      set = this.working(round, key, readers, () => assembleSet(readers, round.inputs.options, round.analyses, round.earlier));
      round.partial.set(key, set);
      // Every file may read this one (a single configuration, say): its set is the whole workspace's.
      if (readers.length === round.inputs.given.length) round.whole = set;
    }
    return set;
  }

  /**
   * Runs one assembly of `files` for the document `key`: in `full` mode telling `busy` around it; in
   * `quick` mode only within its bounds (StatesMode), past which it throws OverBudget (from the
   * core's checkpoints once under way; what was analysed whole is kept in `round.analyses`) and
   * the document is not tried again this round.
   */
  private working<T>(round: Round, key: string, files: readonly SetFile[], assemble: () => T): T {
    if (this.mode.kind === 'full') {
      this.mode.busy(true);
      try {
        return assemble();
      } finally {
        this.mode.busy(false);
      }
    }
    if (round.declined.has(key) || unanalysedSize(files, round.analyses) > this.mode.maxSize) throw new OverBudget();
    this.deadline = performance.now() + this.mode.budgetMs;
    this.phase = 'analysing';
    this.work = 0;
    try {
      return assemble();
    } catch (error) {
      if (error instanceof OverBudget) round.declined.add(key);
      throw error;
    } finally {
      this.deadline = undefined;
    }
  }

  /** The core's checkpoints while a quick assembly runs: each configuration's phase, then its reading, modelling and rules. */
  private readonly checkpoints = {
    configuration: (phase: 'analysing' | 'linting'): void => {
      this.phase = phase;
      this.checkBudget();
    },
    work: (): void => {
      if (this.phase === 'analysing') this.work++;
      this.checkBudget();
    },
  };

  private checkBudget(): void {
    if (this.deadline === undefined || this.mode.kind !== 'quick') return;
    if (this.work > this.mode.maxWork || performance.now() > this.deadline) throw new OverBudget();
  }

  /**
   * Assembles the whole set of `round` in slices of steps, from QUIET_MS on, answering the requests
   * read between them, and stops when the round is over (a document changed, was saved or closed): what it
   * analysed is kept for the next round. Once done, tells `settled` which open documents were
   * answered otherwise.
   */
  private analyseInBackground(round: Round): void {
    if (round.running) return;
    round.running = true;
    const steps = assembling(round.inputs.given, round.inputs.options, round.analyses, round.earlier);
    const before = round.analyses.size;
    let started: number | undefined;
    const slice = (): void => {
      if (this.round !== round || round.generation !== this.generation) return;
      const sliced = performance.now();
      started ??= sliced;
      let next;
      try {
        next = this.working(round, WHOLE, round.inputs.given, () => {
          let step;
          do step = steps.next();
          while (!step.done && performance.now() - sliced < SLICE_MS);
          return step;
        });
      } catch (error) {
        round.running = false;
        this.warn(
          `balancer-lens: the workspace's configurations could not be analysed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      if (!next.done) {
        pause(slice);
        return;
      }
      const whole = (round.whole = next.value);
      round.running = false;
      const changed = this.openDocuments().filter((document) => {
        const key = this.documentKey(document);
        const answered = round.partial.get(key);
        return answered && !sameFindings(answered, whole, key);
      });
      this.settled({ changed, analysed: round.analyses.size - before, ms: performance.now() - started! });
    };
    setTimeout(() => pause(slice), QUIET_MS);
  }

  /**
   * The current generation's round: the analyses of the last round whose files did not change are
   * kept (open documents edited, disk files the stat check found changed); none after `clear`
   * (settings, watched files) and when a file appeared or a folder's listing changed, since no
   * configuration records reading those.
   */
  private currentRound(): Round {
    if (this.round?.generation === this.generation) return this.round;
    const inputs = this.inputs();
    const last = this.round;
    const changed = last && changedSince(last.inputs, inputs);
    // Only the files still given can be entries: a closed buffer's analysis goes.
    const given = new Set(inputs.given.map((file) => file.key));
    const analyses = new Map(last && changed ? [...unchangedAnalyses(last.analyses, changed)].filter(([key]) => given.has(key)) : []);
    const earlier = last && changed ? changedAnalyses(last.analyses, changed) : new Map<string, Earlier>();
    return (this.round = { generation: this.generation, inputs, analyses, earlier, partial: new Map(), declined: new Set() });
  }

  /**
   * What the document's text `before` (its last commit, say) leads to, against what it leads to now:
   * the workspace's set assembled again with that text in the document's place (wherever it is
   * read, through a symlink too), the whole set compared as `balancer-lens diff` compares a folder.
   * Undefined when the document is not part of a configuration.
   */
  trafficSince(document: TextDocument, before: string): TrafficDiff | undefined {
    const now = this.wholeSet();
    if (!now.configurationOf.has(this.documentKey(document))) return undefined;
    const replaced = this.inputs({ document, text: before });
    const then = assembleSet(replaced.given, replaced.options);
    const folders = this.folders();
    const nameOf = (file: SourceFile): string => {
      const folder = folders.find((candidate) => file.path.startsWith(`${candidate}/`));
      return folder ? file.path.slice(folder.length + 1) : file.path || document.uri;
    };
    const isPaired = then.configurations.length === 1 && now.configurations.length === 1;
    return diffTraffic(trafficSide(then.configurations, nameOf, isPaired), trafficSide(now.configurations, nameOf, isPaired));
  }

  /** What the workspace's configuration set is assembled from: the open editors' texts laid over the disk (and `replaced`'s text instead of its document's). */
  private inputs(replaced?: { readonly document: TextDocument; readonly text: string }): Inputs {
    const settings = this.settings();
    const open = this.openDocuments().filter((document) => document.getText().length <= settings.limits.size);
    // The replaced file by key: VS Code keeps a file and its symlink open as two documents, one file.
    const replacedKey = replaced && this.documentKey(replaced.document);
    const textOf = (document: TextDocument): string =>
      replaced && this.documentKey(document) === replacedKey ? replaced.text : document.getText();
    // By real path, as lint's overlay: a file included through a symlink is the open document.
    const overlay = new Map<string, string>();
    for (const document of open) {
      const path = pathOf(document.uri);
      if (path) overlay.set(this.keyOf(path), textOf(document));
    }
    // The open editors' texts first; the disk is read again only where a file changed since the last edit.
    const disk = this.rereadOnly(diskAccess({ maxBytes: settings.limits.size }));
    const keyOf = this.keyOf;
    const answers = new Map<string, ReturnType<FileAccess['readFile']>>();
    const listings = new Map<string, ReturnType<FileAccess['readDirectory']>>();
    const files: FileAccess = {
      readFile(path) {
        const answer = overlay.get(keyOf(path)) ?? disk.readFile(path);
        answers.set(path, answer);
        return answer;
      },
      readDirectory(path) {
        const listing = disk.readDirectory(path);
        listings.set(path, listing);
        return listing;
      },
    };
    const given: SetFile[] = open.map((document) => ({
      key: this.documentKey(document),
      path: pathOf(document.uri),
      text: textOf(document),
    }));
    const keys = new Set(given.map((file) => file.key));
    // The workspace's other files, within the size limit in all, those beside or above an open
    // document first (its apache2.conf). A document is answered from those that may include it
    // first; the others are analysed in the background (setFor).
    let left = settings.limits.size;
    let skipped = 0;
    for (const path of nearestFirst(this.workspaceFiles().paths, open)) {
      const key = this.keyOf(path);
      if (keys.has(key)) continue;
      const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
      if (size > left) {
        skipped++;
        continue;
      }
      keys.add(key);
      const text = files.readFile(path);
      if (typeof text !== 'string') continue;
      given.push({ key, path, text });
      left -= text.length;
    }
    if (skipped > 0)
      this.warnOnce(
        `balancer-lens: the workspace's configuration files hold more than ${megabytes(settings.limits.size)} in all: ${skipped} of them are analysed only when opened or included (balancerLens.limits.maxSize raises it)`,
      );
    const options: SetOptions = {
      files,
      keyOf: this.keyOf,
      read: {
        epochSeconds: Math.floor(Date.now() / 1000),
        limits: settings.limits,
        ...this.readVariables(),
        ...(this.mode.kind === 'quick' ? { checkpoint: this.checkpoints.work } : {}),
      },
      rulesFor: (entry) => this.rulesFor(entry.path),
      ...(this.mode.kind === 'quick' ? { checkpoint: this.checkpoints.configuration } : {}),
    };
    return { given, options, answers, listings };
  }

  /**
   * `balancerLens.serverRoot`, `defines` and `envFile` (relative paths start at the first workspace
   * folder), read once per settings change. Without `envFile`, Debian's `envvars` beside the
   * workspace's `apache2.conf` is read, as `lint` reads it beside apache2.conf.
   */
  private readVariables(): ReadVariables {
    if (this.variables) return this.variables;
    const settings = this.settings();
    const base = this.folders()[0];
    const absolute = (path: string): string => (isAbsolute(path) || base === undefined ? path : resolve(base, path));
    const serverRoot = settings.serverRoot === undefined ? undefined : absolute(settings.serverRoot);
    const envvars = settings.envFile === undefined ? this.debianEnvvars() : undefined;
    const roots = [...this.folders(), ...(serverRoot === undefined ? [] : [serverRoot])].flatMap((folder) => {
      try {
        return [realpathSync(folder)];
      } catch {
        return [];
      }
    });
    const { defines, environment } = readVariables(
      {
        defines: settings.defines,
        definesShown: 'balancerLens.defines',
        envFiles:
          settings.envFile === undefined ? [] : [{ path: absolute(settings.envFile), shown: `balancerLens.envFile ${settings.envFile}` }],
        envvars:
          envvars === undefined
            ? undefined
            : { path: envvars, shown: `${envvars} beside apache2.conf`, advice: 'balancerLens.envFile reads another' },
        // Nobody named envvars: it is read as an Include of it would be, inside the workspace.
        files: diskAccess({ maxBytes: settings.limits.size, roots }),
        maxBytes: settings.limits.size,
        outer: {},
      },
      (message) => this.warnOnce(`balancer-lens: ${message}`),
    );
    this.variables = { ...(serverRoot === undefined ? {} : { serverRoot }), defines, environment };
    return this.variables;
  }

  /** The `envvars` beside the first `apache2.conf` of the workspace that has one. */
  private debianEnvvars(): string | undefined {
    for (const path of this.workspaceFiles().paths) {
      if (basename(path) !== 'apache2.conf') continue;
      const envvars = join(dirname(path), 'envvars');
      if (lstatSync(envvars, { throwIfNoEntry: false })) return envvars;
    }
    return undefined;
  }

  private warnOnce(message: string): void {
    if (!this.warned.has(message)) this.warn(message);
    this.warned.add(message);
  }

  /** A document's key in the set: its real path, or its URI when it has none (an unsaved buffer). */
  private documentKey(document: TextDocument): string {
    const path = pathOf(document.uri);
    return path ? this.keyOf(path) : document.uri;
  }

  private workspaceFiles(): WorkspaceFiles {
    if (!this.workspace) {
      this.workspace = workspaceFiles(
        this.folders(),
        (directory) => this.configFor(directory)?.config ?? { path: undefined, base: directory, rules: {}, include: undefined },
      );
      if (this.workspace.capped)
        this.warn(
          `balancer-lens: the workspace is too large to read all of it (${SEARCH_CAP} files and folders); files past that are analysed without the rest`,
        );
    }
    return this.workspace;
  }

  /** The editor settings, then the `.balancerlens.json` nearest to the entry file over them, as the CLI reads it. */
  private rulesFor(entryPath: string | undefined): Readonly<Record<string, SeveritySetting>> {
    const settings = this.settings().rules;
    const found = entryPath ? this.configFor(dirname(entryPath)) : undefined;
    return found ? { ...settings, ...found.config.rules } : settings;
  }

  /** The `.balancerlens.json` that applies in a folder; a broken one is logged once and left out. */
  private configFor(directory: string): { config: LintConfig } | undefined {
    try {
      this.configs ??= configLookup(undefined, directory);
      return { config: this.configs(directory) };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.warnOnce(`balancer-lens: ${error.message}; using the editor settings`);
      return undefined;
    }
  }
}

/**
 * The keys of the files whose text changed from `before` to `now`: given files edited, added or
 * gone, and files read through the file access (includes) whose text changed — each asked again
 * now, a stat when it is on disk. Undefined when a file that was not read (missing, too large, not
 * a regular file) now answers otherwise or a folder's listing changed: no configuration records
 * that it read those, so only a fresh assembly is sure to see the difference.
 */
function changedSince(before: Inputs, now: Inputs): ReadonlySet<string> | undefined {
  const changed = new Set<string>();
  const texts = new Map(now.given.map((file) => [file.key, file.text]));
  for (const file of before.given) if (texts.get(file.key) !== file.text) changed.add(file.key);
  const known = new Set(before.given.map((file) => file.key));
  for (const file of now.given) if (!known.has(file.key)) changed.add(file.key);
  const { files, keyOf } = now.options;
  for (const [path, answer] of before.answers) {
    const again = files.readFile(path);
    if (again === answer) continue;
    if (typeof answer !== 'string') {
      if (JSON.stringify(again) !== JSON.stringify(answer)) return undefined;
    } else changed.add(keyOf(path));
  }
  for (const [path, listing] of before.listings)
    if (JSON.stringify(files.readDirectory(path)) !== JSON.stringify(listing)) return undefined;
  return changed;
}

/** Whether two sets find the same in the file `key`. */
function sameFindings(one: ConfigurationSet, other: ConfigurationSet, key: string): boolean {
  return JSON.stringify(one.findings.get(key)?.diagnostics ?? []) === JSON.stringify(other.findings.get(key)?.diagnostics ?? []);
}

/** The workspace's files, those in an open document's folder or a folder above it first, each group in walk order. */
function nearestFirst(paths: readonly string[], open: readonly TextDocument[]): string[] {
  const folders = open.flatMap((document) => {
    const path = pathOf(document.uri);
    return path ? [dirname(path)] : [];
  });
  const isNear = (path: string): boolean => {
    const folder = dirname(path);
    return folders.some((near) => near === folder || near.startsWith(`${folder}/`));
  };
  return [...paths.filter(isNear), ...paths.filter((path) => !isNear(path))];
}

/** A size as the editor's messages give it: `2.0 MB`. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The document inside its configuration; its findings (local to it) moved to the configuration's offsets. */
function view(
  document: TextDocument,
  configuration: Configuration,
  findings: readonly Diagnostic[],
  isDocument: (path: string) => boolean,
): DocumentState {
  const { analysis } = configuration;
  const files = analysis.tree.files;
  const file = (pathOf(document.uri) && files.find((candidate) => candidate.path && isDocument(candidate.path))) || files[0]!;
  const indexes = new Map<SourceFile, LineIndex>();
  const indexOf = (source: SourceFile): LineIndex => {
    let index = indexes.get(source);
    if (!index) indexes.set(source, (index = new LineIndex(fileText(analysis.tree.text, source))));
    return index;
  };
  const inFile = (span: Span): boolean => span.start >= file.start && span.end <= file.start + file.length;
  // Moved when asked for: hover, inlay hints and the other requests never read them.
  let diagnostics: readonly Diagnostic[] | undefined;
  return {
    document,
    analysis,
    file,
    get diagnostics() {
      return (diagnostics ??= file.start === 0 ? findings : findings.map((diagnostic) => shiftDiagnostic(diagnostic, file.start)));
    },
    offsetAt: (position) => file.start + document.offsetAt(position),
    rangeOf: (span) =>
      inFile(span) ? { start: document.positionAt(span.start - file.start), end: document.positionAt(span.end - file.start) } : undefined,
    locationOf(span) {
      const source = fileAt(files, span.start);
      if (source === file)
        return {
          uri: document.uri,
          range: { start: document.positionAt(span.start - file.start), end: document.positionAt(span.end - file.start) },
        };
      const index = indexOf(source);
      return {
        uri: source.path ? pathToFileURL(source.path).toString() : document.uri,
        range: { start: index.position(span.start - source.start), end: index.position(span.end - source.start) },
      };
    },
  };
}

function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

function shiftDiagnostic(diagnostic: Diagnostic, by: number): Diagnostic {
  const shift = (span: Span): Span => ({ start: span.start + by, end: span.end + by });
  return {
    ...diagnostic,
    span: shift(diagnostic.span),
    ...(diagnostic.fixes
      ? { fixes: diagnostic.fixes.map((fix) => ({ ...fix, edits: fix.edits.map((edit) => ({ ...edit, span: shift(edit.span) })) })) }
      : {}),
    ...(diagnostic.related ? { related: diagnostic.related.map((related) => ({ ...related, span: shift(related.span) })) } : {}),
  };
}
