/** Runs the rules over an analysis and applies severities and suppressions in one place. */
import type { Analysis } from './analysis';
import { boundedMessage } from './bounded';
import { RULES } from './rules';
import { TEMPLATE_SYNTAX, templateRegions } from './rules/template-syntax';
import type { Diagnostic, Rule, RuleFinding, Severity } from './rules/types';
import type { Span } from './span';
import { findSuppressions, Suppression } from './suppressions';

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

/** The rule that reports suppression comments naming unknown rules or suppressing nothing. */
export const UNUSED_SUPPRESSION = 'unused-suppression';

/** Sections a template's tags open and close never match; the template note explains them instead. */
const SECTION_MISMATCH = 'section-mismatch';

/**
 * In a template, the template-syntax note stands in for the findings its tags cause: those that
 * start on a template line, and section mismatches anywhere in that file (`<?php` or `<#list>`
 * opens a section). Nothing is hidden unless the note itself is among `found`.
 */
export function templateNoise(analysis: Analysis, found: readonly Diagnostic[]): (diagnostic: Diagnostic) => boolean {
  if (!found.some((diagnostic) => diagnostic.ruleId === TEMPLATE_SYNTAX)) return () => false;
  const { lines, files } = templateRegions(analysis);
  // The spans are sorted and disjoint (lines, files): a binary search, not a scan per diagnostic.
  const within = (spans: readonly Span[], offset: number): boolean => {
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const span = spans[mid]!;
      if (offset < span.start) hi = mid - 1;
      else if (offset >= span.end) lo = mid + 1;
      else return true;
    }
    return false;
  };
  return (diagnostic) =>
    diagnostic.ruleId !== TEMPLATE_SYNTAX && (within(lines, diagnostic.span.start) || (diagnostic.ruleId === SECTION_MISMATCH && within(files, diagnostic.span.start)));
}

/** Lints one analysis; diagnostics come back in document order. */
export function lint(analysis: Analysis, options: LintOptions = {}): Diagnostic[] {
  const settings = options.rules ?? {};
  const severityOf = (rule: Rule): SeveritySetting => settings[rule.id] ?? rule.severity;
  const found: Diagnostic[] = [];
  const run = options.run ?? [analysis];
  for (const rule of RULES) {
    options.checkpoint?.();
    const severity = severityOf(rule);
    if (severity === 'off' || rule.id === UNUSED_SUPPRESSION) continue;
    for (const finding of rule.check({ analysis, run })) found.push({ ...bounded(finding), ruleId: rule.id, severity });
  }
  const known = new Set(RULES.map((rule) => rule.id));
  const isHiddenByTemplate = templateNoise(analysis, found);
  const suppressions = findSuppressions(analysis.tree);
  const used = new Set<string>();
  const suppressing = suppressionIndex(suppressions);
  const kept = found.filter((diagnostic) => {
    const index = suppressing(diagnostic);
    if (index === undefined) return true;
    used.add(`${index}:${diagnostic.ruleId}`);
    return false;
  }).filter((diagnostic) => !isHiddenByTemplate(diagnostic));
  const unusedRule = RULES.find((rule) => rule.id === UNUSED_SUPPRESSION)!;
  const unusedSeverity = severityOf(unusedRule);
  if (unusedSeverity !== 'off') {
    suppressions.forEach((suppression, index) => {
      if (suppression.ids.length === 0) {
        kept.push({ ruleId: UNUSED_SUPPRESSION, severity: unusedSeverity, span: suppression.span, message: 'this suppression names no rule: add the rule ids it should silence' });
      }
      for (const entry of suppression.ids) {
        if (!known.has(entry.id)) {
          kept.push({ ruleId: UNUSED_SUPPRESSION, severity: unusedSeverity, span: entry.span, message: `"${entry.id}" is not a Balancer Lens rule, so this suppression does nothing` });
        } else if (!used.has(`${index}:${entry.id}`) && severityOf(RULES.find((rule) => rule.id === entry.id)!) !== 'off') {
          kept.push({
            ruleId: UNUSED_SUPPRESSION,
            severity: unusedSeverity,
            span: entry.span,
            message: `nothing here is reported by ${entry.id}: remove "${entry.id}" from this suppression`,
            fixes: [],
          });
        }
      }
    });
  }
  return kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}

/** A finding whose texts are bounded, however long the values they quote. */
function bounded(finding: RuleFinding): RuleFinding {
  return {
    ...finding,
    message: boundedMessage(finding.message),
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
