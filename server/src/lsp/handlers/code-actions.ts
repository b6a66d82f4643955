/** textDocument/codeAction: the fixes of the diagnostics in the range, and suppression comments. */
import { CodeActionKind } from 'vscode-languageserver/node';
import type { CodeAction, CodeActionParams } from 'vscode-languageserver/node';
import { codeActions as coreCodeActions } from '../../core/features/code-actions';
import type { Open } from '../context';
import { workspaceEdit } from '../convert';

/** Quick fixes for the selection. */
export function codeActions({ state }: Open, params: CodeActionParams): CodeAction[] {
  const range = { start: state.offsetAt(params.range.start), end: state.offsetAt(params.range.end) };
  return coreCodeActions(state.analysis, state.diagnostics, range).map((action) => ({
    title: action.title,
    kind: CodeActionKind.QuickFix,
    isPreferred: action.isPreferred,
    diagnostics: params.context.diagnostics.filter((diagnostic) => diagnostic.code === action.diagnostic.ruleId),
    edit: workspaceEdit(state, action.edits),
  }));
}
