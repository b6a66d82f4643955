/** Shared by the rules that surface a refusal the reader or the handlers already found. */
import type { Analysis } from '../analysis';
import type { Balancer, MemberDeclaration, ModelProblem, Parameter } from '../model/model';
import { LineParameter } from '../model/storage';
import type { Span } from '../span';
import type { Directive, Node, Section, SyntaxDiagnostic, SyntaxTree } from '../syntax/tree';
import type { Word } from '../syntax/words';
import { enclosing, stepsNamed } from '../syntax/named';
import { walk } from '../syntax/walk';
import { asciiLower } from '../ascii';
import type { RuleId } from '../rule-ids';
import { sectionClose, unclosedSectionAt } from '../syntax/close';
import { handlerWords, rewriteArguments, type RewriteArguments } from '../syntax/rewrite-words';
import { flagsOf } from '../requests/rewrite';
import type { Fix, TextEdit } from './types';

/**
 * Model problems the handlers tagged with rule `id`, in document order. A problem touching a word that still holds
 * an unresolved `${VAR}` is left to `refused-if-unset` unless Apache's whole environment was given: the variable may
 * come from the environment at start-up (docs/apache-semantics.md, ap_resolve_env). Resolved variables are checked
 * like any other text.
 */
export function modelProblems(analysis: Analysis, id: RuleId): ModelProblem[] {
  const tagged = analysis.model.problems.filter((problem) => problem.ruleId === id);
  // Most rules have no problems: the unresolved words are looked for only when some are left to tell apart.
  if (tagged.length === 0 || analysis.tree.environmentIsComplete) return tagged;
  const pending = unresolvedWords(analysis.tree);
  return tagged.filter((problem) => !dependsOnEnvironment(pending, problem));
}

/**
 * Refusals the handlers found in a value that still holds an unresolved `${VAR}`, when Apache's environment is not
 * known: Apache refuses them unless its environment sets the variable.
 */
export function refusalsIfUnset(analysis: Analysis): ModelProblem[] {
  if (analysis.tree.environmentIsComplete) return [];
  const refused = analysis.model.problems.filter((problem) => problem.refused);
  if (refused.length === 0) return refused;
  const pending = unresolvedWords(analysis.tree);
  return refused.filter((problem) => dependsOnEnvironment(pending, problem));
}

/** Whether a problem touches one of the `pending` words (values that still hold `${` after substitution, by offset). */
function dependsOnEnvironment(pending: readonly Span[], problem: ModelProblem): boolean {
  if (problem.parameter?.value.includes('${')) return true;
  const span = problem.span;
  // Words never overlap, so ordered by start they are ordered by end too: find the first that ends after the span starts.
  let lo = 0;
  let hi = pending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pending[mid]!.end <= span.start) lo = mid + 1;
    else hi = mid;
  }
  const word = pending[lo];
  return word !== undefined && word.start < span.end;
}

const UNRESOLVED = new WeakMap<SyntaxTree, readonly Span[]>();

/** Spans of the words whose value, after substitution, still holds `${`, by offset; one walk per (frozen) tree, not one per rule. */
function unresolvedWords(tree: SyntaxTree): readonly Span[] {
  const cached = UNRESOLVED.get(tree);
  if (cached) return cached;
  const spans: Span[] = [];
  UNRESOLVED.set(tree, spans);
  // Substitution only runs on lines holding `${`: without one in the text, no value can hold it.
  if (!tree.text.includes('${')) return spans;
  for (const step of walk(tree.nodes)) {
    const directive = step.kind === 'directive' ? step.directive : step.kind === 'enter' ? step.section.open : undefined;
    for (const word of directive ? handlerWords(directive) : []) if (word.value.includes('${')) spans.push(word.span);
  }
  spans.sort((a, b) => a.start - b.start);
  return spans;
}

/** Reader problems the reader tagged with rule `id`, in reading order. */
export function syntaxProblems(analysis: Analysis, id: RuleId): SyntaxDiagnostic[] {
  return analysis.tree.diagnostics.filter((diagnostic) => diagnostic.ruleId === id);
}

/** "Insert `</Proxy>`" for a section opened at `open` and never closed (none when the tree has no such section). */
export function closeSectionFixes(analysis: Analysis, open: Span): Fix[] {
  const section = unclosedSectionAt(analysis.tree.nodes, open.start);
  if (!section) return [];
  const close = sectionClose(analysis.tree.text, section);
  return [
    {
      title: `Insert \`</${section.name}>\``,
      edits: [{ span: { start: close.offset, end: close.offset }, newText: close.text }],
      // Where the section ends is a guess from the indentation.
      safe: false,
    },
  ];
}

/** Names for a message: all of them up to `max`, else the first `max` and how many more (a message must not grow with the file). */
export function listed(names: readonly string[], max = 5): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

const MEMBER_LINES = new WeakMap<Analysis, ReadonlyMap<Directive, MemberDeclaration>>();

/** Another parameter (by lower-case key) of the `BalancerMember` line that holds `parameter`, when that line declares a member. */
export function siblingParameter(analysis: Analysis, parameter: Parameter, key: string): Parameter | undefined {
  if (!(parameter instanceof LineParameter)) return undefined;
  // Each member's line by its directive, indexed once per analysis, so a finding looks its line up instead of scanning every member.
  let lines = MEMBER_LINES.get(analysis);
  if (!lines) {
    const index = new Map<Directive, MemberDeclaration>();
    for (const balancer of analysis.model.balancers)
      for (const member of balancer.members) index.set(member.declaration.directive, member.declaration);
    lines = index;
    MEMBER_LINES.set(analysis, lines);
  }
  return lines.get(parameter.line)?.parameters.find((candidate) => candidate.key.toLowerCase() === key);
}

/**
 * The edit that gives a parameter a new value: its value alone where it can be located, else the
 * whole word rewritten as it was written (`"status=E"` → `"status=D"`, quotes kept); none when the
 * word is not written as `key=value` (a `${VAR}` that expands to it), so no fix can say it exactly.
 */
export function valueEdit(analysis: Analysis, parameter: Parameter, value: string): TextEdit | undefined {
  const { span, valueSpan } = parameter;
  if (valueSpan.start !== span.start || valueSpan.end !== span.end) return { span: valueSpan, newText: value };
  const written = analysis.tree.text.slice(span.start, span.end);
  const match = /^(["']?)([^=]*)=/.exec(written);
  if (!match || asciiLower(match[2]!) !== asciiLower(parameter.key)) return undefined;
  const quote = match[1]!;
  if (quote && !written.endsWith(quote)) return undefined;
  return { span, newText: `${quote}${match[2]}=${value}${quote}` };
}

/** The shared-memory slot Apache names after a balancer (ap_pstr2_alnum): every non-alphanumeric byte becomes `_`. */
export function slotName(balancerName: string): string {
  return balancerName.slice('balancer://'.length).replace(/[^A-Za-z0-9]/g, '_');
}

/** Where to point for a balancer: its `<Proxy>` line, else the directive that created it. */
export function balancerAnchor(balancer: Balancer): Span {
  return (balancer.section?.open ?? balancer.createdBy).span;
}

/** An index over a whole lint run, of type `T`: create one per fact, at module level, with its builder. */
export interface RunIndexKey<T> {
  /** The index for `run`, built on first use and kept while the run's array lives. */
  readonly of: (run: readonly Analysis[]) => T;
}

/** A run index that `build` computes at most once per run (a run is one frozen array shared by its files). */
export function runIndexKey<T>(build: (run: readonly Analysis[]) => T): RunIndexKey<T> {
  const built = new WeakMap<readonly Analysis[], { readonly value: T }>();
  return {
    of(run) {
      let entry = built.get(run);
      if (!entry) {
        entry = { value: build(run) };
        built.set(run, entry);
      }
      return entry.value;
    },
  };
}

/** What `key` finds over the whole lint run: one build per run, shared by every file's check. */
export function runIndex<T>(run: readonly Analysis[], key: RunIndexKey<T>): T {
  return key.of(run);
}

/** The directive as written, on one line. */
export function quote(text: string, directive: Directive): string {
  return text.slice(directive.span.start, directive.span.end).replace(/\s+/g, ' ');
}

/**
 * The spaces and tabs before `offset` on its line, for a line inserted beside it: a carriage return or
 * form feed there is whitespace to Apache but a line break to an editor, so it is not copied.
 */
export function indentationAt(text: string, offset: number): string {
  return text.slice(lineStart(text, offset), offset).replace(/[^ \t]/g, '');
}

/** Offset of the start of the physical line holding `offset`. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the newline of the physical line holding the character before `end` (or the end of the text). */
export function lineEnd(text: string, end: number): number {
  const newline = text.indexOf('\n', Math.max(0, end - 1));
  return newline < 0 ? text.length : newline + 1;
}

/** A value written as one argument of a new line: bare when it can be, else quoted with `"` and `\` escaped. */
export function argument(value: string): string {
  return /^[^\s"'\\]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** A `RewriteRule` line whose words Apache reads: the words, its flags (lower-case names) and whether it proxies (`P`). */
export interface RewriteRuleLine {
  readonly directive: Directive;
  readonly words: RewriteArguments;
  readonly flags: ReadonlyMap<string, string>;
  readonly proxies: boolean;
}

/** Every `RewriteRule` line of the configuration with words Apache reads, in walk order. */
export function* rewriteRules(nodes: readonly Node[]): Generator<RewriteRuleLine> {
  for (const step of stepsNamed(nodes, ['rewriterule'])) {
    if (step.kind !== 'directive') continue;
    const words = rewriteArguments(step.directive);
    if (!words) continue;
    const flags = flagsOf(words.flags?.value);
    yield { directive: step.directive, words, flags, proxies: flags.has('p') || flags.has('proxy') };
  }
}

/**
 * An edit adding `flag` to a RewriteRule's or RewriteCond's flags (the word after its first two):
 * inside the `[…]` when there is one, else a new `[flag]` word.
 */
export function addRewriteFlag(text: string, directive: Directive, flag: string): TextEdit | undefined {
  const words = rewriteArguments(directive);
  if (!words) return undefined;
  const { second, flags } = words;
  if (!flags) {
    // After a quote never closed, a new word would be part of the substitution.
    const written = text.slice(second.span.start, second.span.end);
    const isOpen = second.quoted && (written.length < 2 || !written.endsWith(written[0]!));
    return isOpen ? undefined : { span: { start: second.span.end, end: second.span.end }, newText: ` [${flag}]` };
  }
  const raw = text.slice(flags.span.start, flags.span.end);
  const close = raw.lastIndexOf(']');
  if (!/^["']?\[/.test(raw) || close < 0) return undefined;
  const at = flags.span.start + close;
  return { span: { start: at, end: at }, newText: flags.value === '[]' ? flag : `,${flag}` };
}

/** A line's name and words, lower case, one space apart: `require all granted`. */
function lineText(directive: Directive): string {
  return asciiLower([directive.name, ...directive.args.map((word) => word.value)].join(' '));
}

/** The lengths of `deny`, `require` and `authtype`. */
const GUARD_NAME_LENGTHS = new Set([4, 7, 8]);

/**
 * Whether a section's own lines restrict access (`Require` other than `all granted`, `Deny`,
 * `AuthType`): a guard, as opposed to a section that opens a path.
 */
export function guardsAccess(section: Section): boolean {
  return section.children.some((child) => {
    if (child.kind !== 'directive') return child.name.toLowerCase().startsWith('require') && guardsAccess(child);
    // Told apart by length before the name is folded: most lines asked about are a <Proxy>'s members.
    if (!GUARD_NAME_LENGTHS.has(child.name.length)) return false;
    const name = asciiLower(child.name);
    if (name === 'deny' || name === 'authtype') return true;
    return name === 'require' && lineText(child) !== 'require all granted';
  });
}

/** Whether a section's own `Require all granted` lets everyone in. */
export function grantsAll(section: Section): boolean {
  return section.children.some((child) => child.kind === 'directive' && lineText(child) === 'require all granted');
}

/** Whether a section guards with `Require all denied` or `Deny from all`. */
export function deniesAll(section: Section): boolean {
  return (
    guardsAccess(section) &&
    section.children.some((child) => child.kind === 'directive' && /^(require all denied|deny from all)$/.test(lineText(child)))
  );
}

/**
 * How to load a module in this configuration: `a2enmod NAME` where it reads Debian's
 * `mods-enabled/*.load` (the module's .load file is named after it), else `LoadModule ID`.
 */
export function loadAdvice(analysis: Analysis, moduleId: string): string {
  const debian = walk(analysis.tree.nodes).some(
    (step) =>
      step.kind === 'directive' &&
      /^include(optional)?$/i.test(step.directive.name) &&
      /(^|\/)mods-enabled\/\*\.load$/.test(step.directive.args[0]?.value ?? ''),
  );
  return debian ? `run a2enmod ${moduleId.replace(/_module$/, '')}` : `add LoadModule ${moduleId}`;
}

/** Sections whose path a `ProxyPass` or `ProxyPassMatch` inside takes: the line's first word is then its URL. */
const PASS_PATH_SECTIONS = new Set(['location', 'locationmatch']);

/** The words of a `ProxyPass` or `ProxyPassMatch` line: a pattern (ProxyPassMatch, `ProxyPass ~`) or a path, and the URL. */
export interface PassWords {
  /** Undefined inside `<Location>`, where the section's path is the line's. */
  readonly path: Word | undefined;
  readonly isRegex: boolean;
  readonly url: Word | undefined;
}

/** A `ProxyPass`'s or `ProxyPassMatch`'s path and URL words, as add_pass reads them (`~` skipped). */
export function passWords(nodes: readonly Node[], directive: Directive, parent: Section | undefined): PassWords {
  const args = directive.args;
  const positional = args.filter((word) => word.value !== '~');
  const isRegex = asciiLower(directive.name) === 'proxypassmatch' || args[0]?.value === '~';
  if (enclosing(nodes, parent, PASS_PATH_SECTIONS)) return { path: undefined, isRegex, url: positional[0] };
  return { path: positional[0], isRegex, url: positional[1] };
}

/** A back-reference to a pattern's group, `$0` to `$9`, in a substitution or a URL, unless its `$` is escaped. */
export const BACK_REFERENCE = /(?<!\\)\$[0-9]/;
