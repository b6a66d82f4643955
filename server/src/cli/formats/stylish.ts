/** `--format stylish` (the default): ESLint's layout — the file, a row per finding, a summary. */
import type { Severity } from '../../core/rules/types';
import { wrap } from '../fit';
import { oneLine } from '../one-line';
import { countFindings, Report } from '../report';

const ANSI = {
  bold: [1, 22],
  dim: [2, 22],
  underline: [4, 24],
  red: [31, 39],
  yellow: [33, 39],
  blue: [34, 39],
} as const;

const SEVERITY_COLOUR: Record<Severity, keyof typeof ANSI> = { error: 'red', warning: 'yellow', info: 'blue' };

/** Renders the report; nothing at all when there is nothing to report (as ESLint). */
export function formatStylish(report: Report): string {
  const paint = (style: keyof typeof ANSI, text: string): string =>
    report.colour ? `\x1b[${ANSI[style][0]}m${text}\x1b[${ANSI[style][1]}m` : text;
  const blocks: string[] = [];
  for (const file of report.files) {
    if (file.findings.length === 0) continue;
    const rows = file.findings.map((finding) => ({
      where: `${finding.region.line}:${finding.region.column}`,
      severity: finding.diagnostic.severity,
      message: oneLine(finding.diagnostic.message),
      apache: finding.diagnostic.apacheMessage === undefined ? undefined : `Apache: ${oneLine(finding.diagnostic.apacheMessage)}`,
      ruleId: finding.diagnostic.ruleId,
    }));
    const width = (pick: (row: (typeof rows)[number]) => string): number => Math.max(...rows.map((row) => pick(row).length));
    const whereWidth = width((row) => row.where);
    const severityWidth = width((row) => row.severity);
    const ruleWidth = width((row) => row.ruleId);
    // Messages start at `indent`; on a terminal they wrap to leave room for the rule ids, each continuation line indented to that column.
    const indent = 2 + whereWidth + 2 + severityWidth + 2;
    const fitted = report.width === undefined ? undefined : Math.max(report.width - indent - 2 - ruleWidth, 0);
    const messageWidth = Math.min(
      width((row) => row.message),
      fitted ?? Infinity,
    );
    const under = ' '.repeat(indent);
    const lines = rows.flatMap((row) => {
      const [first = '', ...rest] = wrap(row.message, fitted);
      const cells = [
        paint('dim', row.where.padEnd(whereWidth)),
        paint(SEVERITY_COLOUR[row.severity], row.severity.padEnd(severityWidth)),
        first.padEnd(messageWidth),
        paint('dim', row.ruleId),
      ];
      const apache = row.apache === undefined ? [] : wrap(row.apache, report.width === undefined ? undefined : report.width - indent);
      return [`  ${cells.join('  ')}`, ...rest.map((line) => under + line), ...apache.map((line) => under + paint('dim', line))];
    });
    blocks.push(`${paint('underline', oneLine(file.shown))}\n${lines.join('\n')}\n`);
  }
  const counts = countFindings(report.files);
  const total = counts.error + counts.warning + counts.info;
  if (total === 0) return '';
  const colour: keyof typeof ANSI = counts.error > 0 ? 'red' : counts.warning > 0 ? 'yellow' : 'blue';
  const summary = `✖ ${plural(total, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'info')})`;
  const fixable = countFindings(report.files, (finding) => finding.isFixable);
  const fixableTotal = fixable.error + fixable.warning + fixable.info;
  const fixableLine = fixableTotal > 0 ? `\n  ${plural(fixableTotal, 'problem')} fixable with the --fix option` : '';
  return `${blocks.join('\n')}\n${paint('bold', paint(colour, summary))}${fixableLine}\n`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
