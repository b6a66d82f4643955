/** initialize: what the server offers, and the workspace folders it searches for Include. */
import { fileURLToPath } from 'node:url';
import { CodeActionKind, TextDocumentSyncKind } from 'vscode-languageserver/node';
import type { InitializeParams, ServerCapabilities } from 'vscode-languageserver/node';
import { LIVE_REFRESH_COMMAND } from '../live';

/** Every feature the server answers. */
export const CAPABILITIES: ServerCapabilities = {
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
  executeCommandProvider: { commands: [LIVE_REFRESH_COMMAND] },
};

/** The workspace folders on disk (file: URIs), as paths. */
export function folderPaths(params: InitializeParams): string[] {
  const roots = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
  return roots.filter((uri) => uri.startsWith('file:')).map((uri) => fileURLToPath(uri));
}
