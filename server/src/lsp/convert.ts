/** Core data to protocol data: ranges, severities, diagnostics, symbols and edits. */
import { CompletionItemKind, DiagnosticSeverity, SymbolKind, TextEdit } from 'vscode-languageserver/node';
import type { Diagnostic as LspDiagnostic, DocumentSymbol as LspSymbol, WorkspaceEdit } from 'vscode-languageserver/node';
import type { CompletionItem } from '../core/features/completion';
import type { DocumentSymbol } from '../core/features/symbols';
import { compareAll, LivePage, liveFindings } from '../core/live/editor';
import { ruleHelpUri } from '../core/rules/help';
import type { Diagnostic, Severity } from '../core/rules/types';
import type { Span } from '../core/span';
import type { DocumentState } from './documents';

const SOURCE = 'balancer-lens';

/** The protocol's severity for a core severity. */
export function severity(value: Severity): DiagnosticSeverity {
  switch (value) {
    case 'error':
      return DiagnosticSeverity.Error;
    case 'warning':
      return DiagnosticSeverity.Warning;
    case 'info':
      return DiagnosticSeverity.Information;
  }
}

/** A finding as a protocol diagnostic of this document; none when it lies in another file. */
export function diagnostic(state: DocumentState, finding: Diagnostic): LspDiagnostic | undefined {
  const range = state.rangeOf(finding.span);
  return (
    range && {
      range,
      severity: severity(finding.severity),
      code: finding.ruleId,
      codeDescription: { href: ruleHelpUri(finding.ruleId) },
      source: SOURCE,
      // Apache's words on a second line: VS Code shows a diagnostic's whole message in the hover and
      // the Problems view, while relatedInformation would need a location and reads as another place.
      message: finding.apacheMessage === undefined ? finding.message : `${finding.message}\nApache: ${finding.apacheMessage}`,
      relatedInformation: finding.related?.map((related) => ({ location: state.locationOf(related.span), message: related.message })),
    }
  );
}

/** Information diagnostics where a running server differs from this document's configuration (`balancerLens.live.url`). */
export function liveDiagnostics(state: DocumentState, pages: readonly LivePage[]): LspDiagnostic[] {
  if (pages.length === 0) return [];
  return liveFindings(compareAll(state.analysis, pages)).flatMap((finding): LspDiagnostic[] => {
    const range = state.rangeOf(finding.span);
    return range ? [{ range, severity: DiagnosticSeverity.Information, source: SOURCE, message: finding.message }] : [];
  });
}

/** The one warning shown at the top of a document that is too large to analyse. */
export function oversizedDiagnostic(message: string): LspDiagnostic {
  const start = { line: 0, character: 0 };
  return { range: { start, end: start }, severity: DiagnosticSeverity.Warning, source: SOURCE, message };
}

/** Edits anywhere in the configuration, grouped by file. */
export function workspaceEdit(state: DocumentState, edits: readonly { span: Span; newText: string }[]): WorkspaceEdit {
  const changes: Record<string, TextEdit[]> = {};
  for (const edit of edits) {
    const location = state.locationOf(edit.span);
    (changes[location.uri] ??= []).push(TextEdit.replace(location.range, edit.newText));
  }
  return { changes };
}

const SYMBOL_KINDS = {
  vhost: SymbolKind.Namespace,
  balancer: SymbolKind.Class,
  member: SymbolKind.Field,
  section: SymbolKind.Struct,
} as const;

/** A symbol with its children; one in another file is left out, its children kept. */
export function symbols(state: DocumentState, symbol: DocumentSymbol): LspSymbol[] {
  const range = state.rangeOf(symbol.span);
  const selectionRange = state.rangeOf(symbol.selection);
  const children = symbol.children.flatMap((child) => symbols(state, child));
  if (!range || !selectionRange) return children;
  return [{ name: symbol.name, detail: symbol.detail, kind: SYMBOL_KINDS[symbol.kind], range, selectionRange, children }];
}

/** The protocol's kind for a completion item. */
export const COMPLETION_KINDS: Readonly<Record<CompletionItem['kind'], CompletionItemKind>> = {
  directive: CompletionItemKind.Keyword,
  parameter: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
  balancer: CompletionItemKind.Reference,
  snippet: CompletionItemKind.Snippet,
};
