/** textDocument/completion: directives, parameter keys, values and balancer names. */
import { InsertTextFormat } from 'vscode-languageserver/node';
import type { CompletionItem, CompletionParams } from 'vscode-languageserver/node';
import { complete } from '../../core/features/completion';
import type { Open } from '../context';
import { COMPLETION_KINDS } from '../convert';

/** The completions at a position, in the core's order (clients sort by `sortText`, else alphabetically). */
export function completion({ state }: Open, params: CompletionParams): CompletionItem[] {
  return complete(state.analysis, state.offsetAt(params.position)).map((item, index) => ({
    label: item.label,
    sortText: String(index).padStart(5, '0'),
    kind: COMPLETION_KINDS[item.kind],
    detail: item.detail,
    documentation: item.documentation,
    insertText: item.insertText,
    insertTextFormat: item.isSnippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  }));
}
