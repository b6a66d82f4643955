/** `--format checkstyle`: Checkstyle's XML report, which Jenkins (warnings-ng), SonarQube, reviewdog and others read. */
import { oneLine } from '../one-line';
import { ciPath, Report } from '../report';

/**
 * Renders one `<file>` per linted file (clean ones too, as Checkstyle does) and one `<error>` per
 * finding; `source` is `balancer-lens.RULE-ID`, whose last part readers show as the check's name.
 */
export function formatCheckstyle(report: Report): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<checkstyle version="4.3">'];
  for (const file of report.files) {
    lines.push(`  <file name="${attribute(ciPath(file, report.cwd))}">`);
    for (const { diagnostic, region } of file.findings) {
      const apache = diagnostic.apacheMessage === undefined ? '' : ` (Apache: ${diagnostic.apacheMessage})`;
      const attributes = [
        ['line', String(region.line)],
        ['column', String(region.column)],
        ['severity', diagnostic.severity],
        ['message', diagnostic.message + apache],
        ['source', `balancer-lens.${diagnostic.ruleId}`],
      ];
      lines.push(`    <error ${attributes.map(([key, value]) => `${key}="${attribute(value!)}"`).join(' ')}/>`);
    }
    lines.push('  </file>');
  }
  lines.push('</checkstyle>');
  return `${lines.join('\n')}\n`;
}

/**
 * An attribute value: control characters, which XML 1.0 cannot hold even as references, shown as
 * escapes (as every line format does); unpaired surrogates and the non-characters U+FFFE and U+FFFF replaced; then the five XML entities.
 */
function attribute(text: string): string {
  return oneLine(text)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
