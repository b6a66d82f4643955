/**
 * Document sync notifications checked before `TextDocuments` keeps them: one whose URI is not a
 * string (or whose text, version or changes are malformed) is logged and dropped, so no later
 * handler (a settings change re-publishing every open document) meets a document it cannot read.
 * `beforeChange` sees each valid didChange before the document takes it.
 */
import type { Connection, DidChangeTextDocumentParams, NotificationHandler, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Guard } from './guard';

/** What `TextDocuments.listen` reads document notifications from. */
export type SyncConnection = Parameters<TextDocuments<TextDocument>['listen']>[0];

/** The connection's document notifications, each checked and guarded. */
export function checkedSync(
  connection: Connection,
  guard: Guard,
  log: (message: string) => void,
  beforeChange: (params: DidChangeTextDocumentParams) => void,
): SyncConnection {
  const checked = <P>(name: string, isValid: (params: unknown) => boolean, handler: NotificationHandler<P>): NotificationHandler<P> =>
    guard(name, undefined, (params: P) => {
      if (isValid(params)) handler(params);
      else log(`balancer-lens: ${name} with malformed params ignored`);
    });
  return {
    onDidOpenTextDocument: (handler) => connection.onDidOpenTextDocument(checked('didOpen', isOpen, handler)),
    onDidChangeTextDocument: (handler) =>
      connection.onDidChangeTextDocument(
        checked('didChange', isChange, (params: DidChangeTextDocumentParams) => {
          beforeChange(params);
          handler(params);
        }),
      ),
    onDidCloseTextDocument: (handler) => connection.onDidCloseTextDocument(checked('didClose', namesDocument, handler)),
    onWillSaveTextDocument: (handler) => connection.onWillSaveTextDocument(checked('willSave', namesDocument, handler)),
    onWillSaveTextDocumentWaitUntil: (handler) => connection.onWillSaveTextDocumentWaitUntil(handler),
    onDidSaveTextDocument: (handler) => connection.onDidSaveTextDocument(checked('didSave', namesDocument, handler)),
  };
}

type Fields = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether didClose, willSave or didSave params name a document. */
export function namesDocument(params: unknown): boolean {
  return isObject(params) && isObject(params['textDocument']) && typeof params['textDocument']['uri'] === 'string';
}

/** Whether didOpen params are well formed. */
export function isOpen(params: unknown): boolean {
  if (!namesDocument(params)) return false;
  const document = (params as Fields)['textDocument'] as Fields;
  return typeof document['text'] === 'string' && Number.isInteger(document['version']);
}

/** Whether didChange params are well formed. */
export function isChange(params: unknown): boolean {
  if (!namesDocument(params)) return false;
  const changes = (params as Fields)['contentChanges'];
  return (
    Number.isInteger(((params as Fields)['textDocument'] as Fields)['version']) && Array.isArray(changes) && changes.every(isContentChange)
  );
}

function isContentChange(change: unknown): boolean {
  if (!isObject(change) || typeof change['text'] !== 'string') return false;
  const range = change['range'];
  return range === undefined || (isObject(range) && isPosition(range['start']) && isPosition(range['end']));
}

function isPosition(position: unknown): boolean {
  return isObject(position) && Number.isInteger(position['line']) && Number.isInteger(position['character']);
}
