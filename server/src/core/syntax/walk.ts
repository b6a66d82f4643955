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
 * The node list each list an edit's reading made was made from (syntax/reread.ts): the two share
 * the nodes the edit left in place at the start and at the end, and so the steps of those.
 */
const EDITED_FROM = new WeakMap<readonly Node[], readonly Node[]>();

/** How the walk over a node list made from another (`EDITED_FROM`) differs from that one's. */
export interface WalkSplice {
  /** The list it was made from. */
  readonly before: readonly Node[];
  /** How many steps at the start the two walks share, and how many at the end. */
  readonly head: number;
  readonly tail: number;
}

const SPLICES = new WeakMap<readonly WalkStep[], WalkSplice>();

/**
 * Records that the top-level list `nodes` was made from `before` by an edit: nodes it left in place
 * are the same objects. What `before` was made from is forgotten: a list holds the one before it at
 * most, never the whole series of edits.
 */
export function noteEditedFrom(nodes: readonly Node[], before: readonly Node[]): void {
  EDITED_FROM.delete(before);
  EDITED_FROM.set(nodes, before);
}

/**
 * The steps of a walk over `nodes`. Trees are never changed once read, so the steps are computed
 * once per node list and shared by the model, every rule and every editor feature. The walk of a
 * list an edit made takes the steps of the nodes the edit left in place at its start and end from
 * the walk of the list it was made from, and walks only the nodes between.
 */
export function walk(nodes: readonly Node[]): readonly WalkStep[] {
  let steps = WALKS.get(nodes);
  if (!steps) {
    const before = EDITED_FROM.get(nodes);
    EDITED_FROM.delete(nodes);
    const earlier = before && WALKS.get(before);
    steps = before && earlier ? splicedSteps(nodes, before, earlier) : stepsOf(nodes);
    WALKS.set(nodes, steps);
  }
  return steps;
}

/**
 * How the walk of a list an edit made differs from the walk it was made from (`walk`), when it was
 * made so: the steps before `head` are the same objects in both, and so are the last `tail`. Handed
 * over once, and forgotten once the next edit's walk is made: each holds the list before, which must
 * not keep the lists before that alive in a series of edits.
 */
export function takeWalkSplice(steps: readonly WalkStep[]): WalkSplice | undefined {
  const splice = SPLICES.get(steps);
  SPLICES.delete(steps);
  return splice;
}

/** The walk over `nodes`, the steps of the nodes shared with `before` at the start and end taken from its walk, `earlier`. */
function splicedSteps(nodes: readonly Node[], before: readonly Node[], earlier: readonly WalkStep[]): WalkStep[] {
  let first = 0;
  while (first < nodes.length && first < before.length && nodes[first] === before[first]) first++;
  let kept = 0;
  while (kept < nodes.length - first && kept < before.length - first && nodes.at(-1 - kept) === before.at(-1 - kept)) kept++;
  let head = 0;
  for (let at = 0; at < first; at++) head += stepCount(before[at]!);
  let tail = 0;
  for (let at = before.length - kept; at < before.length; at++) tail += stepCount(before[at]!);
  const steps = [...earlier.slice(0, head), ...stepsOf(nodes.slice(first, nodes.length - kept)), ...earlier.slice(earlier.length - tail)];
  // As in `noteEditedFrom`: the walk before is not asked about its own splice any more.
  SPLICES.delete(earlier);
  SPLICES.set(steps, { before, head, tail });
  return steps;
}

/** How many steps the walk takes over one node: what `stepsOf` makes of it, counted without making them. */
function stepCount(node: Node): number {
  let count = 0;
  const pending: (readonly Node[])[] = [[node]];
  for (let list = pending.pop(); list; list = pending.pop()) {
    for (const each of list) {
      if (each.kind === 'directive') {
        count++;
        for (const file of each.included ?? []) pending.push(file.nodes);
      } else if (!each.condition) {
        count += 2;
        pending.push(each.children);
      } else if (each.condition.active) pending.push(each.children);
    }
  }
  return count;
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
