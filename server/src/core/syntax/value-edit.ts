/**
 * Edits that leave most findings standing, so the lint runner runs again only the rules that could
 * see them and moves the other rules' findings by the edit's length (core/lint.ts):
 * - an edit of a parameter's value alone: `loadfactor=5` typed into `loadfactor=50`, `status=+H`
 *   into `status=+D`. It changes what a member or balancer is set to, and nothing else a line says:
 *   no word starts, ends, appears or goes, and no key, URL, quote, variable or template mark is
 *   typed. A rule says its findings stand then with `ignoresValues`.
 * - an edit of comments and blank text alone: every line reads as before, word for word, in its
 *   place or moved by the edit's length. Only the rules that read comments (`readsComments`) run.
 */
import { asciiLower } from '../ascii';
import type { Directive, Node, SyntaxDiagnostic, SyntaxTree } from './tree';
import { walk, WalkStep } from './walk';
import type { Word } from './words';

type WalkStepOf<K extends WalkStep['kind']> = Extract<WalkStep, { readonly kind: K }>;

/** What an edit changed: `[start, oldEnd)` of the tree read before became `[start, oldEnd + delta)`. */
export interface KeptEdit {
  /** A parameter's value alone, or comments and blank text alone. */
  readonly kind: 'value' | 'comments';
  /** The tree the edit started from, as `treeKey` gives it: what is kept about that tree is found under it. */
  readonly before: object;
  readonly start: number;
  readonly oldEnd: number;
  readonly delta: number;
}

/**
 * Where a place of the tree read before stands after such an edit: in the same place up to the
 * change's start, moved by the edit's length from its end on; undefined inside the change, and
 * where text was typed into nothing (an empty value, a blank line): whether a finding's place
 * there meant the text before it or after it cannot be told.
 */
export function movedPlace(edit: KeptEdit, at: number): number | undefined {
  if (at < edit.start || (at === edit.start && at < edit.oldEnd)) return at;
  if (at > edit.oldEnd || (at === edit.oldEnd && edit.start < at)) return at + edit.delta;
  return undefined;
}

/** The directives whose `key=value` words count: every value they take sets a member or a balancer. */
const VALUE_LINES = new Set(['balancermember', 'proxyset']);

const EDITS = new WeakMap<SyntaxTree, KeptEdit>();

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

/** The value or comment edit that made `tree` from the tree read before, if it was one. */
export function keptEditOf(tree: SyntaxTree): KeptEdit | undefined {
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
  EDITS.set(tree, { kind: 'value', before: treeKey(previous), start: valueStart, oldEnd: wordEnd - delta, delta });
}

/**
 * Records that `tree` was made from `previous` by an edit of comments and blank text alone, when it
 * was: the change, `[start, oldEnd)` of the old text that became `[start, oldEnd + delta)`, left the
 * lines read again (`after`, in place of `before`) and the reader's problems among them (`problems`)
 * as they were, each in its place or moved by `delta`, and met no `\r` (the text's line ends, which
 * fixes copy, stay as they were).
 */
export function noteCommentEdit(
  tree: SyntaxTree,
  previous: SyntaxTree,
  lines: { readonly before: readonly Node[]; readonly after: readonly Node[] },
  problems: { readonly before: readonly SyntaxDiagnostic[]; readonly after: readonly SyntaxDiagnostic[] },
  start: number,
  oldEnd: number,
): void {
  const delta = tree.text.length - previous.text.length;
  if (hasReturn(previous.text, start, oldEnd) || hasReturn(tree.text, start, oldEnd + delta)) return;
  // Only comment and blank lines: a line's indentation, which reads the same to Apache, is what fixes copy.
  if (!onCommentLines(previous.text, start, oldEnd) || !onCommentLines(tree.text, start, oldEnd + delta)) return;
  const edit: KeptEdit = { kind: 'comments', before: treeKey(previous), start, oldEnd, delta };
  const was = walk(lines.before);
  const is = walk(lines.after);
  if (was.length !== is.length || problems.before.length !== problems.after.length) return;
  for (let at = 0; at < was.length; at++) {
    const [old, now] = [was[at]!, is[at]!];
    if (old.kind !== now.kind) return;
    if (old.kind === 'directive' ? !sameLine(edit, old.directive, (now as typeof old).directive) : !sameSection(edit, old, now)) return;
  }
  for (let at = 0; at < problems.before.length; at++) {
    const [old, now] = [problems.before[at]!, problems.after[at]!];
    if (old.ruleId !== now.ruleId || old.problem !== now.problem || old.message !== now.message || old.refused !== now.refused) return;
    if (!samePlace(edit, old.span.start, now.span.start) || !samePlace(edit, old.span.end, now.span.end)) return;
  }
  EDITS.set(tree, edit);
}

/** Whether every physical line holding a character of `[start, end)` is blank or a comment (`#` its first non-blank). */
function onCommentLines(text: string, start: number, end: number): boolean {
  for (let line = text.lastIndexOf('\n', start - 1) + 1; line < end;) {
    let first = line;
    while (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9) first++;
    if (first < text.length && text.charCodeAt(first) !== 10 && text.charCodeAt(first) !== 35) return false;
    const newline = text.indexOf('\n', line);
    if (newline < 0) break;
    line = newline + 1;
  }
  return true;
}

/** Whether a `\r` is in `[start, end)` or just around it. */
function hasReturn(text: string, start: number, end: number): boolean {
  for (let at = Math.max(0, start - 1); at <= end && at < text.length; at++) if (text.charCodeAt(at) === 13) return true;
  return false;
}

/**
 * Whether the place `was` of the tree read before stands at `is` after the edit. At the place where
 * text was typed, either answer is the same place (a blank line typed before a line starting there):
 * a finding that names it is found again, as `movedPlace` cannot tell which side it meant.
 */
function samePlace(edit: KeptEdit, was: number, is: number): boolean {
  const moved = movedPlace(edit, was);
  if (moved !== undefined) return moved === is;
  return edit.start === edit.oldEnd && (is === was || is === was + edit.delta);
}

function sameSection(edit: KeptEdit, old: WalkStepOf<'enter' | 'leave'>, now: WalkStep): boolean {
  if (old.kind === 'leave') return true;
  const [was, is] = [old.section, (now as typeof old).section];
  return (
    was.name === is.name &&
    was.hasBracket === is.hasBracket &&
    sameWords(edit, was.args, is.args) &&
    sameLine(edit, was.open, is.open) &&
    (was.close === undefined ? is.close === undefined : is.close !== undefined && sameLine(edit, was.close, is.close)) &&
    (was.ignoredText === undefined
      ? is.ignoredText === undefined
      : is.ignoredText !== undefined &&
        samePlace(edit, was.ignoredText.start, is.ignoredText.start) &&
        samePlace(edit, was.ignoredText.end, is.ignoredText.end)) &&
    samePlace(edit, was.span.start, is.span.start) &&
    samePlace(edit, was.span.end, is.span.end)
  );
}

/** Whether a line reads as before, word for word, each place where the edit put it. */
function sameLine(edit: KeptEdit, was: Directive, is: Directive): boolean {
  if (was.name !== is.name || !sameWords(edit, was.args, is.args)) return false;
  const [wasText, isText] = [was.argText, is.argText];
  if (wasText.text !== isText.text || wasText.pieces.length !== isText.pieces.length) return false;
  for (let at = 0; at < wasText.pieces.length; at++) {
    const [old, now] = [wasText.pieces[at]!, isText.pieces[at]!];
    if (old.at !== now.at || old.length !== now.length || old.sourceLength !== now.sourceLength || !samePlace(edit, old.source, now.source))
      return false;
  }
  return (
    samePlace(edit, was.span.start, is.span.start) &&
    samePlace(edit, was.span.end, is.span.end) &&
    samePlace(edit, was.nameSpan.start, is.nameSpan.start) &&
    samePlace(edit, was.nameSpan.end, is.nameSpan.end) &&
    samePlace(edit, was.lineAt, is.lineAt)
  );
}

function sameWords(edit: KeptEdit, was: readonly Word[], is: readonly Word[]): boolean {
  if (was.length !== is.length) return false;
  for (let at = 0; at < was.length; at++) {
    const [old, now] = [was[at]!, is[at]!];
    if (
      old.value !== now.value ||
      old.quoted !== now.quoted ||
      !samePlace(edit, old.start, now.start) ||
      !samePlace(edit, old.end, now.end)
    )
      return false;
  }
  return true;
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
