/** One helper instead of a preamble in every handler: find the document's state, or answer with a fallback. */
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentState, DocumentStates } from './documents';
import type { Settings } from './settings';

/** An open document that was analysed, with the settings in force. */
export interface Open {
  readonly document: TextDocument;
  readonly state: DocumentState;
  readonly settings: Settings;
}

/**
 * Runs `handler` on the document the params name (`params.textDocument.uri` unless `uriOf` says
 * otherwise); `fallback` for a URI that is not a string, an unknown document, or one too large to analyse.
 */
export type WithDocument = <P, R>(fallback: R, handler: (open: Open, params: P) => R, uriOf?: (params: P) => unknown) => (params: P) => R;

/** The `withDocument` of a server's documents (the worker's, or the fast lane's copy of them), analyses and settings. */
export function documentLookup(
  documents: Pick<TextDocuments<TextDocument>, 'get'>,
  states: DocumentStates,
  settings: () => Settings,
): WithDocument {
  return (fallback, handler, uriOf = textDocumentUri) =>
    (params) => {
      const uri = uriOf(params);
      const document = typeof uri === 'string' ? documents.get(uri) : undefined;
      const state = document && states.get(document);
      return document && state && !('oversized' in state) ? handler({ document, state, settings: settings() }, params) : fallback;
    };
}

function textDocumentUri(params: unknown): unknown {
  return (params as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
}
