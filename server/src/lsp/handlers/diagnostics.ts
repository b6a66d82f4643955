/** textDocument/publishDiagnostics: the findings of each open document, published after its configuration changes. */
import type { Connection, Diagnostic, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { diagnostic, oversizedDiagnostic } from '../convert';
import type { DocumentStates } from '../documents';
import type { Guard } from '../guard';

/** Publishes diagnostics now, or once a burst of changes has settled. */
export interface Publisher {
  /** Publishes one document's diagnostics. */
  publish(document: TextDocument): void;
  /** Publishes every open document's diagnostics (after the settings or files on disk change). */
  publishAll(): void;
  /** Notes a changed document: it and the open files of its configuration are published once the messages already received are handled. */
  changed(uri: string): void;
}

/** The publisher of a server's documents. */
export function diagnosticsPublisher(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  states: DocumentStates,
  guard: Guard,
): Publisher {
  // Guarded one by one: a document that cannot be analysed must not stop the others being published.
  const publish = guard('diagnostics', undefined, (document: TextDocument): void => {
    const state = states.get(document);
    const diagnostics =
      'oversized' in state
        ? [oversizedDiagnostic(state.oversized)]
        : state.diagnostics.flatMap((finding): Diagnostic[] => {
            const converted = diagnostic(state, finding);
            return converted ? [converted] : [];
          });
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
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

  return {
    publish,
    publishAll() {
      for (const document of documents.all()) publish(document);
    },
    changed(uri) {
      changed.add(uri);
      settled = false;
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    },
  };
}
