/** balancerLens/diff: what the open document changed since an older text of it (the client sends its HEAD version), as the markdown report. */
import { diffMarkdown } from '../../core/reports/diff-markdown';
import { escapeMarkdown } from '../../core/markup';
import type { DiffAnswer, DiffParams } from '../../protocol';
import type { Open } from '../context';
import { DocumentStates, megabytes } from '../documents';

/** The report, or null when the params are not a text or the document is in no configuration. */
export function trafficDiff(states: DocumentStates, { document, settings }: Open, params: DiffParams): DiffAnswer | null {
  if (typeof params.before !== 'string') return null;
  const label = typeof params.label === 'string' && params.label !== '' ? params.label : 'before';
  // The older text is analysed like an open document: not past the size limit.
  const limit = settings.limits.size;
  if (params.before.length > limit)
    return {
      markdown: `${escapeMarkdown(label.slice(0, 200))} is ${megabytes(params.before.length)}, more than the ${megabytes(limit)} balancer-lens analyses in the editor, so it is not compared: raise balancerLens.limits.maxSize, or run balancer-lens diff\n`,
      changed: false,
    };
  const diff = states.trafficSince(document, params.before);
  if (!diff) return null;
  return { markdown: diffMarkdown(diff, [label, 'working copy']), changed: diff.changed };
}
