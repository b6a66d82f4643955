/**
 * The main thread's fast lane: while the worker is busy, the requests of requests.ts about a
 * document are answered here from the document's own configuration (the files that may form it), as
 * the worker answers them before the whole workspace is analysed — provided that stays within
 * BOUNDS (a configuration that would take longer, or one that is over the size limit, is left to
 * the worker). It keeps its own copy of the open documents, from the same notifications the worker
 * gets, and the settings the worker pulled; it never publishes, logs or analyses in the background.
 */
import type { DidChangeTextDocumentParams, DidOpenTextDocumentParams, InitializeParams } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SCHEDULE_REQUEST } from '../protocol';
import { documentLookup } from './context';
import { DocumentStates, OverBudget } from './documents';
import { guardWith } from './guard';
import { folderPaths } from './handlers/initialize';
import { analysisRequests } from './requests';
import { DEFAULT_SETTINGS, Settings } from './settings';
import { isChange, isOpen, namesDocument } from './sync';

/**
 * The fast lane's bounds (StatesMode): the text it analyses for a request (given files not
 * analysed yet; about 30 ms once warm), the core's checkpoints reading and modelling may pass
 * (includes, `Define`s and macros: about 8,000 lines or model steps; 64 KB pass 4 or 5), and how long it may take (the
 * main thread reads no message meanwhile; the first analysis in a cold thread takes longest).
 */
const BOUNDS = { kind: 'quick', maxSize: 64 * 1024, maxWork: 8, budgetMs: 500 } as const;

/** The requests that show balancer-manager pages: the worker fetches them, so it answers these while pages are configured. */
const READS_LIVE = new Set(['textDocument/hover', SCHEDULE_REQUEST]);

/** The fast lane of a server. */
export interface FastLane {
  /** The client's initialize params: the workspace folders. */
  initialize(params: unknown): void;
  /** A notification from the client, as the worker gets it too. */
  notified(method: string, params: unknown): void;
  /** The settings the worker pulled. */
  configure(settings: Settings): void;
  /** The open documents and their versions, as the worker's `settled` report gives them (documentVersions). */
  versions(): string;
  /** The answer to a request, or undefined when the worker answers it (another method, a configuration over the budget). */
  answer(method: string, params: unknown): { readonly result: unknown } | undefined;
}

/** A fast lane whose handlers log their failures through `log`. */
export function fastLane(log: (message: string) => void): FastLane {
  const documents = new Map<string, TextDocument>();
  let settings: Settings = DEFAULT_SETTINGS;
  let folders: string[] = [];
  const states = new DocumentStates(
    () => settings,
    () => [...documents.values()],
    () => folders,
    // The worker logs what reading the workspace finds.
    () => undefined,
    undefined,
    BOUNDS,
  );
  const guard = guardWith(log, (error) => error instanceof OverBudget);
  const withDocument = documentLookup({ get: (uri) => documents.get(uri) }, states, () => settings);
  // No live pages here: READS_LIVE are left to the worker while pages are configured.
  const requests = new Map(analysisRequests(withDocument, guard, () => []).map((request) => [request.method, request.handler]));

  return {
    initialize(params) {
      try {
        folders = folderPaths(params as InitializeParams);
      } catch {
        // The worker answers malformed params; this lane then knows no folders.
      }
    },
    notified(method, params) {
      switch (method) {
        case 'textDocument/didOpen': {
          if (!isOpen(params)) return;
          const { uri, languageId, version, text } = (params as DidOpenTextDocumentParams).textDocument;
          documents.set(uri, TextDocument.create(uri, languageId, version, text));
          return states.touch();
        }
        case 'textDocument/didChange': {
          if (!isChange(params)) return;
          const { textDocument, contentChanges } = params as DidChangeTextDocumentParams;
          const document = documents.get(textDocument.uri);
          if (!document || contentChanges.length === 0) return;
          TextDocument.update(document, contentChanges, textDocument.version);
          return states.touch();
        }
        case 'textDocument/didClose':
          if (!namesDocument(params)) return;
          documents.delete((params as { textDocument: { uri: string } }).textDocument.uri);
          return states.touch();
        case 'textDocument/didSave':
          return states.saved();
        case 'workspace/didChangeWatchedFiles':
          return states.clear();
      }
    },
    versions: () => documentVersions([...documents.values()]),
    configure(pulled) {
      settings = pulled;
      states.clear();
    },
    answer(method, params) {
      const handler = requests.get(method);
      if (!handler || (settings.live.urls.length > 0 && READS_LIVE.has(method))) return undefined;
      try {
        return { result: handler(params) };
      } catch (error) {
        if (error instanceof OverBudget) return undefined;
        throw error;
      }
    },
  };
}

/** Documents and their versions in one comparable string. */
export function documentVersions(documents: readonly TextDocument[]): string {
  return JSON.stringify(documents.map((document) => [document.uri, document.version]));
}
