/** textDocument/codeLens: one lens per balancer that opens its schedule. */
import type { CodeLens, CodeLensParams } from 'vscode-languageserver/node';
import { codeLenses as coreCodeLenses } from '../../core/features/code-lens';
import type { Open } from '../context';

/** The lenses of the document's balancers. */
export function codeLenses({ document, state, settings }: Open, _params: CodeLensParams): CodeLens[] {
  return coreCodeLenses(state.analysis, { picks: settings.previewPicks }).flatMap((lens) => {
    const range = state.rangeOf(lens.span);
    return range
      ? [{ range, command: { title: lens.title, command: 'balancerLens.showSchedule', arguments: [document.uri, lens.balancer] } }]
      : [];
  });
}
