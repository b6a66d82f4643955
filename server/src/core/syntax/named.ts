/**
 * The walk's directives by name, and the sections they stand in: one pass over a node list, shared
 * by every rule that looks for a few directives, instead of each rule walking every step and
 * lower-casing every name itself.
 */
import { asciiLower } from '../ascii';
import type { Directive, Node, Section } from './tree';
import { takeWalkSplice, walk, WalkStep } from './walk';

/** A step that names a directive: a directive line, or a section entered (its opening line). */
export type NamedStep = Extract<WalkStep, { readonly kind: 'directive' | 'enter' }>;

/** A section entered by the walk: its lower-case name (without `<`), the section it is entered in and the outermost one. */
interface Entered {
  readonly name: string;
  readonly parent: Section | undefined;
  readonly outermost: Section;
}

interface Index {
  /** Positions in `walk(nodes)` by the lower-case name of the step's directive (`<proxy` for a section). */
  readonly positions: ReadonlyMap<string, readonly number[]>;
  /** The same names by position (none for a `leave` step). */
  readonly names: readonly (string | undefined)[];
  readonly sections: ReadonlyMap<Section, Entered>;
  /** The lines read from macro expansions (those with a `macroLine`), in walk order. */
  readonly expanded: readonly Directive[];
  /** `enclosing`'s answers, per `names` argument and section. */
  readonly enclosing: Map<string | ReadonlySet<string>, Map<Section, Section | undefined>>;
}

const INDEXES = new WeakMap<readonly Node[], Index>();

function indexOf(nodes: readonly Node[]): Index {
  let index = INDEXES.get(nodes);
  if (!index) {
    index = splicedIndex(nodes) ?? freshIndex(nodes);
    INDEXES.set(nodes, index);
  }
  return index;
}

/** Lower-case names by the name as written: a configuration spells each name one or two ways, thousands of times. */
function folder(): (name: string) => string {
  const folded = new Map<string, string>();
  return (name) => {
    let lower = folded.get(name);
    if (lower === undefined) folded.set(name, (lower = asciiLower(name)));
    return lower;
  };
}

/** A section the walk enters, the section it enters it in having been entered before it. */
function entered(sections: ReadonlyMap<Section, Entered>, step: Extract<WalkStep, { readonly kind: 'enter' }>, name: string): Entered {
  return { name, parent: step.parent, outermost: (step.parent && sections.get(step.parent)?.outermost) ?? step.section };
}

/**
 * The index of a list an edit made (walk.ts, `takeWalkSplice`) whose steps between the ones it shares
 * with the list before name the same directives as the steps they replace, as after an edit of a
 * value or of comments: the positions and names are that list's, and only the sections entered in
 * those steps are looked at again.
 */
function splicedIndex(nodes: readonly Node[]): Index | undefined {
  const steps = walk(nodes);
  const splice = takeWalkSplice(steps);
  const earlier = splice && INDEXES.get(splice.before);
  if (!splice || !earlier || earlier.names.length !== steps.length || earlier.expanded.length > 0) return undefined;
  const end = steps.length - splice.tail;
  const fold = folder();
  for (let position = splice.head; position < end; position++) {
    const step = steps[position]!;
    const line = step.kind === 'leave' ? undefined : step.kind === 'directive' ? step.directive : step.section.open;
    if (line?.macroLine || earlier.names[position] !== (line && fold(line.name))) return undefined;
  }
  const sections = new Map(earlier.sections);
  const before = walk(splice.before);
  for (let position = splice.head; position < end; position++) {
    const step = before[position]!;
    if (step.kind === 'enter') sections.delete(step.section);
  }
  for (let position = splice.head; position < end; position++) {
    const step = steps[position]!;
    if (step.kind === 'enter') sections.set(step.section, entered(sections, step, fold(step.section.name)));
  }
  return { positions: earlier.positions, names: earlier.names, sections, expanded: earlier.expanded, enclosing: new Map() };
}

/** The index of a node list, made from its walk. */
function freshIndex(nodes: readonly Node[]): Index {
  const positions = new Map<string, number[]>();
  const sections = new Map<Section, Entered>();
  const expanded: Directive[] = [];
  const names: (string | undefined)[] = [];
  const fold = folder();
  walk(nodes).forEach((step, position) => {
    names.push(undefined);
    if (step.kind === 'leave') return;
    // A parent is entered before its children, so its outermost section is known.
    if (step.kind === 'enter') sections.set(step.section, entered(sections, step, fold(step.section.name)));
    const line = step.kind === 'directive' ? step.directive : step.section.open;
    if (line.macroLine) expanded.push(line);
    const name = fold(line.name);
    names[position] = name;
    const list = positions.get(name);
    if (list) list.push(position);
    else positions.set(name, [position]);
  });
  return { positions, names, sections, expanded, enclosing: new Map() };
}

/**
 * The positions in `walk(nodes)` of the steps whose directive has one of `names` (lower case;
 * sections by their opening, `<proxy`), in walk order. Names compare as Apache compares them (ASCII
 * case folding). The index's own list when only one name has lines: not to be changed.
 */
export function positionsNamed(nodes: readonly Node[], names: Iterable<string>): ArrayLike<number> {
  const index = indexOf(nodes).positions;
  const lists: (readonly number[])[] = [];
  let count = 0;
  for (const name of names) {
    const found = index.get(name);
    if (!found) continue;
    lists.push(found);
    count += found.length;
  }
  // Each list is in walk order already; only several of them need merging, sorted as numbers without a comparator.
  if (lists.length === 1) return lists[0]!;
  const positions = new Uint32Array(count);
  let at = 0;
  for (const list of lists) for (const position of list) positions[at++] = position;
  return positions.sort();
}

/** The steps at `positionsNamed(nodes, names)`. */
export function stepsNamed(nodes: readonly Node[], names: Iterable<string>): NamedStep[] {
  const positions = positionsNamed(nodes, names);
  const steps = walk(nodes);
  const found: NamedStep[] = [];
  for (let at = 0; at < positions.length; at++) found.push(steps[positions[at]!] as NamedStep);
  return found;
}

/** The lower-case name of the directive of each step of `walk(nodes)`, by position (undefined for a `leave` step). */
export function foldedNames(nodes: readonly Node[]): readonly (string | undefined)[] {
  return indexOf(nodes).names;
}

/** The lines of the walk over `nodes` read from macro expansions (those with a `macroLine`), in walk order. */
export function expandedLines(nodes: readonly Node[]): readonly Directive[] {
  return indexOf(nodes).expanded;
}

/** The lower-case names of the directives the walk over `nodes` has (sections by their opening, `<proxy`). */
export function namesIn(nodes: readonly Node[]): Iterable<string> {
  return indexOf(nodes).positions.keys();
}

/** The lower-case name of a section the walk over `nodes` enters (`virtualhost`, without `<`). */
export function foldedName(nodes: readonly Node[], section: Section): string {
  return indexOf(nodes).sections.get(section)?.name ?? asciiLower(section.name);
}

/**
 * The innermost of `section` and the sections the walk over `nodes` entered it in (a step's
 * `parent` and theirs) whose lower-case name (without `<`) is `names` or one of them. `names` is
 * a constant of the caller: answers are kept per `names` and section, so each section is looked at
 * once however deep the nesting (20,000 unclosed sections), not once per line inside it.
 */
export function enclosing(nodes: readonly Node[], section: Section | undefined, names: string | ReadonlySet<string>): Section | undefined {
  if (!section) return undefined;
  const index = indexOf(nodes);
  let answers = index.enclosing.get(names);
  if (!answers) {
    answers = new Map();
    index.enclosing.set(names, answers);
  }
  // Climb to a section already answered (or past the outermost), then answer the sections passed, outermost first.
  const passed: Section[] = [];
  let at: Section | undefined = section;
  while (at && !answers.has(at)) {
    passed.push(at);
    at = index.sections.get(at)?.parent;
  }
  let answer = at && answers.get(at);
  for (let i = passed.length - 1; i >= 0; i--) {
    const each = passed[i]!;
    const name = foldedName(nodes, each);
    if (typeof names === 'string' ? name === names : names.has(name)) answer = each;
    answers.set(each, answer);
  }
  return answers.get(section);
}

/** A server of the configuration: the main server or one `<VirtualHost>`, with lines of the names asked for that it holds. */
export interface ServerLines {
  /** Undefined for the main server. */
  readonly vhost: Section | undefined;
  /** In walk order, each with the section it is in. */
  readonly lines: readonly DirectiveStep[];
}

/** A step of a directive line. */
export type DirectiveStep = Extract<WalkStep, { readonly kind: 'directive' }>;

/**
 * The lines named `names` (lower-case directive names) by the server they are in: the main server
 * first, then every `<VirtualHost>` in walk order, including those that hold none.
 */
export function linesByServer(nodes: readonly Node[], names: readonly string[]): ServerLines[] {
  const main = { vhost: undefined, lines: [] as DirectiveStep[] };
  const servers: { vhost: Section | undefined; lines: DirectiveStep[] }[] = [main];
  const byVhost = new Map<Section, (typeof servers)[number]>();
  // Lines in a row mostly share their section (a <Proxy>'s members): its server is looked up once for them.
  let parent: Section | undefined;
  let server: (typeof servers)[number] = main;
  for (const step of stepsNamed(nodes, ['<virtualhost', ...names])) {
    if (step.kind === 'enter') {
      const entered = { vhost: step.section, lines: [] };
      servers.push(entered);
      byVhost.set(step.section, entered);
      continue;
    }
    if (step.parent !== parent) {
      parent = step.parent;
      const vhost = enclosing(nodes, parent, 'virtualhost');
      server = (vhost && byVhost.get(vhost)) ?? main;
    }
    server.lines.push(step);
  }
  return servers;
}

/** The section the walk over `nodes` entered `section` in, if any. */
export function parentSection(nodes: readonly Node[], section: Section): Section | undefined {
  return indexOf(nodes).sections.get(section)?.parent;
}

/** The outermost of `section` and the sections the walk over `nodes` entered it in. */
export function outermostSection(nodes: readonly Node[], section: Section): Section {
  return indexOf(nodes).sections.get(section)?.outermost ?? section;
}
