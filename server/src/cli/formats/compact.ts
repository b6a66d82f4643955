/** `--format compact`: one `file:line:col: severity: message [rule-id]` line per finding, for grep and problem matchers (control characters escaped). */
import { lineStartPath, oneLine } from '../one-line';
import type { Report } from '../report';

/** Renders the report; empty when there is nothing to report. */
export function formatCompact(report: Report): string {
  const lines: string[] = [];
  for (const file of report.files) {
    for (const { diagnostic, region } of file.findings) {
      lines.push(
        `${lineStartPath(file.shown)}:${region.line}:${region.column}: ${diagnostic.severity}: ${oneLine(diagnostic.message)} [${diagnostic.ruleId}]`,
      );
    }
  }
  return lines.map((line) => `${line}\n`).join('');
}
