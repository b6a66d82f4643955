/** `--format json`: ESLint's JSON shape, one entry per file, so tools that read ESLint results read these. */
import { ruleHelpUri } from '../../core/rules/help';
import { safeFixOf } from '../fix';
import { inertJson } from '../one-line';
import { countFindings, Report } from '../report';

/** One message, as ESLint's `LintMessage`; info findings are severity 1 with `level: "info"`. */
export interface JsonMessage {
  readonly ruleId: string;
  /** The rule's documentation page (not in ESLint's shape: an addition). */
  readonly ruleUrl: string;
  readonly severity: 1 | 2;
  readonly level?: 'info';
  readonly message: string;
  /** Apache's own words for this finding, exactly as it prints them, when it prints any (not in ESLint's shape: an addition). */
  readonly apacheMessage?: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** The first safe fix when it is a single edit: UTF-16 offsets, as ESLint's. */
  readonly fix?: { readonly range: readonly [number, number]; readonly text: string };
}

/** One file, as ESLint's `LintResult`; `warningCount` leaves out infos, which `infoCount` counts. */
export interface JsonFileResult {
  readonly filePath: string;
  readonly messages: readonly JsonMessage[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly infoCount: number;
  readonly fixableErrorCount: number;
  readonly fixableWarningCount: number;
}

/** Renders the report as one line of JSON. */
export function formatJson(report: Report): string {
  const results = report.files.map((file): JsonFileResult => {
    const counts = countFindings([file]);
    const fixable = countFindings([file], (finding) => finding.isFixable);
    return {
      filePath: file.path ?? file.shown,
      messages: file.findings.map(({ diagnostic, region }): JsonMessage => {
        const fix = safeFixOf(diagnostic);
        const edit = fix?.edits.length === 1 ? fix.edits[0] : undefined;
        return {
          ruleId: diagnostic.ruleId,
          ruleUrl: ruleHelpUri(diagnostic.ruleId),
          severity: diagnostic.severity === 'error' ? 2 : 1,
          ...(diagnostic.severity === 'info' ? { level: 'info' as const } : {}),
          message: diagnostic.message,
          ...(diagnostic.apacheMessage === undefined ? {} : { apacheMessage: diagnostic.apacheMessage }),
          line: region.line,
          column: region.column,
          endLine: region.endLine,
          endColumn: region.endColumn,
          ...(edit ? { fix: { range: [edit.span.start, edit.span.end] as const, text: edit.newText } } : {}),
        };
      }),
      errorCount: counts.error,
      warningCount: counts.warning,
      infoCount: counts.info,
      fixableErrorCount: fixable.error,
      fixableWarningCount: fixable.warning,
    };
  });
  return `${inertJson(JSON.stringify(results))}\n`;
}
