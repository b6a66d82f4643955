/**
 * The language server: the only code that imports vscode-languageserver. Each handler converts
 * core data to protocol data over one frozen analysis per document version.
 */
import { fileURLToPath } from 'node:url';
import {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  InsertTextFormat,
  MarkupKind,
  ProposedFeatures,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  TextEdit,
} from 'vscode-languageserver/node';
import type { Connection, Diagnostic as LspDiagnostic, DocumentSymbol as LspSymbol, InitializeResult } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from '../core/features/code-actions';
import { codeLenses } from '../core/features/code-lens';
import { complete } from '../core/features/completion';
import { hover } from '../core/features/hover';
import { inlayHints } from '../core/features/inlay-hints';
import { includeLinks } from '../core/features/links';
import { definition, references, rename } from '../core/features/navigation';
import { balancerReport } from '../core/features/schedule-report';
import { DocumentSymbol, documentSymbols, foldingRanges } from '../core/features/symbols';
import type { Span } from '../core/syntax/lines';
import { DocumentState, DocumentStates } from './documents';
import { ruleHelpUri } from '../core/rules/help';
import { DEFAULT_SETTINGS, readSettings, Settings } from './settings';

/** Starts a server on a connection (stdio, IPC or sockets, as the process arguments say). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  const documents = new TextDocuments(TextDocument);
  let settings: Settings = DEFAULT_SETTINGS;
  let canPullSettings = false;
  let folders: string[] = [];
  const states = new DocumentStates(() => settings, () => documents.all(), () => folders, (message) => connection.console.warn(message));

  /** Runs a handler; a bug is logged through the connection and answered with `fallback`. */
  function guard<P, R>(name: string, fallback: R, handler: (params: P) => R): (params: P) => R {
    return (params: P) => {
      try {
        return handler(params);
      } catch (error) {
        connection.console.error(`balancer-lens: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return fallback;
      }
    };
  }

  /** A document's state; none for an unknown document or one too large to analyse, so every request gets an empty answer. */
  const stateFor = (uri: string): { document: TextDocument; state: DocumentState } | undefined => {
    const document = documents.get(uri);
    const state = document && states.get(document);
    return document && state && !('oversized' in state) ? { document, state } : undefined;
  };
  /** Edits anywhere in the configuration, grouped by file. */
  const workspaceEdit = (state: DocumentState, edits: readonly { span: Span; newText: string }[]) => {
    const changes: Record<string, TextEdit[]> = {};
    for (const edit of edits) {
      const location = state.locationOf(edit.span);
      (changes[location.uri] ??= []).push(TextEdit.replace(location.range, edit.newText));
    }
    return { changes };
  };

  function publish(document: TextDocument): void {
    const state = states.get(document);
    if ('oversized' in state) {
      const start = { line: 0, character: 0 };
      void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: [{ range: { start, end: start }, severity: DiagnosticSeverity.Warning, source: 'balancer-lens', message: state.oversized }] });
      return;
    }
    const converted = state.diagnostics.flatMap((diagnostic): LspDiagnostic[] => {
      const range = state.rangeOf(diagnostic.span);
      return range ? [{
      range,
      severity: diagnostic.severity === 'error' ? DiagnosticSeverity.Error : diagnostic.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
      code: diagnostic.ruleId,
      codeDescription: { href: ruleHelpUri(diagnostic.ruleId) },
      source: 'balancer-lens',
      message: diagnostic.message,
      relatedInformation: diagnostic.related?.map((related) => ({ location: state.locationOf(related.span), message: related.message })),
    }] : [];
    });
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: converted });
  }

  async function refreshSettings(): Promise<void> {
    if (!canPullSettings) return;
    let pulled: unknown;
    try {
      pulled = await connection.workspace.getConfiguration('balancerLens');
    } catch (error) {
      // A client that answers with an error must not take the server down (an unhandled rejection would).
      connection.console.warn(`balancer-lens: could not read the settings, keeping the current ones: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    settings = readSettings(pulled, (message) => connection.console.warn(`balancer-lens: ${message}`));
    states.clear();
    for (const document of documents.all()) publish(document);
  }

  connection.onInitialize(guard('initialize', { capabilities: {} } as InitializeResult, (params): InitializeResult => {
    canPullSettings = Boolean(params.capabilities.workspace?.configuration);
    const roots = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
    folders = roots.filter((uri) => uri.startsWith('file:')).map((uri) => fileURLToPath(uri));
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        inlayHintProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        completionProvider: { triggerCharacters: ['=', '/', '+', '<'] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentLinkProvider: { resolveProvider: false },
      },
      serverInfo: { name: 'balancer-lens' },
    };
  }));

  connection.onInitialized(() => {
    void refreshSettings();
  });
  connection.onDidChangeConfiguration(() => {
    void refreshSettings();
  });

  // Diagnostics of changed documents wait until the messages already received are handled (the
  // connection handles one per turn of the event loop), so a burst of keystrokes is analysed once,
  // for its last version, instead of queueing one analysis per keystroke behind each other.
  const changed = new Set<string>();
  let settled = false;
  let flushing = false;
  const flush = guard('diagnostics', undefined, () => {
    if (!settled) {
      settled = true;
      setImmediate(flush);
      return;
    }
    flushing = false;
    const uris = [...changed];
    changed.clear();
    const published = new Set<string>();
    for (const uri of uris) {
      const document = documents.get(uri);
      // Files that include the changed one, or that it includes, are re-read too.
      for (const related of document ? states.related() : []) {
        if (published.has(related.uri)) continue;
        published.add(related.uri);
        publish(related);
      }
    }
  });
  documents.onDidChangeContent(guard('diagnostics', undefined, (change) => {
    states.touch();
    changed.add(change.document.uri);
    settled = false;
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  }));
  documents.onDidClose(guard('close', undefined, (event) => {
    // The open files of its configuration read it from the disk again (an unsaved edit is gone).
    const related = states.related().filter((document) => document !== event.document);
    states.touch();
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
    for (const document of related) publish(document);
  }));
  documents.onDidSave(guard('save', undefined, () => states.clear()));
  connection.onDidChangeWatchedFiles(guard('watchedFiles', undefined, () => {
    // A .balancerlens.json (or an included file) changed on disk.
    states.clear();
    for (const document of documents.all()) publish(document);
  }));

  connection.onHover(guard('hover', null, (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return null;
    const { document, state } = found;
    const result = hover(state.analysis, state.offsetAt(params.position), { picks: settings.previewPicks });
    return result ? { contents: { kind: MarkupKind.Markdown, value: result.markdown }, range: state.rangeOf(result.span) } : null;
  }));

  connection.languages.inlayHint.on(guard('inlayHint', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found || !settings.inlayHints) return [];
    const { state } = found;
    return inlayHints(state.analysis, state.offsetAt(params.range.start), state.offsetAt(params.range.end)).flatMap((hint) => {
      const range = state.rangeOf({ start: hint.offset, end: hint.offset });
      return range ? [{ position: range.start, label: hint.label, tooltip: hint.tooltip, paddingLeft: true }] : [];
    });
  }));

  connection.onCodeLens(guard('codeLens', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    return codeLenses(state.analysis).flatMap((lens) => {
      const range = state.rangeOf(lens.span);
      return range ? [{ range, command: { title: lens.title, command: 'balancerLens.showSchedule', arguments: [document.uri, lens.balancer] } }] : [];
    });
  }));

  connection.onCodeAction(guard('codeAction', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { state } = found;
    const range = { start: state.offsetAt(params.range.start), end: state.offsetAt(params.range.end) };
    return codeActions(state.analysis, state.diagnostics, range).map((action) => ({
      title: action.title,
      kind: CodeActionKind.QuickFix,
      isPreferred: action.isPreferred,
      diagnostics: params.context.diagnostics.filter((diagnostic) => diagnostic.code === action.diagnostic.ruleId),
      edit: workspaceEdit(state, action.edits),
    }));
  }));

  connection.onCompletion(guard('completion', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { state } = found;
    const kinds = { directive: CompletionItemKind.Keyword, parameter: CompletionItemKind.Property, value: CompletionItemKind.EnumMember, balancer: CompletionItemKind.Reference, snippet: CompletionItemKind.Snippet };
    return complete(state.analysis, state.offsetAt(params.position)).map((item) => ({
      label: item.label,
      kind: kinds[item.kind],
      detail: item.detail,
      documentation: item.documentation,
      insertText: item.insertText,
      insertTextFormat: item.isSnippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    }));
  }));

  connection.onDocumentSymbol(guard('documentSymbol', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { state } = found;
    const kinds = { vhost: SymbolKind.Namespace, balancer: SymbolKind.Class, member: SymbolKind.Field, section: SymbolKind.Struct };
    const convert = (symbol: DocumentSymbol): LspSymbol[] => {
      const range = state.rangeOf(symbol.span);
      const selectionRange = state.rangeOf(symbol.selection);
      if (!range || !selectionRange) return symbol.children.flatMap(convert);
      return [{ name: symbol.name, detail: symbol.detail, kind: kinds[symbol.kind], range, selectionRange, children: symbol.children.flatMap(convert) }];
    };
    return documentSymbols(state.analysis).flatMap(convert);
  }));

  connection.onFoldingRanges(guard('foldingRanges', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { state } = found;
    return foldingRanges(state.analysis).flatMap((span) => {
      const range = state.rangeOf(span);
      return range && range.end.line > range.start.line ? [{ startLine: range.start.line, endLine: range.end.line }] : [];
    });
  }));

  connection.onDefinition(guard('definition', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { state } = found;
    return definition(state.analysis, state.offsetAt(params.position)).map((span) => state.locationOf(span));
  }));

  connection.onReferences(guard('references', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { state } = found;
    return references(state.analysis, state.offsetAt(params.position)).map((span) => state.locationOf(span));
  }));

  connection.onPrepareRename(guard('prepareRename', null, (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return null;
    const { state } = found;
    const offset = state.offsetAt(params.position);
    const here = references(state.analysis, offset).find((span) => offset >= span.start && offset <= span.end);
    return (here && state.rangeOf(here)) ?? null;
  }));

  connection.onRenameRequest(guard('rename', null, (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return null;
    const { state } = found;
    const edits = rename(state.analysis, state.offsetAt(params.position), params.newName);
    if ('error' in edits) throw new Error(edits.error);
    return workspaceEdit(state, edits);
  }));

  connection.onDocumentLinks(guard('documentLinks', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    return includeLinks(state.analysis).flatMap((link) => {
      const range = state.rangeOf(link.span);
      const target = resolveInclude(document.uri, link.path);
      return range && target ? [{ range, target }] : [];
    });
  }));

  connection.onRequest('balancerLens/schedule', guard('schedule', null, (params: { uri: string; balancer: string; picks?: number }) => {
    const found = stateFor(params.uri);
    if (!found) return null;
    const { state } = found;
    const preview = state.analysis.previews.find((candidate) => candidate.balancer.name === params.balancer.toLowerCase());
    if (!preview) return null;
    return balancerReport(preview, (offset) => {
      const location = state.locationOf({ start: offset, end: offset });
      return { file: location.uri, line: location.range.start.line + 1 };
    }, params.picks);
  }));

  documents.listen(connection);
  connection.listen();
}

/** A file URI for an include path: absolute as written, else next to the including file; wildcards are not links. */
function resolveInclude(uri: string, path: string): string | undefined {
  if (/[*?[]/.test(path) || !uri.startsWith('file://')) return undefined;
  if (path.startsWith('/')) return `file://${encodeURI(path)}`;
  return new URL(encodeURI(path), uri).toString();
}

if (require.main === module) startServer();
