/**
 * The language server: the only code that imports vscode-languageserver. Each handler converts
 * core data to protocol data over one frozen analysis per document version.
 */
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
import type { Connection, Diagnostic as LspDiagnostic, DocumentSymbol as LspSymbol, InitializeResult, Range } from 'vscode-languageserver/node';
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
import { LineIndex } from '../core/positions';
import type { Span } from '../core/syntax/lines';
import { DocumentStates } from './documents';
import { ruleHelpUri } from '../core/rules/help';
import { DEFAULT_SETTINGS, readSettings, Settings } from './settings';

/** Starts a server on a connection (stdio, IPC or sockets, as the process arguments say). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  const documents = new TextDocuments(TextDocument);
  let settings: Settings = DEFAULT_SETTINGS;
  let canPullSettings = false;
  const states = new DocumentStates(() => settings);

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

  const rangeOf = (document: TextDocument, span: Span): Range => ({ start: document.positionAt(span.start), end: document.positionAt(span.end) });
  const stateFor = (uri: string) => {
    const document = documents.get(uri);
    return document ? { document, state: states.get(document) } : undefined;
  };

  function publish(document: TextDocument): void {
    const { diagnostics } = states.get(document);
    const converted = diagnostics.map((diagnostic): LspDiagnostic => ({
      range: rangeOf(document, diagnostic.span),
      severity: diagnostic.severity === 'error' ? DiagnosticSeverity.Error : diagnostic.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
      code: diagnostic.ruleId,
      codeDescription: { href: ruleHelpUri(diagnostic.ruleId) },
      source: 'balancer-lens',
      message: diagnostic.message,
      relatedInformation: diagnostic.related?.map((related) => ({ location: { uri: document.uri, range: rangeOf(document, related.span) }, message: related.message })),
    }));
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: converted });
  }

  async function refreshSettings(): Promise<void> {
    if (!canPullSettings) return;
    const pulled: unknown = await connection.workspace.getConfiguration('balancerLens');
    settings = readSettings(pulled, (message) => connection.console.warn(`balancer-lens: ${message}`));
    states.clear();
    for (const document of documents.all()) publish(document);
  }

  connection.onInitialize(guard('initialize', { capabilities: {} } as InitializeResult, (params): InitializeResult => {
    canPullSettings = Boolean(params.capabilities.workspace?.configuration);
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

  documents.onDidChangeContent(guard('diagnostics', undefined, (change) => publish(change.document)));
  documents.onDidClose(guard('close', undefined, (event) => {
    states.forget(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  }));

  connection.onHover(guard('hover', null, (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return null;
    const { document, state } = found;
    const result = hover(state.analysis, document.offsetAt(params.position), { picks: settings.previewPicks });
    return result ? { contents: { kind: MarkupKind.Markdown, value: result.markdown }, range: rangeOf(document, result.span) } : null;
  }));

  connection.languages.inlayHint.on(guard('inlayHint', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found || !settings.inlayHints) return [];
    const { document, state } = found;
    return inlayHints(state.analysis, document.offsetAt(params.range.start), document.offsetAt(params.range.end)).map((hint) => ({
      position: document.positionAt(hint.offset),
      label: hint.label,
      tooltip: hint.tooltip,
      paddingLeft: true,
    }));
  }));

  connection.onCodeLens(guard('codeLens', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    return codeLenses(state.analysis).map((lens) => ({
      range: rangeOf(document, lens.span),
      command: { title: lens.title, command: 'balancerLens.showSchedule', arguments: [document.uri, lens.balancer] },
    }));
  }));

  connection.onCodeAction(guard('codeAction', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    const range = { start: document.offsetAt(params.range.start), end: document.offsetAt(params.range.end) };
    return codeActions(state.analysis, state.diagnostics, range).map((action) => ({
      title: action.title,
      kind: CodeActionKind.QuickFix,
      isPreferred: action.isPreferred,
      diagnostics: params.context.diagnostics.filter((diagnostic) => diagnostic.code === action.diagnostic.ruleId),
      edit: { changes: { [document.uri]: action.edits.map((edit) => TextEdit.replace(rangeOf(document, edit.span), edit.newText)) } },
    }));
  }));

  connection.onCompletion(guard('completion', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    const kinds = { directive: CompletionItemKind.Keyword, parameter: CompletionItemKind.Property, value: CompletionItemKind.EnumMember, balancer: CompletionItemKind.Reference, snippet: CompletionItemKind.Snippet };
    return complete(state.analysis, document.offsetAt(params.position)).map((item) => ({
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
    const { document, state } = found;
    const kinds = { vhost: SymbolKind.Namespace, balancer: SymbolKind.Class, member: SymbolKind.Field, section: SymbolKind.Struct };
    const convert = (symbol: DocumentSymbol): LspSymbol => ({
      name: symbol.name,
      detail: symbol.detail,
      kind: kinds[symbol.kind],
      range: rangeOf(document, symbol.span),
      selectionRange: rangeOf(document, symbol.selection),
      children: symbol.children.map(convert),
    });
    return documentSymbols(state.analysis).map(convert);
  }));

  connection.onFoldingRanges(guard('foldingRanges', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    return foldingRanges(state.analysis)
      .map((span) => ({ startLine: document.positionAt(span.start).line, endLine: document.positionAt(span.end).line }))
      .filter((range) => range.endLine > range.startLine);
  }));

  connection.onDefinition(guard('definition', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    return definition(state.analysis, document.offsetAt(params.position)).map((span) => ({ uri: document.uri, range: rangeOf(document, span) }));
  }));

  connection.onReferences(guard('references', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    return references(state.analysis, document.offsetAt(params.position)).map((span) => ({ uri: document.uri, range: rangeOf(document, span) }));
  }));

  connection.onPrepareRename(guard('prepareRename', null, (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return null;
    const { document, state } = found;
    const offset = document.offsetAt(params.position);
    const spans = references(state.analysis, offset);
    const here = spans.find((span) => offset >= span.start && offset <= span.end) ?? spans[0];
    return here ? rangeOf(document, here) : null;
  }));

  connection.onRenameRequest(guard('rename', null, (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return null;
    const { document, state } = found;
    const edits = rename(state.analysis, document.offsetAt(params.position), params.newName);
    if ('error' in edits) throw new Error(edits.error);
    return { changes: { [document.uri]: edits.map((edit) => TextEdit.replace(rangeOf(document, edit.span), edit.newText)) } };
  }));

  connection.onDocumentLinks(guard('documentLinks', [], (params) => {
    const found = stateFor(params.textDocument.uri);
    if (!found) return [];
    const { document, state } = found;
    return includeLinks(state.analysis).flatMap((link) => {
      const target = resolveInclude(document.uri, link.path);
      return target ? [{ range: rangeOf(document, link.span), target }] : [];
    });
  }));

  connection.onRequest('balancerLens/schedule', guard('schedule', null, (params: { uri: string; balancer: string; picks?: number }) => {
    const found = stateFor(params.uri);
    if (!found) return null;
    const { document, state } = found;
    const preview = state.analysis.previews.find((candidate) => candidate.balancer.name === params.balancer.toLowerCase());
    if (!preview) return null;
    const index = new LineIndex(document.getText());
    return balancerReport(preview, (offset) => ({ file: document.uri, line: index.position(offset).line + 1 }), params.picks);
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
