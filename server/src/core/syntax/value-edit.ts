/**
 * Edits of a parameter's value alone: `loadfactor=5` typed into `loadfactor=50`, `status=+H` into
 * `status=+D`. Such an edit changes what a member or balancer is set to, and nothing else a line says:
 * no word starts, ends, appears or goes, and no key, URL, quote, variable or template mark is typed.
 * The lint runner then runs again only the rules whose findings hang on such values and moves the
 * other rules' findings by the edit's length (core/lint.ts; a rule says so with `ignoresValues`).
 */
import { asciiLower } from '../ascii';
import type { Directive, Node, SyntaxTree } from './tree';

/** The value a value edit changed: `[start, oldEnd)` of the tree read before became `[start, oldEnd + delta)`. */
export interface ValueEdit {
  /** The tree the edit started from, as `treeKey` gives it: what is kept about that tree is found under it. */
  readonly before: object;
  readonly start: number;
  readonly oldEnd: number;
  readonly delta: number;
}

/**
 * Where a place of the tree read before stands after a value edit: in the same place up to the
 * value's start, moved by the edit's length from its end on; undefined inside the value, and at an
 * empty value, whose start is also its end: whether a finding's place there meant the end of the
 * key or of the word cannot be told.
 */
export function movedPlace(edit: ValueEdit, at: number): number | undefined {
  if (at < edit.start || (at === edit.start && at < edit.oldEnd)) return at;
  if (at > edit.oldEnd || (at === edit.oldEnd && edit.start < at)) return at + edit.delta;
  return undefined;
}

/** The directives whose `key=value` words count: every value they take sets a member or a balancer. */
const VALUE_LINES = new Set(['balancermember', 'proxyset']);

const EDITS = new WeakMap<SyntaxTree, ValueEdit>();

const KEYS = new WeakMap<SyntaxTree, object>();

/**
 * An object that stands for `tree`, for what is kept about it (the lint runner's findings): a value
 * edit holds the key of the tree it started from, and so keeps that tree's facts, but not the tree,
 * alive as long as the edited tree lives. Holding the tree would keep every earlier tree of an
 * editing session.
 */
export function treeKey(tree: SyntaxTree): object {
  let key = KEYS.get(tree);
  if (!key) KEYS.set(tree, (key = {}));
  return key;
}

/** The value edit that made `tree` from the tree read before, if it was one. */
export function valueEditOf(tree: SyntaxTree): ValueEdit | undefined {
  return EDITS.get(tree);
}

/**
 * Records that `tree` was made from `previous` by a value edit, when it was: the change,
 * `[start, oldEnd)` of the old text that became `[start, oldEnd + delta)` of `tree.text`, lies in
 * the value of one unquoted `key=value` word of a `BalancerMember` or `ProxySet` line among `nodes`
 * and their sections' lines (the lines read again, or all the lines of the file read first), after
 * its first word, and the value holds only letters, digits and `.+-_` before and after the edit.
 */
export function noteValueEdit(tree: SyntaxTree, previous: SyntaxTree, nodes: readonly Node[], start: number, oldEnd: number): void {
  const text = tree.text;
  const delta = text.length - previous.text.length;
  const newEnd = oldEnd + delta;
  if (start === oldEnd && start === newEnd) return;
  if (!allValue(previous.text, start, oldEnd) || !allValue(text, start, newEnd)) return;
  let valueStart = start;
  while (valueStart > 0 && isValueCode(text.charCodeAt(valueStart - 1))) valueStart--;
  if (text.charCodeAt(valueStart - 1) !== EQUALS) return;
  let wordStart = valueStart - 1;
  while (wordStart > 0 && isKeyCode(text.charCodeAt(wordStart - 1))) wordStart--;
  if (wordStart === valueStart - 1 || !isBlank(text.charCodeAt(wordStart - 1))) return;
  let wordEnd = newEnd;
  while (wordEnd < text.length && isValueCode(text.charCodeAt(wordEnd))) wordEnd++;
  if (wordEnd < text.length && !isBlank(text.charCodeAt(wordEnd)) && text.charCodeAt(wordEnd) !== NEWLINE) return;
  const directive = directiveAt(nodes, wordStart);
  if (!directive || !VALUE_LINES.has(asciiLower(directive.name))) return;
  const index = directive.args.findIndex((word) => word.start === wordStart);
  const word = directive.args[index];
  if (index < 1 || word!.quoted || word!.end !== wordEnd) return;
  EDITS.set(tree, { before: treeKey(previous), start: valueStart, oldEnd: wordEnd - delta, delta });
}

const EQUALS = 61;
const NEWLINE = 10;

/** A letter, a digit, `.`, `+`, `-` or `_`: what a loadfactor, status, route or timeout is written with. */
function isValueCode(code: number): boolean {
  const lower = code | 32;
  return (lower >= 97 && lower <= 122) || (code >= 48 && code <= 57) || code === 46 || code === 43 || code === 45 || code === 95;
}

function isKeyCode(code: number): boolean {
  const lower = code | 32;
  return lower >= 97 && lower <= 122;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13;
}

function allValue(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (!isValueCode(text.charCodeAt(at))) return false;
  return true;
}

/** The directive whose line holds `at`, among `nodes` and the sections' lines. */
function directiveAt(nodes: readonly Node[], at: number): Directive | undefined {
  for (const node of nodes) {
    if (at < node.span.start || at >= node.span.end) continue;
    if (node.kind === 'directive') return node;
    if (at < node.open.span.end) return node.open;
    return directiveAt(node.children, at);
  }
  return undefined;
}
