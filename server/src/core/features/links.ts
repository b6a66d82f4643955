/** Document links for `Include` and `IncludeOptional` paths; the edge resolves them to files. */
import type { Analysis } from '../analysis';
import type { Span } from '../span';
import { walk } from '../syntax/walk';

/** A path as written and where it is. */
export interface IncludeLink {
  readonly span: Span;
  readonly path: string;
}

/** Every include path in walk order (conditionals that are false are skipped, as Apache skips them). */
export function includeLinks(analysis: Analysis): IncludeLink[] {
  const links: IncludeLink[] = [];
  for (const step of walk(analysis.tree.nodes)) {
    if (step.kind !== 'directive' || !/^include(optional)?$/i.test(step.directive.name)) continue;
    const word = step.directive.args[0];
    if (word) links.push({ span: word.span, path: word.value });
  }
  return links;
}
