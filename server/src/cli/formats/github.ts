/** `--format github`: GitHub Actions workflow commands, which become annotations on the run and the pull request. */
import type { Severity } from '../../core/rules/types';
import { oneLine } from '../one-line';
import { ciPath, Report } from '../report';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Renders one `::error file=…,line=…::message` line per finding: control characters escaped, then the workflow-command encoding. */
export function formatGithub(report: Report): string {
  const lines: string[] = [];
  for (const file of report.files) {
    const path = oneLine(ciPath(file, report.cwd));
    for (const { diagnostic, region } of file.findings) {
      const properties = [
        ['file', path],
        ['line', String(region.line)],
        ['col', String(region.column)],
        ['endLine', String(region.endLine)],
        ['endColumn', String(region.endColumn)],
        ['title', diagnostic.ruleId],
      ].map(([key, value]) => `${key}=${escapeProperty(value!)}`);
      // Apache's words go on the annotation's second line: an encoded newline, so the command stays one line.
      const apache = diagnostic.apacheMessage === undefined ? '' : `\nApache: ${oneLine(diagnostic.apacheMessage)}`;
      lines.push(`::${COMMAND[diagnostic.severity]} ${properties.join(',')}::${escapeData(oneLine(diagnostic.message) + apache)}`);
    }
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** A command's message: `%`, CR and LF are percent-encoded (as @actions/core does). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value: also `:` and `,`, which would end it. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
