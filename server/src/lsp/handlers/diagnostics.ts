/**
 * textDocument/publishDiagnostics: the findings of each open document, published once typing pauses
 * (`balancerLens.diagnostics.delay`), at once when a document opens or is saved. Findings that only
 * say the text being typed is not finished (core/features/unfinished.ts) are held back until typing
 * pauses five times as long, the cursor leaves them, or the file is saved. While a balancer's
 * refusal is held back, its inlay hints and code lens keep the schedule last published (`steady`),
 * and the editor is asked to refresh them once the refusal shows.
 */
import type { Connection, Diagnostic, Position, TextDocuments } from 'vscode-languageserver/node';
import type { Diagnostic as Finding } from '../../core/rules/types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CalmPreviews, calmPreviews, isUnfinished, SteadyView, steadyView } from '../../core/features/unfinished';
import { sameData } from '../../core/same-data';
import { diagnostic, oversizedDiagnostic } from '../convert';
import type { DocumentState, DocumentStates } from '../documents';
import type { Guard } from '../guard';

/** Publishes diagnostics now, or once typing has paused. */
export interface Publisher {
  /** Publishes one document's diagnostics now, holding nothing back. */
  publish(document: TextDocument): void;
  /** Publishes every open document's diagnostics now (after the settings or files on disk change), still holding back what is unfinished where the user types. */
  publishAll(): void;
  /** A file was saved: every open document's diagnostics now, holding nothing back. */
  saved(): void;
  /**
   * Notes a changed document: it and the open files of its configuration are published once typing
   * pauses. `cursor` is where the user typed; without it (a document just opened) they are
   * published as soon as the messages already received are handled.
   */
  changed(uri: string, cursor: Position | undefined): void;
  /** The cursor is at `position` (a code-action request): findings held back there are published once it leaves their line. */
  cursorAt(uri: string, position: Position): void;
  /** The document's findings the editor shows or is about to: those held back while the user types left out (code actions answer only these). */
  shown(state: DocumentState): readonly Finding[];
  /** What the inlay hints and code lenses show while the user types in a document: balancers whose refusal is held back keep their calm preview. */
  steady(state: DocumentState): SteadyView | undefined;
  /** Forgets a closed document. */
  closed(uri: string): void;
}

/** Typing pauses this many times the delay before held-back findings are published anyway. */
const HOLD_FACTOR = 5;

/** Where a document was typed in, and whether its last publication held findings back. */
interface Typing {
  cursor: Position;
  held: boolean;
  release?: ReturnType<typeof setTimeout>;
}

/** The findings of a document not held back while the user types at `cursor` (an offset in its configuration). */
function notHeld(state: DocumentState, cursor: number): readonly Finding[] {
  return state.diagnostics.filter((finding) => !isUnfinished(state.analysis, finding, cursor));
}

/** Where a diagnostic starts, as a number: diagnostics of one key may start in different places, but seldom do. */
function startOf(diagnostic: Diagnostic): number {
  const { line, character } = diagnostic.range.start;
  return line * 4096 + (character % 4096);
}

/** The diagnostics of a publication by where each starts. */
function byStart(conversions: ReadonlyMap<Finding, Diagnostic | undefined> | undefined): Map<number, Diagnostic[]> {
  const found = new Map<number, Diagnostic[]>();
  for (const diagnostic of conversions?.values() ?? []) {
    if (!diagnostic) continue;
    const key = startOf(diagnostic);
    const list = found.get(key);
    if (list) list.push(diagnostic);
    else found.set(key, [diagnostic]);
  }
  return found;
}

/** The diagnostic of the last publication that reads as `converted` does, field by field, or `converted` itself. */
function republished(
  converted: Diagnostic | undefined,
  published: () => ReadonlyMap<number, readonly Diagnostic[]>,
): Diagnostic | undefined {
  if (!converted) return undefined;
  return (
    published()
      .get(startOf(converted))
      ?.find((earlier) => sameData(earlier, converted)) ?? converted
  );
}

/** The publisher of a server's documents. */
export function diagnosticsPublisher(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  states: DocumentStates,
  guard: Guard,
  delay: () => number,
  refreshViews: () => void,
  extra: (state: DocumentState) => readonly Diagnostic[] = () => [],
): Publisher {
  const typing = new Map<string, Typing>();
  const calm = new Map<string, CalmPreviews>();
  /**
   * Each document's findings as last published, converted. A finding object an edit kept (core/lint.ts,
   * `movedFindings`) stands where it stood, all the text before it unchanged, so its conversion holds.
   * Any other finding whose conversion reads as one published last time, at the same place, is
   * published as that diagnostic object again (`republished`): the worker writes a diagnostic it
   * wrote before from the JSON it kept (message-json.ts). That is most of the findings of the rules
   * that run again after an edit, and every one an edit moved whose line and column stay.
   */
  const conversions = new Map<string, Map<Finding, Diagnostic | undefined>>();
  const stopTyping = (uri: string): void => {
    clearTimeout(typing.get(uri)?.release);
    typing.delete(uri);
  };
  /** Publishes findings held back until now, and has the views that kept a calm preview asked again. */
  const release = (document: TextDocument): void => {
    publish(document);
    refreshViews();
  };

  // Guarded one by one: a document that cannot be analysed must not stop the others being published.
  const publish = guard('diagnostics', undefined, (document: TextDocument): void => {
    const state = states.get(document);
    if ('oversized' in state) {
      stopTyping(document.uri);
      void connection.sendDiagnostics({
        uri: document.uri,
        version: document.version,
        diagnostics: [oversizedDiagnostic(state.oversized)],
      });
      return;
    }
    let findings = state.diagnostics;
    const typed = typing.get(document.uri);
    const cursor = typed && state.offsetAt(typed.cursor);
    calm.set(document.uri, calmPreviews(state.analysis, cursor, calm.get(document.uri)));
    if (typed && cursor !== undefined) {
      findings = notHeld(state, cursor);
      typed.held = findings.length < state.diagnostics.length;
      clearTimeout(typed.release);
      if (typed.held)
        typed.release = setTimeout(() => {
          typing.delete(document.uri);
          const current = documents.get(document.uri);
          if (current) release(current);
        }, delay() * HOLD_FACTOR);
      else typing.delete(document.uri);
    }
    const before = conversions.get(document.uri);
    const now = new Map<Finding, Diagnostic | undefined>();
    const diagnostics: Diagnostic[] = [];
    let published: ReadonlyMap<number, readonly Diagnostic[]> | undefined;
    for (const finding of findings) {
      const converted = before?.has(finding)
        ? before.get(finding)
        : republished(diagnostic(state, finding), () => (published ??= byStart(before)));
      now.set(finding, converted);
      if (converted) diagnostics.push(converted);
    }
    conversions.set(document.uri, now);
    diagnostics.push(...extra(state));
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  });

  // Changed documents wait for a pause in typing; with no delay, until the messages already
  // received are handled (the connection handles one per turn of the event loop). Either way a
  // burst of keystrokes is analysed once, for its last version, instead of once per keystroke.
  const changed = new Set<string>();
  let settled = false;
  let waiting = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = guard('diagnostics', undefined, (_: void) => {
    if (!settled) {
      settled = true;
      setImmediate(flush);
      return;
    }
    waiting = false;
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
  /** Flushes after `wait` ms without another change (0: once the queue is handled); a flush already due soon stays. */
  const schedule = (wait: number): void => {
    settled = false;
    if (waiting && timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    waiting = true;
    if (wait === 0) setImmediate(flush);
    else
      timer = setTimeout(() => {
        timer = undefined;
        flush(undefined);
      }, wait);
  };

  return {
    publish,
    publishAll() {
      for (const document of documents.all()) publish(document);
    },
    saved() {
      for (const document of documents.all()) {
        stopTyping(document.uri);
        publish(document);
      }
    },
    changed(uri, cursor) {
      changed.add(uri);
      const wait = cursor ? delay() : 0;
      if (cursor && wait > 0) {
        clearTimeout(typing.get(uri)?.release);
        typing.set(uri, { cursor, held: false });
      } else stopTyping(uri);
      schedule(wait);
    },
    cursorAt(uri, position) {
      const typed = typing.get(uri);
      if (!typed?.held || typed.cursor.line === position.line) return;
      typed.cursor = position;
      const document = documents.get(uri);
      if (document) release(document);
    },
    shown(state) {
      const typed = typing.get(state.document.uri);
      return typed ? notHeld(state, state.offsetAt(typed.cursor)) : state.diagnostics;
    },
    steady(state) {
      const typed = typing.get(state.document.uri);
      return typed && steadyView(state.analysis, state.offsetAt(typed.cursor), calm.get(state.document.uri));
    },
    closed(uri) {
      stopTyping(uri);
      calm.delete(uri);
      conversions.delete(uri);
    },
  };
}
