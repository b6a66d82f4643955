/** `--format stylish` (the default): ESLint's layout — the file, a row per finding, a summary. */
import { ruleHelpUri } from '../../core/rules/help';
import type { Severity } from '../../core/rules/types';
import { wrap } from '../fit';
import { lineStartPath, oneLine } from '../one-line';
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

/** The narrowest message column kept beside the rule ids on a terminal; narrower, the rule id follows the message instead. */
const MIN_MESSAGE_COLUMN = 40;

/** Renders the report; nothing at all when there is nothing to report (as ESLint). */
export function formatStylish(report: Report): string {
  const paint = (style: keyof typeof ANSI, text: string): string =>
    report.colour ? `\x1b[${ANSI[style][0]}m${text}\x1b[${ANSI[style][1]}m` : text;
  // OSC 8: the terminal shows the rule id and opens its page when it is clicked; others print the id alone.
  const ruleLink = (ruleId: string, shown: string): string =>
    report.hyperlinks ? `\x1b]8;;${ruleHelpUri(ruleId)}\x1b\\${shown}\x1b]8;;\x1b\\` : shown;
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
    const width = (pick: (row: (typeof rows)[number]) => string): number =>
      rows.reduce((widest, row) => Math.max(widest, pick(row).length), 0);
    const whereWidth = width((row) => row.where);
    const severityWidth = width((row) => row.severity);
    const ruleWidth = width((row) => row.ruleId);
    // Messages start at `indent`. On a terminal they wrap, each continuation line indented to that
    // column: beside a column of rule ids while it leaves the message MIN_MESSAGE_COLUMN, else with
    // the rule id as the message's last word.
    const indent = 2 + whereWidth + 2 + severityWidth + 2;
    const room = report.width === undefined ? undefined : report.width - indent;
    const beside = room === undefined || room - 2 - ruleWidth >= MIN_MESSAGE_COLUMN;
    const column = room === undefined ? undefined : beside ? room - 2 - ruleWidth : room;
    const messageWidth = Math.min(
      width((row) => row.message),
      column ?? Infinity,
    );
    const under = ' '.repeat(indent);
    const lines = rows.flatMap((row) => {
      const lead = `  ${paint('dim', row.where.padEnd(whereWidth))}  ${paint(SEVERITY_COLOUR[row.severity], row.severity.padEnd(severityWidth))}  `;
      const apache = (row.apache === undefined ? [] : wrap(row.apache, room)).map((line) => under + paint('dim', line));
      if (!beside) {
        const wrapped = wrap(`${row.message}  ${row.ruleId}`, column);
        const last = wrapped.length - 1;
        // The rule id ends the last line unless a terminal narrower than it broke it.
        if (wrapped[last]!.endsWith(row.ruleId))
          wrapped[last] = `${wrapped[last]!.slice(0, -row.ruleId.length)}${ruleLink(row.ruleId, paint('dim', row.ruleId))}`;
        return [lead + wrapped[0], ...wrapped.slice(1).map((line) => under + line), ...apache];
      }
      const [first = '', ...rest] = wrap(row.message, column);
      return [
        `${lead}${first.padEnd(messageWidth)}  ${ruleLink(row.ruleId, paint('dim', row.ruleId))}`,
        ...rest.map((line) => under + line),
        ...apache,
      ];
    });
    blocks.push(`${paint('underline', lineStartPath(file.shown))}\n${lines.join('\n')}\n`);
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
