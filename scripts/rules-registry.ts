/**
 * Writes the rule registry from the rule files themselves: every file in server/src/core/rules that
 * exports `rule` is a rule whose id is its file name. It writes the `RuleId` union
 * (server/src/core/rule-ids.ts, a leaf the reader and the model can import), the `RULES` list
 * (server/src/core/rules/index.ts) and the rules' `examples` by id (server/src/core/rules/examples.ts,
 * which only the docs, the tests and the bench import, so the bundle leaves the examples out). `npm run docs` runs it first; test/unit/rules/docs.test.ts
 * checks both files are current, so a new rule is its file, its test table and `npm run docs`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RULES_DIR = join(__dirname, '..', 'server', 'src', 'core', 'rules');
export const RULE_IDS_FILE = join(__dirname, '..', 'server', 'src', 'core', 'rule-ids.ts');
export const RULES_INDEX_FILE = join(RULES_DIR, 'index.ts');
export const RULE_EXAMPLES_FILE = join(RULES_DIR, 'examples.ts');

/** The ids of the rule files, sorted. */
export function ruleIds(): string[] {
  return readdirSync(RULES_DIR)
    .filter((file) => file.endsWith('.ts') && /^export const rule\b/m.test(readFileSync(join(RULES_DIR, file), 'utf8')))
    .map((file) => file.slice(0, -3))
    .sort();
}

function camelCase(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The generated files, by path. */
export function renderRegistry(ids: readonly string[]): Map<string, string> {
  const idsFile = [
    '/**',
    " * Every rule id: the diagnostic code, the CLI's `[id]` suffix, the settings key and the suppression",
    ' * token (public API: never rename one). The reader and the model tag each problem they find with',
    " * one of these, so a rule's problems come to it by id, never by message text.",
    ' * Generated from the rule files by `npm run docs` (scripts/rules-registry.ts): do not edit.',
    ' */',
    'export type RuleId =',
    ...ids.map((id, index) => `  | '${id}'${index === ids.length - 1 ? ';' : ''}`),
    '',
  ].join('\n');
  const indexFile = [
    '/** Every rule Balancer Lens runs. Generated from the rule files by `npm run docs` (scripts/rules-registry.ts): do not edit. */',
    ...ids.map((id) => `import { rule as ${camelCase(id)} } from './${id}';`),
    "import type { Rule } from './types';",
    '',
    '/** All rules, sorted by id. */',
    'export const RULES: readonly Rule[] = [',
    ...ids.map((id) => `  ${camelCase(id)},`),
    '];',
    '',
  ].join('\n');
  const examplesFile = [
    "/** Every rule's examples, by id. Generated from the rule files by `npm run docs` (scripts/rules-registry.ts): do not edit. */",
    "import type { RuleId } from '../rule-ids';",
    ...ids.map((id) => `import { examples as ${camelCase(id)} } from './${id}';`),
    "import type { RuleExamples } from './types';",
    '',
    '/** The flagged and the fixed example of each rule; not imported by the program, so not in its bundle. */',
    'export const RULE_EXAMPLES: Readonly<Record<RuleId, RuleExamples>> = {',
    // Quoted only where an id is not a JavaScript name, as prettier writes object keys.
    ...ids.map((id) => `  ${id.includes('-') ? `'${id}'` : id}: ${camelCase(id)},`),
    '};',
    '',
  ].join('\n');
  return new Map([
    [RULE_IDS_FILE, idsFile],
    [RULES_INDEX_FILE, indexFile],
    [RULE_EXAMPLES_FILE, examplesFile],
  ]);
}

if (require.main === module) for (const [path, text] of renderRegistry(ruleIds())) writeFileSync(path, text);
