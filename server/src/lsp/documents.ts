/**
 * One frozen analysis per configuration and generation of open documents. A document is analysed
 * as part of the configuration that includes it (found in the workspace), with the open editors'
 * texts laid over the disk, so a change in an included file re-analyses the files that include it.
 */
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Position, Range } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, Analysis } from '../core/analysis';
import { fileAt, fileText } from '../core/files';
import { lint } from '../core/lint';
import { LineIndex } from '../core/positions';
import type { Diagnostic } from '../core/rules/types';
import type { Span } from '../core/syntax/lines';
import type { SourceFile } from '../core/syntax/tree';
import type { SeveritySetting } from '../core/lint';
import { ConfigError, ConfigLookup, configLookup } from '../node/config';
import { diskAccess } from '../node/files';
import type { Settings } from './settings';
import { indexWorkspace, SEARCH_CAP, WorkspaceIndex } from './workspace';

/** A document's view of its configuration's analysis: offsets are the configuration's, positions the document's. */
export interface DocumentState {
  readonly document: TextDocument;
  readonly analysis: Analysis;
  /** Where this document sits in the analysis' virtual text. */
  readonly file: SourceFile;
  /** Diagnostics of the whole configuration (spans in its virtual text). */
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

interface Computed {
  readonly generation: number;
  readonly analysis: Analysis;
  readonly diagnostics: readonly Diagnostic[];
}

interface ComputedOversized extends Oversized {
  readonly generation: number;
}

/** The cache of analyses; `touch` after any document change. */
export class DocumentStates {
  private readonly computed = new Map<string, Computed | ComputedOversized>();
  private generation = 0;
  private index: WorkspaceIndex | undefined;
  private configs: ConfigLookup | undefined;
  /** Problems with a `.balancerlens.json` already logged: once each, not on every keystroke. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly settings: () => Settings,
    private readonly openDocuments: () => readonly TextDocument[],
    private readonly folders: () => readonly string[],
    private readonly warn: (message: string) => void,
  ) {}

  /** Something changed: every analysis is stale. */
  touch(): void {
    this.generation++;
  }

  /** Drops everything, after the settings or the workspace change. */
  clear(): void {
    this.computed.clear();
    this.index = undefined;
    this.configs = undefined;
    this.warned.clear();
    this.generation++;
  }

  /** A document closed: every analysis is stale, as after `touch`, and is dropped now so its memory is freed. */
  evict(): void {
    this.computed.clear();
    this.generation++;
  }

  /** The entry file whose configuration holds this document (itself when none includes it). */
  entryOf(document: TextDocument): string {
    const path = pathOf(document.uri);
    if (!path) return document.uri;
    if (!this.index) {
      this.index = indexWorkspace(this.folders(), this.access(), { limits: this.settings().limits, budgetMs: INDEX_BUDGET_MS, now: () => performance.now() });
      if (this.index.capped) this.warn(`balancer-lens: the workspace is too large to search all of it for Include (${SEARCH_CAP} files, ${INDEX_BUDGET_MS / 1000} s); some files may be analysed on their own`);
    }
    return this.index.entryOf.get(path) ?? path;
  }

  /** The state of a document at the current generation, analysed on first use, unless its configuration is over the size limit. */
  get(document: TextDocument): DocumentState | Oversized {
    const path = pathOf(document.uri);
    const entry = this.entryOf(document);
    let computed = this.computedFor(entry, document);
    // The entry no longer reads this document (an include was removed, or a limit cut it short): it stands alone.
    if (path && entry !== path && !('analysis' in computed && computed.analysis.tree.files.some((file) => file.path === path))) computed = this.computedFor(path, document);
    return 'oversized' in computed ? { oversized: computed.oversized } : view(document, computed);
  }

  /** The analysis of the configuration read from `entry` (the document's own path, or its URI when it has none). */
  private computedFor(entry: string, document: TextDocument): Computed | ComputedOversized {
    let computed = this.computed.get(entry);
    if (!computed || computed.generation !== this.generation) {
      const access = this.access();
      const limits = this.settings().limits;
      const entryPath = pathOf(document.uri) ? entry : undefined;
      const read = entryPath ? access.readFile(entryPath) : undefined;
      // Not readable from the disk: the editor's own text. (The editor reads from any folder, so no file is outside its roots.)
      const text = read === undefined || (typeof read !== 'string' && 'roots' in read) ? document.getText() : read;
      const length = typeof text === 'string' ? text.length : text.bytes;
      if (typeof text !== 'string' || length > limits.size) {
        const oversized = `this file is ${megabytes(length)}, more than the ${megabytes(limits.size)} balancer-lens analyses in the editor, so it is not analysed: raise balancerLens.limits.maxSize, or lint it with balancer-lens lint`;
        computed = { generation: this.generation, oversized };
      } else {
        const analysis = analyze(text, { environment: process.env, epochSeconds: Math.floor(Date.now() / 1000), limits, ...(entryPath ? { path: entryPath, files: access } : {}) });
        computed = { generation: this.generation, analysis, diagnostics: lint(analysis, { rules: this.rulesFor(entryPath) }) };
      }
      this.computed.set(entry, computed);
    }
    return computed;
  }

  /** The editor settings, then the `.balancerlens.json` nearest to the entry file over them, as the CLI reads it. */
  private rulesFor(entryPath: string | undefined): Readonly<Record<string, SeveritySetting>> {
    const settings = this.settings().rules;
    if (!entryPath) return settings;
    try {
      this.configs ??= configLookup(undefined, dirname(entryPath));
      return { ...settings, ...this.configs(dirname(entryPath)).rules };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (!this.warned.has(error.message)) this.warn(`balancer-lens: ${error.message}; using the editor settings`);
      this.warned.add(error.message);
      return settings;
    }
  }

  /** The documents whose configuration is the same as this one's (to re-publish after a change). */
  related(document: TextDocument): TextDocument[] {
    const entry = this.entryOf(document);
    return this.openDocuments().filter((other) => this.entryOf(other) === entry);
  }

  private access() {
    const overlay = new Map<string, string>();
    for (const open of this.openDocuments()) {
      const path = pathOf(open.uri);
      if (path) overlay.set(path, open.getText());
    }
    return diskAccess({ maxBytes: this.settings().limits.size, overlay });
  }
}

/** The workspace search for Include stops reading configurations after this long (it runs before the first diagnostics). */
const INDEX_BUDGET_MS = 3000;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function view(document: TextDocument, computed: Computed): DocumentState {
  const { analysis } = computed;
  const path = pathOf(document.uri) ?? '';
  const files = analysis.tree.files;
  const file = files.find((candidate) => candidate.path === path) ?? files[0]!;
  const indexes = new Map<SourceFile, LineIndex>();
  const indexOf = (source: SourceFile): LineIndex => {
    let index = indexes.get(source);
    if (!index) indexes.set(source, (index = new LineIndex(fileText(analysis.tree.text, source))));
    return index;
  };
  const inFile = (span: Span): boolean => span.start >= file.start && span.end <= file.start + file.length;
  return {
    document,
    analysis,
    file,
    diagnostics: computed.diagnostics,
    offsetAt: (position) => file.start + document.offsetAt(position),
    rangeOf: (span) => (inFile(span) ? { start: document.positionAt(span.start - file.start), end: document.positionAt(span.end - file.start) } : undefined),
    locationOf(span) {
      const source = fileAt(files, span.start);
      if (source === file) return { uri: document.uri, range: { start: document.positionAt(span.start - file.start), end: document.positionAt(span.end - file.start) } };
      const index = indexOf(source);
      return { uri: source.path ? pathToFileURL(source.path).toString() : document.uri, range: { start: index.position(span.start - source.start), end: index.position(span.end - source.start) } };
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
