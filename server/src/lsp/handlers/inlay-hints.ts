/** textDocument/inlayHint: each member's share after its line, unless the setting turns them off. */
import type { InlayHint, InlayHintParams } from 'vscode-languageserver/node';
import { inlayHints as coreInlayHints } from '../../core/features/inlay-hints';
import type { SteadyView } from '../../core/features/unfinished';
import type { Open } from '../context';

/** The hints inside the requested range; `steady` keeps balancers held back while the user types at their calm schedule. */
export function inlayHints({ state, settings }: Open, params: InlayHintParams, steady?: SteadyView): InlayHint[] {
  if (!settings.inlayHints) return [];
  return coreInlayHints(state.analysis, state.offsetAt(params.range.start), state.offsetAt(params.range.end), steady).flatMap((hint) => {
    const range = state.rangeOf({ start: hint.offset, end: hint.offset });
    return range ? [{ position: range.start, label: hint.label, tooltip: hint.tooltip, paddingLeft: true }] : [];
  });
}
