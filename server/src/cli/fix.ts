/**
 * `lint --fix`: applies the safe fixes that re-analysis confirms, pass after pass, then replaces
 * each changed file atomically; a file that cannot be written is reported and the others go on.
 */
import type { Diagnostic, Fix, TextEdit } from '../core/rules/types';
import { describe } from './io';
import { replaceFile } from './replace-file';

/** `--fix` repeats while fixes keep landing, like ESLint; each pass re-lints the whole set. */
const MAX_FIX_PASSES = 10;

/** The fix `--fix` would apply for a diagnostic: its first safe one. */
export function safeFixOf(diagnostic: Diagnostic): Fix | undefined {
  return diagnostic.fixes?.find((fix) => fix.safe && fix.edits.length > 0);
}

/** The text with fixes applied, and how many fixes went in. */
export interface FixedText {
  readonly text: string;
  readonly applied: number;
}

/** A diagnostic with the fix chosen for it. */
interface Chosen {
  readonly diagnostic: Diagnostic;
  readonly fix: Fix;
}

/**
 * Applies the first safe fix of each diagnostic, in document order, without re-analysis (the
 * rules' own fixes, as the fuzz tests check them). See `chooseSafeFixes` for which fixes go in.
 */
export function applySafeFixes(text: string, diagnostics: readonly Diagnostic[]): FixedText {
  const chosen = chooseSafeFixes(text, diagnostics);
  return {
    text: applyEdits(
      text,
      chosen.flatMap((each) => each.fix.edits),
    ),
    applied: chosen.length,
  };
}

/**
 * The first safe fix of each diagnostic, in document order. A fix is all or nothing: one that
 * overlaps an edit already taken (or whose own edits overlap) is left out, to be retried on the
 * next pass. The chosen fixes never overlap, so any subset of them applies to `text` as is.
 */
function chooseSafeFixes(text: string, diagnostics: readonly Diagnostic[]): Chosen[] {
  const taken: TextEdit[] = [];
  const chosen: Chosen[] = [];
  for (const diagnostic of diagnostics) {
    const fix = safeFixOf(diagnostic);
    if (!fix) continue;
    const edits = fix.edits;
    const isClean = edits.every(
      (edit, index) =>
        edit.span.start <= edit.span.end &&
        edit.span.end <= text.length &&
        !taken.some((other) => overlaps(edit, other)) &&
        !edits.some((other, otherIndex) => otherIndex !== index && overlaps(edit, other)),
    );
    if (!isClean) continue;
    taken.push(...edits);
    chosen.push({ diagnostic, fix });
  }
  return chosen;
}

/** Applies non-overlapping edits from the end of the text backwards, so earlier offsets stay valid. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end)) {
    result = result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end);
  }
  return result;
}

/** Two edits conflict when their spans share a character, or both insert at the same point (the order would be a guess). */
function overlaps(a: TextEdit, b: TextEdit): boolean {
  return (a.span.start < b.span.end && b.span.start < a.span.end) || a.span.start === b.span.start;
}

/** A file given to `lint --fix`. */
export interface FixTarget {
  /** The file's identity in the findings (its real path). */
  readonly key: string;
  readonly path: string;
  /** Its name in messages. */
  readonly shown: string;
  /** The text as read. */
  readonly text: string;
  /** Its bytes round-trip through `text` (valid UTF-8), so it may be rewritten. */
  readonly isWritable: boolean;
}

/** Findings of one file, as the CLI's linting returns them. */
export interface FileDiagnostics {
  readonly diagnostics: readonly Diagnostic[];
}

/** Lints the whole configuration set with `texts` (by key) in place of those files' texts; findings by key. */
export type LintWith<F extends FileDiagnostics> = (texts: ReadonlyMap<string, string>) => ReadonlyMap<string, F>;

/** What `fixFiles` did. */
export interface FixOutcome<F extends FileDiagnostics> {
  /** The findings of the files as they now are on disk. */
  readonly linted: ReadonlyMap<string, F>;
  /** The texts of the writable targets as they now are on disk, by key. */
  readonly texts: ReadonlyMap<string, string>;
  /** How many files had fixes that could not be written (each reported). */
  readonly unwritten: number;
}

/**
 * Fixes the targets: each pass chooses the safe fixes of every file, applies them, re-lints the
 * set and keeps them only if no error appears that was not there before and every fixed finding
 * went away; a batch that fails is split in halves until the fixes at fault are found and left
 * out. Then each changed file is replaced atomically. A file that cannot be written is reported
 * through `report` (one line) and the others are still written: the findings returned are those
 * of the files as they are on disk.
 */
export function fixFiles<F extends FileDiagnostics>(
  targets: readonly FixTarget[],
  linted: ReadonlyMap<string, F>,
  lintWith: LintWith<F>,
  report: (line: string) => void,
): FixOutcome<F> {
  const unique = [...new Map(targets.map((target) => [target.key, target])).values()];
  const writable = unique.filter((target) => target.isWritable);
  const fixed = confirmFixes(writable, linted, lintWith);
  let current = fixed.linted;
  const texts = new Map(fixed.texts);
  let unwritten = 0;
  for (const target of unique) {
    const refused = fixed.refused.get(target.key) ?? 0;
    if (refused > 0)
      report(
        `${target.shown}: ${refused} safe fix${refused === 1 ? '' : 'es'} left out: re-analysis found ${refused === 1 ? 'it' : 'they'} would introduce an error`,
      );
    const text = texts.get(target.key);
    if (!target.isWritable && current.get(target.key)?.diagnostics.some((diagnostic) => safeFixOf(diagnostic)))
      report(`${target.shown}: not valid UTF-8, so --fix leaves it alone`);
    if (text === undefined || text === target.text) continue;
    try {
      replaceFile(target.path, target.text, text);
    } catch (error) {
      report(`${target.shown}: could not write the fixes: ${describe(error)}; the file is unchanged`);
      texts.set(target.key, target.text);
      unwritten++;
    }
  }
  // The report describes the files on disk: lint again with the unwritten files as they were.
  if (unwritten > 0) current = lintWith(texts);
  return { linted: current, texts, unwritten };
}

/** Confirmed texts by key, their findings, and how many fixes re-analysis refused in each file. */
export interface Confirmed<F extends FileDiagnostics> {
  readonly texts: ReadonlyMap<string, string>;
  readonly linted: ReadonlyMap<string, F>;
  readonly refused: ReadonlyMap<string, number>;
}

/** A fix chosen for a file in a pass; its edits are offsets into that file's text at the pass's start. */
interface Candidate extends Chosen {
  readonly key: string;
}

/** The passes of `fixFiles` without writing: the texts re-analysis confirms, with their findings. */
export function confirmFixes<F extends FileDiagnostics>(
  targets: readonly FixTarget[],
  linted: ReadonlyMap<string, F>,
  lintWith: LintWith<F>,
): Confirmed<F> {
  let texts: ReadonlyMap<string, string> = new Map(targets.map((target) => [target.key, target.text]));
  let current = linted;
  // A refused fix is known by what it changes, not where: other fixes move it between passes.
  const refusedFixes = new Set<string>();
  const refused = new Map<string, number>();
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const base = texts;
    const candidates = targets.flatMap((target) => {
      const text = base.get(target.key)!;
      const open = (current.get(target.key)?.diagnostics ?? []).filter(
        (diagnostic) => !refusedFixes.has(identity(target.key, text, diagnostic)),
      );
      return chooseSafeFixes(text, open).map((chosen) => ({ ...chosen, key: target.key }));
    });
    if (candidates.length === 0) break;
    const accepted: Candidate[] = [];
    const attempt = (batch: readonly Candidate[]): void => {
      const trial = withFixes(base, [...accepted, ...batch]);
      const after = lintWith(trial);
      if (isConfirmed(current, after, batch)) {
        for (const candidate of batch) accepted.push(candidate);
        texts = trial;
        current = after;
      } else if (batch.length === 1) {
        const [only] = batch as [Candidate];
        refusedFixes.add(identity(only.key, base.get(only.key)!, only.diagnostic));
        refused.set(only.key, (refused.get(only.key) ?? 0) + 1);
      } else {
        const half = Math.ceil(batch.length / 2);
        attempt(batch.slice(0, half));
        attempt(batch.slice(half));
      }
    };
    attempt(candidates);
    if (accepted.length === 0) break;
  }
  return { texts, linted: current, refused };
}

/** The texts with the candidates' edits applied to their files. */
function withFixes(texts: ReadonlyMap<string, string>, candidates: readonly Candidate[]): ReadonlyMap<string, string> {
  const result = new Map(texts);
  for (const [key, text] of texts) {
    const edits = candidates.filter((candidate) => candidate.key === key).flatMap((candidate) => candidate.fix.edits);
    if (edits.length > 0) result.set(key, applyEdits(text, edits));
  }
  return result;
}

/**
 * Fixes are confirmed when, across the whole set, no error appears more often than before (by file,
 * rule and message) and each fixed finding appears at least once less for every fix of it.
 */
function isConfirmed(
  before: ReadonlyMap<string, FileDiagnostics>,
  after: ReadonlyMap<string, FileDiagnostics>,
  batch: readonly Candidate[],
): boolean {
  const errorsBefore = countFindings(before, (diagnostic) => diagnostic.severity === 'error');
  for (const [key, count] of countFindings(after, (diagnostic) => diagnostic.severity === 'error')) {
    if (count > (errorsBefore.get(key) ?? 0)) return false;
  }
  const allBefore = countFindings(before, () => true);
  const allAfter = countFindings(after, () => true);
  const fixedCounts = new Map<string, number>();
  for (const candidate of batch) {
    const key = findingKey(candidate.key, candidate.diagnostic);
    fixedCounts.set(key, (fixedCounts.get(key) ?? 0) + 1);
  }
  return [...fixedCounts].every(([key, fixes]) => (allAfter.get(key) ?? 0) <= (allBefore.get(key) ?? 0) - fixes);
}

function countFindings(linted: ReadonlyMap<string, FileDiagnostics>, isCounted: (diagnostic: Diagnostic) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [file, findings] of linted) {
    for (const diagnostic of findings.diagnostics) {
      if (!isCounted(diagnostic)) continue;
      const key = findingKey(file, diagnostic);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** A finding told apart from others without its offsets, which fixes elsewhere in the file move. */
function findingKey(file: string, diagnostic: Diagnostic): string {
  return JSON.stringify([file, diagnostic.ruleId, diagnostic.message]);
}

/** A fix by what it changes: its finding and each edit's old and new text. */
function identity(file: string, text: string, diagnostic: Diagnostic): string {
  const edits = safeFixOf(diagnostic)?.edits.map((edit) => [text.slice(edit.span.start, edit.span.end), edit.newText]);
  return JSON.stringify([findingKey(file, diagnostic), edits]);
}
