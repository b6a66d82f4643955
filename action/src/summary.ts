/**
 * The GitHub Action's job summary: `node summary.js LINT.json` reads `balancer-lens lint --format
 * json` output and prints Markdown for `$GITHUB_STEP_SUMMARY`. Paths are shown relative to
 * `$GITHUB_WORKSPACE`. Bundled into action/dist/summary.js by esbuild.mjs.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** One finding of the `json` format (ESLint's shape; `level: "info"` marks an info). */
interface JsonMessage {
  readonly ruleId: string | null;
  readonly severity: number;
  readonly level?: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** One file of the `json` format. */
interface JsonFile {
  readonly filePath: string;
  readonly messages: readonly JsonMessage[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly infoCount?: number;
}

/** The most findings the summary lists; the counts above the table cover them all. */
export const MAX_ROWS = 100;
const RULES_PAGE = 'https://github.com/balancer-lens/balancer-lens/blob/main/docs/rules/';

/** A table cell: one line, with the characters Markdown would read as syntax escaped. */
function cell(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/([\\`*_[\]<>|])/g, '\\$1');
}

function levelOf(message: JsonMessage): 'error' | 'warning' | 'info' {
  if (message.severity === 2) return 'error';
  return message.level === 'info' ? 'info' : 'warning';
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The summary for one lint run. */
export function renderSummary(files: readonly JsonFile[], workspace: string): string {
  const errors = files.reduce((sum, file) => sum + file.errorCount, 0);
  const warnings = files.reduce((sum, file) => sum + file.warningCount, 0);
  const infos = files.reduce((sum, file) => sum + (file.infoCount ?? 0), 0);
  const out = [
    '## Balancer Lens',
    '',
    `${plural(files.length, 'file')} linted: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')}.`,
  ];
  const rows: string[] = [];
  for (const file of files) {
    const path = workspace ? relative(workspace, file.filePath) || file.filePath : file.filePath;
    for (const message of file.messages) {
      const rule = message.ruleId ? `[\`${message.ruleId}\`](${RULES_PAGE}${message.ruleId}.md)` : '';
      rows.push(`| ${levelOf(message)} | ${cell(path)}:${message.line}:${message.column} | ${cell(message.message)} | ${rule} |`);
    }
  }
  if (rows.length > 0) {
    out.push('', '| level | where | finding | rule |', '| --- | --- | --- | --- |', ...rows.slice(0, MAX_ROWS));
    if (rows.length > MAX_ROWS) out.push('', `…and ${rows.length - MAX_ROWS} more: see the annotations or the step's log.`);
  }
  return `${out.join('\n')}\n`;
}

if (require.main === module) {
  const [file] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: summary.js LINT.json\n');
    process.exit(2);
  }
  const files = JSON.parse(readFileSync(file, 'utf8')) as JsonFile[];
  process.stdout.write(renderSummary(files, process.env['GITHUB_WORKSPACE'] ?? ''));
}
