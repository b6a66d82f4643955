/** Runs the rules over an analysis and applies severities, suppressions and stand-ins in one place. */
import type { Analysis } from './analysis';
import { boundedMessage } from './bounded';
import { STATUS_BITS } from './model/params';
import { RULES } from './rules';
import { sameData } from './same-data';
import type { Diagnostic, Rule, RuleContext, RuleFinding, Severity, SuppressionReview } from './rules/types';
import type { Span } from './span';
import { findSuppressions, Suppression } from './suppressions';
import { expandedLines } from './syntax/named';
import { KeptEdit, keptEditOf, movedPlace, treeKey } from './syntax/value-edit';
import { withKeys } from './with-keys';

/** A severity as configured: a rule can also be turned off. */
export type SeveritySetting = Severity | 'off';

/** What `.balancerlens.json` and the editor settings can change. */
export interface LintOptions {
  /** Severity per rule id; a rule not named keeps its default. */
  readonly rules?: Readonly<Record<string, SeveritySetting>>;
  /** Every file of the run, this one included, for cross-file references (default: this one alone); one array for the whole run. */
  readonly run?: readonly Analysis[];
  /** Called before each rule; may throw to stop (see ReadOptions.checkpoint). */
  readonly checkpoint?: () => void;
}

/**
 * Findings hidden because a stand-in finding explains them (see `Rule.standsInFor`): a rule's
 * stand-in applies only when one of its findings is among `found`, and never hides its own.
 */
export function hiddenByStandIns(analysis: Analysis, found: readonly Diagnostic[]): (diagnostic: Diagnostic) => boolean {
  const tests = RULES.filter((rule) => rule.standsInFor && found.some((diagnostic) => diagnostic.ruleId === rule.id)).map((rule) => {
    const explains = rule.standsInFor!(analysis);
    return (diagnostic: Diagnostic): boolean => diagnostic.ruleId !== rule.id && explains(diagnostic);
  });
  return (diagnostic) => tests.some((explains) => explains(diagnostic));
}

/**
 * Lints one analysis; diagnostics come back in document order. Rules run, suppression comments
 * silence what they name, stand-ins hide what they explain, and then the rules that review
 * suppressions run with what was silenced.
 */
export function lint(analysis: Analysis, options: LintOptions = {}): Diagnostic[] {
  const settings = options.rules ?? {};
  const severityOf = (rule: Rule): SeveritySetting => settings[rule.id] ?? rule.severity;
  const run = options.run ?? [analysis];
  const found: Diagnostic[] = [];
  let macroLines: ((span: Span) => Span | undefined) | undefined;
  // Bounded, with the macro line a finding on a `Use` line came from: what a finding is, whatever its severity.
  const finished = (findings: readonly RuleFinding[]): RuleFinding[] =>
    findings.map((finding) => bounded(withMacroLine(finding, (macroLines ??= macroLineOf(analysis)))));
  const report = (rule: Rule, findings: () => readonly RuleFinding[], into: Diagnostic[]): void => {
    options.checkpoint?.();
    const severity = severityOf(rule);
    if (severity === 'off') return;
    for (const diagnostic of diagnosticsOf(rule, findings(), severity)) into.push(diagnostic);
  };
  const known = knownFindings(analysis);
  const before = findingsBefore(analysis);
  for (const rule of RULES)
    if (!rule.reviewsSuppressions) report(rule, () => findingsOf(rule, analysis, run, { known, before }, finished), found);
  const isHiddenByStandIn = hiddenByStandIns(analysis, found);
  const suppressions = findSuppressions(analysis.tree);
  const silenced = suppressions.map(() => new Set<string>());
  const suppressing = suppressionIndex(suppressions);
  const kept = found
    .filter((diagnostic) => {
      const index = suppressing(diagnostic);
      if (index === undefined) return true;
      silenced[index]!.add(diagnostic.ruleId);
      return false;
    })
    .filter((diagnostic) => !isHiddenByStandIn(diagnostic));
  const byId = new Map<string, Rule>(RULES.map((rule) => [rule.id, rule]));
  const review: SuppressionReview = {
    suppressions,
    hasSilenced: (index, id) => silenced[index]?.has(id) ?? false,
    severityOf: (id) => {
      const rule = byId.get(id);
      return rule && severityOf(rule);
    },
  };
  for (const rule of RULES)
    if (rule.reviewsSuppressions) report(rule, () => finished(rule.check({ analysis, run, suppressions: review })), kept);
  return kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}

/**
 * A rule's findings that did not depend on the rest of the run, by tree (under its `treeKey`): a
 * rule that never reads `run` sees only the analysis, which its tree decides but for one thing,
 * the clock, and the clock only changes whether members in error (status E) are retried yet. So
 * when the editor lints a configuration again because another one was edited (`updateSet` keeps
 * the trees it did not read again, previewed again as the clock moves), only the cross-file rules
 * run again, unless an answer for a member in error changed. Whether a rule read `run` is
 * observed, not declared. The findings of a rule that read the run are kept too when the file was
 * linted alone (its run was the file itself, as in the editor for a configuration in one file), for
 * that run only. A tree a value or comment edit made starts with those of the tree before that hold
 * after the edit (`movedFindings`).
 */
const LOCAL_FINDINGS = new WeakMap<object, KnownFindings>();

/** The findings kept for a tree, by rule id. */
interface KnownFindings {
  /** What the clock decided when they were found (`errorAnswers`). */
  readonly clock: string;
  /** Of the rules that did not read the run. */
  readonly local: Map<string, readonly RuleFinding[]>;
  /** Of the rules that read the run, found with this file alone in it: they hold for that run only. */
  readonly alone: Map<string, readonly RuleFinding[]>;
}

/** The findings kept for an analysis' tree: none when the clock answered otherwise since. */
function knownFindings(analysis: Analysis): KnownFindings {
  const clock = errorAnswers(analysis);
  const key = treeKey(analysis.tree);
  let entry = LOCAL_FINDINGS.get(key);
  if (entry?.clock !== clock) {
    const edit = entry ? undefined : keptEditOf(analysis.tree);
    const earlier = edit && LOCAL_FINDINGS.get(edit.before);
    entry = { clock, local: movedFindings(edit, earlier?.local), alone: movedFindings(edit, earlier?.alone) };
    LOCAL_FINDINGS.set(key, entry);
  }
  return entry;
}

/** The rules whose findings stand after an edit of each kind (syntax/value-edit.ts). */
const STANDING: Readonly<Record<KeptEdit['kind'], readonly string[]>> = {
  value: RULES.filter((rule) => rule.ignoresValues).map((rule) => rule.id),
  comments: RULES.filter((rule) => !rule.readsComments).map((rule) => rule.id),
};

/**
 * After an edit of a value or of comments alone (syntax/value-edit.ts), of the findings the tree it
 * started from kept, those of the rules that cannot see the edit, moved by its length: the others run again.
 */
function movedFindings(
  edit: KeptEdit | undefined,
  earlier: ReadonlyMap<string, readonly RuleFinding[]> | undefined,
): Map<string, readonly RuleFinding[]> {
  const byRule = new Map<string, readonly RuleFinding[]>();
  if (!edit || !earlier) return byRule;
  for (const id of STANDING[edit.kind]) {
    const findings = earlier.get(id);
    const moved = findings && movedBy(edit, findings);
    if (moved) byRule.set(id, moved);
  }
  return byRule;
}

/**
 * Findings after such an edit, or undefined when a place of one is inside the change (its rule then
 * runs again). Most findings stand before the change, or the edit kept the length: those are kept
 * as they are, and so is the list when all are (the diagnostics made of it are then kept too).
 */
function movedBy(edit: KeptEdit, findings: readonly RuleFinding[]): readonly RuleFinding[] | undefined {
  const isInside = (span: Span): boolean => movedPlace(edit, span.start) === undefined || movedPlace(edit, span.end) === undefined;
  const isAfter = (span: Span): boolean => span.end > edit.start;
  let result: RuleFinding[] | undefined;
  for (let index = 0; index < findings.length; index++) {
    const finding = findings[index]!;
    if (somePlace(finding, isInside)) return undefined;
    if (edit.delta !== 0 && somePlace(finding, isAfter)) (result ??= findings.slice(0, index)).push(moved(edit, finding));
    else result?.push(finding);
  }
  return result ?? findings;
}

const NONE: readonly never[] = [];

/** Whether any place a finding names passes `test`: its span, its related places and its fixes' edits. */
function somePlace(finding: RuleFinding, test: (span: Span) => boolean): boolean {
  if (test(finding.span)) return true;
  for (const entry of finding.related ?? NONE) if (test(entry.span)) return true;
  for (const fix of finding.fixes ?? NONE) for (const each of fix.edits) if (test(each.span)) return true;
  return false;
}

/** A finding whose places are all outside the change, moved by the edit's length. */
function moved(edit: KeptEdit, finding: RuleFinding): RuleFinding {
  const span = ({ start, end }: Span): Span => ({ start: movedPlace(edit, start)!, end: movedPlace(edit, end)! });
  return {
    ...finding,
    span: span(finding.span),
    ...(finding.related ? { related: finding.related.map((entry) => ({ ...entry, span: span(entry.span) })) } : {}),
    ...(finding.fixes
      ? { fixes: finding.fixes.map((fix) => ({ ...fix, edits: fix.edits.map((each) => ({ ...each, span: span(each.span) })) })) }
      : {}),
  };
}

/**
 * The findings kept for the tree a value or comment edit made this analysis' tree from, with that
 * edit: a rule that runs again and finds what it found there keeps that list (`findingsOf`).
 */
interface FindingsBefore {
  readonly edit: KeptEdit;
  readonly known: KnownFindings;
}

function findingsBefore(analysis: Analysis): FindingsBefore | undefined {
  const edit = keptEditOf(analysis.tree);
  const known = edit && LOCAL_FINDINGS.get(edit.before);
  return edit && known && { edit, known };
}

/**
 * A rule's findings: those kept for the tree, or found now. A rule that runs again after a value or
 * comment edit mostly finds what it found before: it then keeps that list (moved by the edit's
 * length, or itself when that is 0 or all stand before the change), so the diagnostics made of it
 * and their conversions in the editor are kept too.
 */
function findingsOf(
  rule: Rule,
  analysis: Analysis,
  run: readonly Analysis[],
  { known, before }: { readonly known: KnownFindings; readonly before: FindingsBefore | undefined },
  finished: (findings: readonly RuleFinding[]) => RuleFinding[],
): readonly RuleFinding[] {
  const isAlone = run.length === 1 && run[0] === analysis;
  const kept = known.local.get(rule.id) ?? (isAlone ? known.alone.get(rule.id) : undefined);
  if (kept) return kept;
  let readsRun = false;
  const context: RuleContext = {
    analysis,
    get run() {
      readsRun = true;
      return run;
    },
  };
  let findings: readonly RuleFinding[] = finished(rule.check(context));
  const earlier = before && (readsRun ? (isAlone ? before.known.alone : undefined) : before.known.local)?.get(rule.id);
  const moved = earlier && movedBy(before.edit, earlier);
  if (moved && sameData(moved, findings)) findings = moved;
  if (!readsRun) known.local.set(rule.id, findings);
  else if (isAlone) known.alone.set(rule.id, findings);
  return findings;
}

/**
 * The diagnostics a rule's findings make at a severity, by the list of findings: a list kept across
 * an edit (`movedFindings`) makes the same diagnostic objects again, which the editor converts once.
 */
const DIAGNOSTICS = new WeakMap<
  readonly RuleFinding[],
  { readonly ruleId: string; readonly severity: Severity; readonly made: readonly Diagnostic[] }
>();

function diagnosticsOf(rule: Rule, findings: readonly RuleFinding[], severity: Severity): readonly Diagnostic[] {
  if (findings.length === 0) return NONE;
  let entry = DIAGNOSTICS.get(findings);
  if (entry?.ruleId !== rule.id || entry.severity !== severity) {
    entry = { ruleId: rule.id, severity, made: findings.map((finding) => withKeys(finding, { ruleId: rule.id, severity })) };
    DIAGNOSTICS.set(findings, entry);
  }
  return entry.made;
}

/** What the clock decided in the previews: for each member with status E, in order, whether it is still kept out as in error. */
function errorAnswers(analysis: Analysis): string {
  let answers = '';
  for (const { balancer, schedule } of analysis.previews)
    balancer.members.forEach((member, index) => {
      if (member.params.status & STATUS_BITS.E) answers += schedule.members[index]?.idle === 'in-error' ? 'E' : '-';
    });
  return answers;
}

/** Whether a finding means the run did not read the whole configuration (its rule `marksIncomplete`). */
export function marksIncomplete(diagnostic: Diagnostic): boolean {
  return INCOMPLETE.has(diagnostic.ruleId);
}

const INCOMPLETE = new Set<string>(RULES.filter((rule) => rule.marksIncomplete).map((rule) => rule.id));

/** The `<Macro>` body lines some expanded lines came from, told apart only as one or several. */
interface BodyLines {
  first: Span | undefined;
  several: boolean;
}

function addBodyLine(lines: BodyLines, line: Span): void {
  if (!lines.first) lines.first = line;
  else if (lines.first.start !== line.start) lines.several = true;
}

/** The body line, when there is exactly one. */
function onlyBodyLine(lines: BodyLines | undefined): Span | undefined {
  return lines && !lines.several ? lines.first : undefined;
}

/** Lines read from macro expansions that share one span (that of the outermost `Use` line they stand on). */
interface Expansion {
  readonly span: Span;
  /** The body lines of all of them. */
  readonly lines: BodyLines;
  /** By where a `Use` value a line holds ends: the body lines holding such a value. */
  readonly byValueEnd: Map<number, BodyLines>;
}

/**
 * The `<Macro>` body line a span on a `Use` line came from, when one can be told: the only expanded
 * line there, or the only one with a value of the `Use` line ending where the span ends; a span on
 * the macro's own text shared by several of its lines tells none. Indexed once, so each finding is
 * a lookup, not a search of the whole expansion (2^12 lines and findings took 82 s).
 */
function macroLineOf(analysis: Analysis): (span: Span) => Span | undefined {
  const expansions: Expansion[] = [];
  for (const line of expandedLines(analysis.tree.nodes)) {
    let expansion = expansions.at(-1);
    if (!expansion || expansion.span.start !== line.span.start || expansion.span.end !== line.span.end) {
      expansion = { span: line.span, lines: { first: undefined, several: false }, byValueEnd: new Map() };
      expansions.push(expansion);
    }
    const macroLine = line.macroLine!;
    addBodyLine(expansion.lines, macroLine);
    const length = line.span.end - line.span.start;
    for (const piece of line.argText.pieces) {
      if (piece.sourceLength >= length) continue;
      const end = piece.source + piece.sourceLength;
      let ending = expansion.byValueEnd.get(end);
      if (!ending) expansion.byValueEnd.set(end, (ending = { first: undefined, several: false }));
      addBodyLine(ending, macroLine);
    }
  }
  // Spans nest or follow one another; the last expansion starting at or before a span is the one that may hold it.
  const sorted = expansions.map((expansion, index) => ({ expansion, index }));
  sorted.sort((a, b) => a.expansion.span.start - b.expansion.span.start || a.index - b.index);
  return (span) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]!.expansion.span.start <= span.start) low = middle + 1;
      else high = middle;
    }
    const expansion = sorted[low - 1]?.expansion;
    if (!expansion || span.end > expansion.span.end) return undefined;
    // A finding on an expansion ends at the value it came from, when it came from one.
    return onlyBodyLine(expansion.lines) ?? onlyBodyLine(expansion.byValueEnd.get(span.end));
  };
}

/** A finding on a `Use` line, with the `<Macro>` body line it came from as a related place. */
function withMacroLine(finding: RuleFinding, fromMacro: (span: Span) => Span | undefined): RuleFinding {
  const line = fromMacro(finding.span);
  if (!line) return finding;
  return { ...finding, related: [...(finding.related ?? []), { span: line, message: 'expanded from this line of the macro' }] };
}

/** A finding whose texts are bounded, however long the values they quote. */
function bounded(finding: RuleFinding): RuleFinding {
  return {
    ...finding,
    message: boundedMessage(finding.message),
    ...(finding.apacheMessage === undefined ? {} : { apacheMessage: boundedMessage(finding.apacheMessage) }),
    ...(finding.fixes ? { fixes: finding.fixes.map((fix) => ({ ...fix, title: boundedMessage(fix.title) })) } : {}),
    ...(finding.related ? { related: finding.related.map((entry) => ({ ...entry, message: boundedMessage(entry.message) })) } : {}),
  };
}

/**
 * The suppression that silences a diagnostic: the first, in comment order, that names its rule and
 * covers its start. Found through an index (file-wide ones by rule, next-line ones by the line they
 * cover, which never overlap) rather than by trying every comment for every diagnostic.
 */
function suppressionIndex(suppressions: readonly Suppression[]): (diagnostic: Diagnostic) => number | undefined {
  const fileWide = new Map<string, number>();
  const lines: { readonly index: number; readonly covers: Span; readonly names: ReadonlySet<string> }[] = [];
  suppressions.forEach((suppression, index) => {
    const names = new Set(suppression.ids.map((entry) => entry.id));
    if (!suppression.covers) {
      for (const name of names) if (!fileWide.has(name)) fileWide.set(name, index);
    } else lines.push({ index, covers: suppression.covers, names });
  });
  lines.sort((a, b) => a.covers.start - b.covers.start || a.index - b.index);
  return (diagnostic) => {
    const at = diagnostic.span.start;
    let lo = 0;
    let hi = lines.length - 1;
    let line: (typeof lines)[number] | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (lines[mid]!.covers.start <= at) {
        line = lines[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const byLine = line && at <= line.covers.end && line.names.has(diagnostic.ruleId) ? line.index : undefined;
    const byFile = fileWide.get(diagnostic.ruleId);
    return byLine === undefined ? byFile : byFile === undefined ? byLine : Math.min(byLine, byFile);
  };
}
