/** textDocument/completion: directives, parameter keys, values and balancer names. */
import { InsertTextFormat } from 'vscode-languageserver/node';
import type { CompletionItem, CompletionParams } from 'vscode-languageserver/node';
import { complete } from '../../core/features/completion';
import type { Open } from '../context';
import { COMPLETION_KINDS } from '../convert';

/** The completions at a position. */
export function completion({ state }: Open, params: CompletionParams): CompletionItem[] {
  return complete(state.analysis, state.offsetAt(params.position)).map((item) => ({
    label: item.label,
    kind: COMPLETION_KINDS[item.kind],
    detail: item.detail,
    documentation: item.documentation,
    insertText: item.insertText,
    insertTextFormat: item.isSnippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  }));
}
