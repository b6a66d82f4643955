/** textDocument/hover: the core hover as markdown. */
import { MarkupKind } from 'vscode-languageserver/node';
import type { Hover, HoverParams } from 'vscode-languageserver/node';
import { hover as coreHover } from '../../core/features/hover';
import type { Open } from '../context';

/** The hover at a position, or null. */
export function hover({ state, settings }: Open, params: HoverParams): Hover | null {
  const result = coreHover(state.analysis, state.offsetAt(params.position), { picks: settings.previewPicks });
  return result ? { contents: { kind: MarkupKind.Markdown, value: result.markdown }, range: state.rangeOf(result.span) } : null;
}
