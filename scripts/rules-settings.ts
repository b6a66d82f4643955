/**
 * Renders every rule into the VS Code setting `balancerLens.rules` in package.json (one property
 * per rule id, with the rule's default and summary): `npm run docs`. A unit test keeps it current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../server/src/core/rules';
import type { Rule } from '../server/src/core/rules/types';

export const PACKAGE_JSON = join(__dirname, '..', 'package.json');
export const RULES_SETTING = 'balancerLens.rules';

/** The severities a user may give a rule; "off" turns it off. Public API, like the rule ids. */
export const RULE_LEVELS = ['off', 'info', 'warning', 'error'] as const;

/** The JSON schema of `balancerLens.rules`: one enum property per rule, nothing else. */
export function rulesSettingSchema(rules: readonly Rule[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const rule of [...rules].sort((a, b) => a.id.localeCompare(b.id))) {
    properties[rule.id] = {
      type: 'string',
      enum: [...RULE_LEVELS],
      markdownDescription: `${rule.docs.summary} (default: \`${rule.severity}\`)`,
    };
  }
  return {
    type: 'object',
    default: {},
    scope: 'resource',
    markdownDescription:
      'Severity per rule id: `off`, `info`, `warning` or `error`. Rules left out keep their default; [the rules](https://github.com/balancer-lens/balancer-lens/blob/main/docs/rules/README.md) says what each finds.',
    properties,
    additionalProperties: false,
    // First in the Settings editor: what is reported comes before how it is shown and read.
    order: 1,
  };
}

/** The part of package.json this script rewrites; everything else passes through as it is. */
interface Manifest {
  readonly contributes?: { readonly configuration?: { readonly properties?: Readonly<Record<string, unknown>> } };
}

/** The parsed package.json with its `balancerLens.rules` schema replaced by a fresh rendering. */
export function withRulesSetting<M extends Manifest>(manifest: M, rules: readonly Rule[]): M {
  const configuration = manifest?.contributes?.configuration;
  if (!configuration?.properties || !(RULES_SETTING in configuration.properties)) {
    throw new Error(`package.json lacks contributes.configuration.properties["${RULES_SETTING}"]`);
  }
  const properties = { ...configuration.properties, [RULES_SETTING]: rulesSettingSchema(rules) };
  return { ...manifest, contributes: { ...manifest.contributes, configuration: { ...configuration, properties } } };
}

/** package.json text as npm writes it (two spaces, trailing newline). */
export function manifestText(manifest: unknown): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

if (require.main === module) {
  const manifest = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as Manifest;
  writeFileSync(PACKAGE_JSON, manifestText(withRulesSetting(manifest, RULES)));
}
