/** textDocument/codeLens: one lens per balancer that opens its schedule. */
import type { CodeLens, CodeLensParams } from 'vscode-languageserver/node';
import { codeLenses as coreCodeLenses } from '../../core/features/code-lens';
import type { SteadyView } from '../../core/features/unfinished';
import type { Open } from '../context';

/** The lenses of the document's balancers; `steady` keeps balancers held back while the user types at their calm schedule. */
export function codeLenses({ document, state, settings }: Open, _params: CodeLensParams, steady?: SteadyView): CodeLens[] {
  if (!settings.codeLenses) return [];
  return coreCodeLenses(state.analysis, { picks: settings.previewPicks }, steady).flatMap((lens) => {
    const range = state.rangeOf(lens.span);
    return range
      ? [{ range, command: { title: lens.title, command: 'balancerLens.showSchedule', arguments: [document.uri, lens.balancer] } }]
      : [];
  });
}
