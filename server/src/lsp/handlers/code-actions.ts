/** textDocument/codeAction: the fixes of the diagnostics in the range, and suppression comments. */
import { CodeActionKind } from 'vscode-languageserver/node';
import type { CodeAction, CodeActionParams, Diagnostic, Range } from 'vscode-languageserver/node';
import { codeActions as coreCodeActions } from '../../core/features/code-actions';
import type { Diagnostic as Finding } from '../../core/rules/types';
import type { Open } from '../context';
import { workspaceEdit } from '../convert';

/**
 * Quick fixes for the selection, for the `findings` the editor shows (none for one held back while
 * the user types). Each action carries the client's diagnostics it fixes (the same rule at the same
 * range, the first of duplicates), so the answer grows with the findings fixed.
 */
export function codeActions({ state }: Open, params: CodeActionParams, findings: readonly Finding[] = state.diagnostics): CodeAction[] {
  const sent = new Map<string, Diagnostic>();
  for (const diagnostic of Array.isArray(params.context?.diagnostics) ? params.context.diagnostics : []) {
    const key = typeof diagnostic?.code === 'string' ? keyOf(diagnostic.code, diagnostic.range) : undefined;
    if (key && !sent.has(key)) sent.set(key, diagnostic);
  }
  const range = { start: state.offsetAt(params.range.start), end: state.offsetAt(params.range.end) };
  return coreCodeActions(state.analysis, findings, range).map((action) => ({
    title: action.title,
    kind: CodeActionKind.QuickFix,
    isPreferred: action.isPreferred,
    diagnostics: action.diagnostics.flatMap((diagnostic) => {
      const at = state.rangeOf(diagnostic.span);
      const found = at && sent.get(keyOf(diagnostic.ruleId, at));
      return found ? [found] : [];
    }),
    edit: workspaceEdit(state, action.edits),
  }));
}

/** A diagnostic's identity: its rule and range (a client's range may be malformed: it then matches nothing). */
function keyOf(code: string, range: Range): string {
  return `${code}@${range?.start?.line}:${range?.start?.character}-${range?.end?.line}:${range?.end?.character}`;
}
