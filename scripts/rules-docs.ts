/** Renders every rule's docs into README.md between the rules markers, and the config schema: `npm run docs`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../server/src/core/rules';
import { configSchema } from '../server/src/node/config';
import type { Rule } from '../server/src/core/rules/types';

export const README = join(__dirname, '..', 'README.md');
const START = '<!-- rules:start — generated from server/src/core/rules by `npm run docs`; do not edit by hand -->';
const END = '<!-- rules:end -->';

/** The generated part of the README: a table of rules, then one section per rule. */
export function renderRules(rules: readonly Rule[]): string {
  const out: string[] = [START, '', '| rule | default | what it finds |', '| --- | --- | --- |'];
  for (const rule of rules) out.push(`| [\`${rule.id}\`](#${rule.id}) | ${rule.severity} | ${rule.docs.summary.replace(/\|/g, '\\|')} |`);
  for (const rule of rules) {
    out.push('', `### ${rule.id}`, '', `**${rule.severity}** — ${rule.docs.summary}`, '', rule.docs.why, '', 'Flagged:', '', '```apache', rule.docs.bad, '```', '', 'Fine:', '', '```apache', rule.docs.good, '```');
  }
  out.push('', END);
  return out.join('\n');
}

/** The README with its rules part replaced by a fresh rendering. */
export function withRules(readme: string, rules: readonly Rule[]): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the rules markers ${START} … ${END}`);
  return readme.slice(0, start) + renderRules(rules) + readme.slice(end + END.length);
}

/** The `.balancerlens.json` schema shipped with the extension, generated from the rules. */
export const SCHEMA = join(__dirname, '..', 'server', 'schema', 'balancerlens.schema.json');

if (require.main === module) {
  writeFileSync(README, withRules(readFileSync(README, 'utf8'), RULES));
  writeFileSync(SCHEMA, `${JSON.stringify(configSchema(), null, 2)}\n`);
}
