/**
 * Where the user is typing. LSP does not send the cursor, so it is read from what clients do send:
 * the end of the last text a didChange inserted, and the range of a code-action request (VS Code
 * asks for code actions wherever the cursor goes, to show its light bulb).
 */
import type { DidChangeTextDocumentParams, Position } from 'vscode-languageserver/node';

/** The position just after the last change of a didChange, in the changed document; `before` is the text it changes. */
export function cursorAfter(before: string | undefined, params: DidChangeTextDocumentParams): Position | undefined {
  const change = params.contentChanges.at(-1);
  if (!change) return undefined;
  if ('range' in change && change.range) return advance(change.range.start, change.text);
  // A whole-text change: the cursor is where the new text stops matching the old one from the end.
  const after = change.text;
  const old = before ?? '';
  let prefix = 0;
  while (prefix < old.length && prefix < after.length && old[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < after.length - prefix &&
    old[old.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  return advance({ line: 0, character: 0 }, after.slice(0, after.length - suffix));
}

/** A position moved past `text`. */
function advance(start: Position, text: string): Position {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length === 1) return { line: start.line, character: start.character + text.length };
  return { line: start.line + lines.length - 1, character: lines.at(-1)!.length };
}

/** A code-action request's cursor (the end of its range), if the params are well formed. */
export function requestCursor(params: unknown): { uri: string; position: Position } | undefined {
  const fields = params as { textDocument?: { uri?: unknown }; range?: { end?: { line?: unknown; character?: unknown } } } | null;
  const uri = fields?.textDocument?.uri;
  const end = fields?.range?.end;
  if (typeof uri !== 'string' || !Number.isInteger(end?.line) || !Number.isInteger(end?.character)) return undefined;
  return { uri, position: { line: end!.line as number, character: end!.character as number } };
}
