/**
 * Findings that only say "not finished yet" while someone types: the editor holds them back until
 * typing pauses for longer, the cursor leaves, or the file is saved (docs/editors.md).
 */
import type { Analysis } from '../analysis';
import { DIRECTIVES } from '../directives/table';
import { LBMETHODS } from '../model/build';
import type { Balancer } from '../model/model';
import type { Diagnostic } from '../rules/types';
import type { BalancerPreview } from '../scheduler/preview';
import { unclosedSectionAt } from '../syntax/close';
import { PARAMETER_DOCS } from './parameter-docs';

/** The names a half-typed word may be the start of, per rule that reports an unknown name. */
const KNOWN_NAMES: Readonly<Record<string, readonly string[]>> = {
  'unknown-directive': DIRECTIVES.map((info) => info.name.toLowerCase()),
  'unknown-parameter': [...new Set(PARAMETER_DOCS.map((doc) => doc.key))],
  'unknown-lbmethod': LBMETHODS,
};

/**
 * Whether a finding only says the text at `cursor` (an offset in the analysis' text) is not
 * finished: a section without its close that holds the cursor and so runs to the end of the file;
 * on the cursor's line, a finding that touches the cursor (the word being typed); or an unknown
 * name there that is the start of one Apache knows (`BalancerMem`, `lbmethod=b`).
 */
export function isUnfinished(analysis: Analysis, diagnostic: Pick<Diagnostic, 'span' | 'ruleId'>, cursor: number): boolean {
  const { span } = diagnostic;
  const text = analysis.tree.text;
  const unclosed = unclosedSectionAt(analysis.tree.nodes, span.start);
  if (unclosed && cursor >= unclosed.open.span.start) return true;
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const lineEnd = text.indexOf('\n', cursor);
  if (span.end < lineStart || (lineEnd >= 0 && span.start > lineEnd)) return false;
  if (span.start <= cursor && cursor <= span.end) return true;
  const word = text.slice(span.start, span.end).replace(/^["']/, '').toLowerCase();
  return word !== '' && (KNOWN_NAMES[diagnostic.ruleId] ?? []).some((name) => name.length > word.length && name.startsWith(word));
}

/**
 * What the inlay hints and code lenses show for a balancer while its refusal is held back: its
 * last calm preview (none for a balancer that had none), so they change when the diagnostics do.
 * Undefined: the balancer's own preview.
 */
export type SteadyView = (preview: BalancerPreview) => { readonly calm: BalancerPreview | undefined } | undefined;

/** Calm previews by balancer name, as the diagnostics last published them. */
export type CalmPreviews = ReadonlyMap<string, BalancerPreview>;

/** Whether Apache refuses a preview only for what is not finished at `cursor`: its refusal and every refused member's. */
function isHeld(analysis: Analysis, preview: BalancerPreview, cursor: number): boolean {
  const refusals = [...(preview.refusal ? [preview.refusal] : []), ...(preview.refusedMembers?.values() ?? [])];
  return refusals.length > 0 && refusals.every((refusal) => isUnfinished(analysis, refusal, cursor));
}

/** The previews a publication shows, `cursor` where the user types (none: nothing held): a held one keeps its calm predecessor. */
export function calmPreviews(analysis: Analysis, cursor: number | undefined, before: CalmPreviews | undefined): CalmPreviews {
  const calm = new Map<string, BalancerPreview>();
  for (const preview of analysis.previews) {
    const name = preview.balancer.name;
    if (cursor === undefined || !isHeld(analysis, preview, cursor)) calm.set(name, preview);
    else if (before?.has(name)) calm.set(name, before.get(name)!);
  }
  return calm;
}

/** The steady view of an analysis while the user types at `cursor`, over the calm previews last published. */
export function steadyView(analysis: Analysis, cursor: number, calm: CalmPreviews | undefined): SteadyView {
  return (preview) => (isHeld(analysis, preview, cursor) ? { calm: calm?.get(preview.balancer.name) } : undefined);
}

/** For each member of `current`, its index in `calm`: the same URL, else the same place while the count is unchanged. */
export function counterparts(current: Balancer, calm: Balancer): (number | undefined)[] {
  const used = new Set<number>();
  const byUrl = current.members.map((member) => {
    const index = calm.members.findIndex((candidate, at) => !used.has(at) && candidate.url === member.url);
    if (index >= 0) used.add(index);
    return index >= 0 ? index : undefined;
  });
  const sameCount = current.members.length === calm.members.length;
  return byUrl.map((index, at) => index ?? (sameCount && !used.has(at) ? at : undefined));
}
