/**
 * Apache's walk order (docs/apache-semantics.md, ap_walk_config): depth first in file order,
 * includes and true conditionals spliced, false ones skipped.
 */
import type { Directive, Node, Section } from './tree';

/** One step of the walk; a section is entered before its children and left after them. */
export type WalkStep =
  | { readonly kind: 'directive'; readonly directive: Directive; readonly parent: Section | undefined }
  | { readonly kind: 'enter'; readonly section: Section; readonly parent: Section | undefined }
  | { readonly kind: 'leave'; readonly section: Section; readonly parent: Section | undefined };

const WALKS = new WeakMap<readonly Node[], readonly WalkStep[]>();

/**
 * The steps of a walk over `nodes`. Trees are never changed once read, so the steps are computed
 * once per node list and shared by the model, every rule and every editor feature.
 */
export function walk(nodes: readonly Node[]): readonly WalkStep[] {
  let steps = WALKS.get(nodes);
  if (!steps) {
    steps = stepsOf(nodes);
    WALKS.set(nodes, steps);
  }
  return steps;
}

/** Walks without recursion, so deep nesting cannot overflow the stack; `parent` skips conditionals. */
function stepsOf(nodes: readonly Node[]): WalkStep[] {
  const steps: WalkStep[] = [];
  interface Level {
    readonly nodes: readonly Node[];
    index: number;
    readonly section: Section | undefined;
    readonly parent: Section | undefined;
  }
  const levels: Level[] = [{ nodes, index: 0, section: undefined, parent: undefined }];
  while (levels.length > 0) {
    const level = levels.at(-1)!;
    const node = level.nodes[level.index++];
    if (!node) {
      levels.pop();
      if (level.section && !level.section.condition) {
        steps.push({ kind: 'leave', section: level.section, parent: levels.at(-1)?.parent });
      }
      continue;
    }
    if (node.kind === 'directive') {
      steps.push({ kind: 'directive', directive: node, parent: level.parent });
      // An Include's files are spliced at its place, first file first.
      const files = node.included ?? [];
      for (let i = files.length - 1; i >= 0; i--)
        levels.push({ nodes: files[i]!.nodes, index: 0, section: undefined, parent: level.parent });
    } else if (node.condition) {
      if (node.condition.active) levels.push({ nodes: node.children, index: 0, section: node, parent: level.parent });
    } else {
      steps.push({ kind: 'enter', section: node, parent: level.parent });
      levels.push({ nodes: node.children, index: 0, section: node, parent: node });
    }
  }
  return steps;
}
