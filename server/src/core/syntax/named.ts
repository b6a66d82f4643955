/**
 * The walk's directives by name: one pass over a node list, shared by every rule that looks for a
 * few directives, instead of each rule lower-casing every name of the walk itself.
 */
import { asciiLower } from '../ascii';
import type { Node } from './tree';
import { walk, WalkStep } from './walk';

/** A step that names a directive: a directive line, or a section entered (its opening line). */
export type NamedStep = Extract<WalkStep, { readonly kind: 'directive' | 'enter' }>;

const INDEXES = new WeakMap<readonly Node[], ReadonlyMap<string, readonly number[]>>();

/** Positions in `walk(nodes)` by the lower-case name of the step's directive (`<proxy` for a section). */
function indexOf(nodes: readonly Node[]): ReadonlyMap<string, readonly number[]> {
  let index = INDEXES.get(nodes);
  if (!index) {
    const built = new Map<string, number[]>();
    walk(nodes).forEach((step, position) => {
      if (step.kind === 'leave') return;
      const name = asciiLower(step.kind === 'directive' ? step.directive.name : step.section.open.name);
      const positions = built.get(name);
      if (positions) positions.push(position);
      else built.set(name, [position]);
    });
    index = built;
    INDEXES.set(nodes, index);
  }
  return index;
}

/**
 * The steps of `walk(nodes)` whose directive has one of `names` (lower case; sections by their
 * opening, `<proxy`), in walk order. Names compare as Apache compares them (ASCII case folding).
 */
export function stepsNamed(nodes: readonly Node[], names: Iterable<string>): NamedStep[] {
  const index = indexOf(nodes);
  const positions: number[] = [];
  let lists = 0;
  for (const name of names) {
    const found = index.get(name);
    if (!found) continue;
    lists++;
    for (const position of found) positions.push(position);
  }
  // Each list is in walk order already; only several of them need merging.
  if (lists > 1) positions.sort((a, b) => a - b);
  const steps = walk(nodes);
  return positions.map((position) => steps[position] as NamedStep);
}
