/** balancerLens/diff: what the open document changed since an older text of it (the client sends its HEAD version), as the markdown report. */
import { diffMarkdown } from '../../core/features/diff-markdown';
import type { DiffAnswer, DiffParams } from '../../protocol';
import type { Open } from '../context';
import type { DocumentStates } from '../documents';

/** The report, or null when the params are not a text or the document is in no configuration. */
export function trafficDiff(states: DocumentStates, { document }: Open, params: DiffParams): DiffAnswer | null {
  if (typeof params.before !== 'string') return null;
  const diff = states.trafficSince(document, params.before);
  if (!diff) return null;
  const label = typeof params.label === 'string' && params.label !== '' ? params.label : 'before';
  return { markdown: diffMarkdown(diff, [label, 'working copy']), changed: diff.changed };
}
