/** One frozen analysis and its diagnostics per document version; nothing else is kept per document. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, Analysis } from '../core/analysis';
import { lint } from '../core/lint';
import type { Diagnostic } from '../core/rules/types';
import type { Settings } from './settings';

/** What every feature of one document version reads. */
export interface DocumentState {
  readonly version: number;
  readonly analysis: Analysis;
  readonly diagnostics: readonly Diagnostic[];
}

/** The cache of document states, keyed by URI and checked against the version. */
export class DocumentStates {
  private readonly states = new Map<string, DocumentState>();

  constructor(private readonly settings: () => Settings) {}

  /** The state of this exact version, analysed on first use. */
  get(document: TextDocument): DocumentState {
    const cached = this.states.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    const analysis = analyze(document.getText(), { environment: process.env, epochSeconds: Math.floor(Date.now() / 1000) });
    const state = { version: document.version, analysis, diagnostics: lint(analysis, { rules: this.settings().rules }) };
    this.states.set(document.uri, state);
    return state;
  }

  /** Drops a closed document. */
  forget(uri: string): void {
    this.states.delete(uri);
  }

  /** Drops everything, after the settings change. */
  clear(): void {
    this.states.clear();
  }
}
