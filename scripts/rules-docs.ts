/**
 * Renders every rule's docs into one page per rule, docs/rules/<id>.md, and the table of rules,
 * docs/rules/README.md, and writes the `.balancerlens.json` schema: `npm run docs`.
 * test/unit/rules/docs.test.ts checks that the pages on disk equal a fresh rendering.
 */
import { readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../server/src/core/analysis';
import { lint } from '../server/src/core/lint';
import { RULES } from '../server/src/core/rules';
import { RULE_EXAMPLES } from '../server/src/core/rules/examples';
import { configSchema } from '../server/src/node/config';
import type { Diagnostic, Rule, Severity } from '../server/src/core/rules/types';

/** Where the rule pages live; server/src/core/rules/help.ts links each finding there. */
export const RULES_DOCS_DIR = join(__dirname, '..', 'docs', 'rules');

/** The `.balancerlens.json` schema shipped with the extension, generated from the rules. */
export const SCHEMA = join(__dirname, '..', 'server', 'schema', 'balancerlens.schema.json');

const GENERATED = '<!-- generated from server/src/core/rules by `npm run docs`; do not edit by hand -->';

const MEANING: Record<Severity, string> = {
  error: 'Apache refuses the configuration: its config test or its start-up fails',
  warning: 'Apache accepts the configuration, but it will misbehave',
  info: 'worth knowing',
};

/** Examples are read as a file on a machine where nothing else exists, so includes are followed and fail. */
const NOTHING_ELSE = { readFile: () => undefined, readDirectory: () => undefined };

/** What the rule reports on its own bad example, as `lint` would. */
function findingsOnBadExample(rule: Rule): Diagnostic[] {
  const analysis = analyze(RULE_EXAMPLES[rule.id].bad, {
    epochSeconds: 1_800_000_000,
    path: '/etc/apache2/example.conf',
    files: NOTHING_ELSE,
  });
  return lint(analysis).filter((diagnostic) => diagnostic.ruleId === rule.id);
}

/** Markdown for a line of an example's finding: the message, and where in the example it is. */
function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** One rule's page. */
export function renderRulePage(rule: Rule): string {
  const findings = findingsOnBadExample(rule);
  const out = [
    GENERATED,
    '',
    `# ${rule.id}`,
    '',
    `${rule.docs.summary.charAt(0).toUpperCase()}${rule.docs.summary.slice(1)}.`,
    '',
    `**Default severity:** ${rule.severity} (${MEANING[rule.severity]}).`,
    '',
    '## Why',
    '',
    rule.docs.why,
    '',
    '## Flagged',
    '',
    '```apache',
    RULE_EXAMPLES[rule.id].bad,
    '```',
  ];
  if (findings.length > 0) {
    out.push('', 'What `balancer-lens lint` says:', '');
    for (const finding of findings)
      out.push(`- line ${lineOf(RULE_EXAMPLES[rule.id].bad, finding.span.start)}: ${finding.message.replace(/([\\`*_[\]<>|])/g, '\\$1')}`);
  }
  const words = [...new Set(findings.flatMap((finding) => (finding.apacheMessage === undefined ? [] : [finding.apacheMessage])))];
  if (words.length > 0) {
    out.push(
      '',
      "## Apache's words",
      '',
      'What Apache itself says about this configuration, to match against its log or `apachectl -t`:',
      '',
    );
    for (const said of words) out.push('```text', said, '```');
  }
  out.push(
    '',
    '## Fine',
    '',
    '```apache',
    RULE_EXAMPLES[rule.id].good,
    '```',
    '',
    '## Options',
    '',
    `Set the severity (\`off\`, \`info\`, \`warning\` or \`error\`) in [\`.balancerlens.json\`](../configuration.md#balancerlensjson) or the editor's \`balancerLens.rules\` setting:`,
    '',
    '```json',
    `{ "rules": { "${rule.id}": "off" } }`,
    '```',
    '',
    'or silence one finding with a comment on the line above it:',
    '',
    '```apache',
    `# balancer-lens-disable-next-line ${rule.id} -- why this is fine here`,
    '```',
    '',
    '[All rules](README.md)',
    '',
  );
  return out.join('\n');
}

/** The table of rules, docs/rules/README.md. */
export function renderRulesIndex(rules: readonly Rule[]): string {
  const out = [
    GENERATED,
    '',
    '# Rules',
    '',
    'Every finding names its rule; the id is what you use in `.balancerlens.json`, in the editor',
    'settings and in suppression comments. **error** means Apache refuses the configuration (its config',
    'test or its start-up fails); **warning** means Apache accepts it but it will misbehave; **info** is',
    'worth knowing. See [configuration](../configuration.md) for how to change a severity.',
    '',
    '| rule | default | what it finds |',
    '| --- | --- | --- |',
  ];
  for (const rule of rules) out.push(`| [\`${rule.id}\`](${rule.id}.md) | ${rule.severity} | ${rule.docs.summary.replace(/\|/g, '\\|')} |`);
  out.push('');
  return out.join('\n');
}

/** Every generated page, by file name under docs/rules/. */
export function renderRulesDocs(rules: readonly Rule[]): Map<string, string> {
  const pages = new Map<string, string>([['README.md', renderRulesIndex(rules)]]);
  for (const rule of rules) pages.set(`${rule.id}.md`, renderRulePage(rule));
  return pages;
}

if (require.main === module) {
  mkdirSync(RULES_DOCS_DIR, { recursive: true });
  const pages = renderRulesDocs(RULES);
  // A page of a rule that no longer exists goes: docs/rules/ holds only generated pages.
  for (const file of readdirSync(RULES_DOCS_DIR)) if (!pages.has(file)) rmSync(join(RULES_DOCS_DIR, file));
  for (const [file, text] of pages) writeFileSync(join(RULES_DOCS_DIR, file), text);
  // On one line: editors read it, and the npm package ships it within its 400 KB (indented, it weighs 0.4 KB more packed).
  writeFileSync(SCHEMA, `${JSON.stringify(configSchema())}\n`);
}
