/** textDocument/hover: the core hover as markdown, with the live line of a member when running servers are compared (`balancerLens.live.url`). */
import { MarkupKind } from 'vscode-languageserver/node';
import type { Hover, HoverParams } from 'vscode-languageserver/node';
import { hover as coreHover } from '../../core/features/hover';
import { compareAll, LivePage, memberLiveLines } from '../../core/live/editor';
import { escapeMarkdown } from '../../core/markup';
import type { Open } from '../context';

/** The hover at a position, or null. */
export function hover({ state, settings }: Open, params: HoverParams, live: readonly LivePage[] = []): Hover | null {
  const offset = state.offsetAt(params.position);
  const result = coreHover(state.analysis, offset, { picks: settings.previewPicks });
  if (!result) return null;
  const member =
    live.length === 0
      ? undefined
      : state.analysis.previews
          .flatMap((preview) => preview.balancer.members)
          .find(({ declaration: { directive } }) => directive.span.start <= offset && offset <= directive.span.end);
  const lines = member ? memberLiveLines(compareAll(state.analysis, live), member) : [];
  const value = lines.length === 0 ? result.markdown : `${result.markdown}\n\n---\n\n${lines.map(escapeMarkdown).join('  \n')}`;
  return { contents: { kind: MarkupKind.Markdown, value }, range: state.rangeOf(result.span) };
}
