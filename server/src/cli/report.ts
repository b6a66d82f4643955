/** What `lint` hands to a format: each file with its findings at 1-based lines and columns. */
import { createHash } from 'node:crypto';
import { isAbsolute, relative, sep } from 'node:path';
import { LineIndex } from '../core/positions';
import type { Diagnostic, Severity } from '../core/rules/types';
import type { Span } from '../core/span';
import { safeFixOf } from './fix';

/** A 1-based line and UTF-16 column, end exclusive (as ESLint and SARIF count). */
export interface Region {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A diagnostic placed in its file. */
export interface Finding {
  readonly diagnostic: Diagnostic;
  readonly region: Region;
  /** The text of the finding's first line, trimmed (for SARIF fingerprints). */
  readonly lineText: string;
  readonly isFixable: boolean;
  /** The diagnostic's related places in the same file. */
  readonly related: readonly { readonly region: Region; readonly message: string }[];
}

/** One linted file. */
export interface FileReport {
  /** As the user sees it: relative to the current directory when inside it, `<stdin>` for unnamed input. */
  readonly shown: string;
  /** Absolute, or undefined for unnamed standard input. */
  readonly path: string | undefined;
  readonly findings: readonly Finding[];
}

/** Everything a format needs. */
export interface Report {
  readonly files: readonly FileReport[];
  readonly cwd: string;
  readonly colour: boolean;
  /** The terminal's width that text formats fit (fit.ts); undefined when not a terminal: nothing is wrapped or cut. */
  readonly width?: number;
  /** Standard output is a terminal: `stylish` makes each rule id a link (OSC 8) to the rule's page. */
  readonly hyperlinks?: boolean;
  readonly version: string;
}

/** Places a file's diagnostics at lines and columns. */
export function reportFile(shown: string, path: string | undefined, text: string, diagnostics: readonly Diagnostic[]): FileReport {
  const index = new LineIndex(text);
  const findings = diagnostics.map((diagnostic): Finding => {
    const region = regionOf(index, diagnostic.span);
    const lineStart = index.offset({ line: region.line - 1, character: 0 }, text.length);
    const lineEnd = text.indexOf('\n', lineStart);
    return {
      diagnostic,
      region,
      lineText: text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).trim(),
      isFixable: safeFixOf(diagnostic) !== undefined,
      related: (diagnostic.related ?? []).map((related) => ({ region: regionOf(index, related.span), message: related.message })),
    };
  });
  return { shown, path, findings };
}

/** A span's 1-based region. */
export function regionOf(index: LineIndex, span: Span): Region {
  const start = index.position(span.start);
  const end = index.position(span.end);
  return { line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1 };
}

/** Findings per severity. */
export interface Counts {
  readonly error: number;
  readonly warning: number;
  readonly info: number;
}

/** Counts the findings of some files by severity. */
export function countFindings(files: readonly FileReport[], which: (finding: Finding) => boolean = () => true): Counts {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const file of files) for (const finding of file.findings) if (which(finding)) counts[finding.diagnostic.severity]++;
  return counts;
}

/** A file's path relative to the current directory with forward slashes, or undefined when it lies outside. */
export function relativeSlashPath(path: string, cwd: string): string | undefined {
  const shown = relative(cwd, path);
  if (shown === '' || shown.startsWith('..') || isAbsolute(shown)) return undefined;
  return sep === '/' ? shown : shown.split(sep).join('/');
}

/**
 * One fingerprint per finding of a file, stable while lines move: a hash of the rule, where the file
 * is (`location`), the trimmed text of the finding's line and which repeat of that triple it is, so
 * findings on identical lines differ and an alert survives lines added above it.
 */
export function lineFingerprints(findings: readonly Finding[], location: string): string[] {
  const occurrences = new Map<string, number>();
  return findings.map((finding) => {
    const key = `${finding.diagnostic.ruleId}\0${location}\0${finding.lineText}`;
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    return createHash('sha256').update(`${key}\0${occurrence}`).digest('hex').slice(0, 32);
  });
}

/** Where a file is for CI systems: relative to the current directory (the repository root in CI) with forward slashes, else as given. */
export function ciPath(file: FileReport, cwd: string): string {
  return file.path === undefined ? file.shown : (relativeSlashPath(file.path, cwd) ?? file.path);
}
