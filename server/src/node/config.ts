/** `.balancerlens.json`: finding it, checking it, and the JSON schema generated from the rules. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { suggestFrom } from '../core/directives/directives';
import type { SeveritySetting } from '../core/lint';
import { RULES } from '../core/rules';
import { RULES_DOCUMENTATION } from '../core/rules/help';

/** A configuration file that cannot be read or is not valid: `FILE: what is wrong`. */
export class ConfigError extends Error {}

/** The file name looked up from each linted file's directory upwards. */
export const CONFIG_FILE_NAME = '.balancerlens.json';

/** The severities a rule can be set to, in the order messages list them. */
export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['off', 'info', 'warning', 'error'];

const TOP_LEVEL_KEYS = ['$schema', 'rules', 'include'] as const;

/** A checked configuration. */
export interface LintConfig {
  /** Where it came from (undefined: no configuration file applies). */
  readonly path: string | undefined;
  /** The directory `include` patterns are relative to. */
  readonly base: string;
  readonly rules: Readonly<Record<string, SeveritySetting>>;
  /** Glob patterns that replace the built-in list of configuration file names when walking a directory. */
  readonly include: readonly string[] | undefined;
}

/** Finds the configuration for files in a directory; caches every directory it visits. */
export type ConfigLookup = (directory: string) => LintConfig;

/**
 * The lookup for a run: `--config FILE` applies to every file (its `include` relative to the
 * current directory); otherwise the nearest `.balancerlens.json` up from the file's directory wins.
 */
export function configLookup(explicit: string | undefined, cwd: string): ConfigLookup {
  if (explicit !== undefined) {
    const config = loadConfig(explicit, cwd, cwd);
    return () => config;
  }
  const none: LintConfig = { path: undefined, base: cwd, rules: {}, include: undefined };
  const cache = new Map<string, LintConfig>();
  const lookup = (directory: string): LintConfig => {
    const cached = cache.get(directory);
    if (cached) return cached;
    const candidate = join(directory, CONFIG_FILE_NAME);
    const parent = dirname(directory);
    const found = isFile(candidate) ? loadConfig(candidate, directory, cwd) : parent === directory ? none : lookup(parent);
    cache.set(directory, found);
    return found;
  };
  return (directory) => lookup(resolve(cwd, directory));
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Reads and checks a configuration file; a problem is a ConfigError `FILE: what is wrong`. */
export function loadConfig(path: string, base: string, cwd: string): LintConfig {
  const shown = relative(cwd, resolve(cwd, path)) || path;
  let text: string;
  try {
    text = readFileSync(resolve(cwd, path), 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`cannot read ${shown}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${shown}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parseConfig(json);
  if (typeof parsed === 'string') throw new ConfigError(`${shown}: ${parsed}`);
  return { path: resolve(cwd, path), base, ...parsed };
}

/** Checks the parsed JSON of a configuration; returns the settings, or a one-line message naming the key. */
export function parseConfig(json: unknown): Pick<LintConfig, 'rules' | 'include'> | string {
  if (!isObject(json)) return `expected an object with "rules" and "include", not ${describeValue(json)}`;
  for (const key of Object.keys(json)) {
    if (!(TOP_LEVEL_KEYS as readonly string[]).includes(key)) {
      const suggestion = suggestFrom(key, TOP_LEVEL_KEYS);
      return `unknown key "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}: the keys are ${TOP_LEVEL_KEYS.map((name) => `"${name}"`).join(', ')}`;
    }
  }
  if (json['$schema'] !== undefined && typeof json['$schema'] !== 'string') return `"$schema" must be a string, not ${describeValue(json['$schema'])}`;
  const rules: Record<string, SeveritySetting> = {};
  const rawRules = json['rules'];
  if (rawRules !== undefined) {
    if (!isObject(rawRules)) return `"rules" must be an object mapping rule ids to ${listSeverities()}, not ${describeValue(rawRules)}`;
    const ids = RULES.map((rule) => rule.id);
    for (const [id, severity] of Object.entries(rawRules)) {
      if (!ids.includes(id)) {
        const suggestion = suggestFrom(id, ids);
        return `rules: unknown rule id "${id}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
      }
      if (typeof severity !== 'string' || !(SEVERITY_SETTINGS as readonly string[]).includes(severity)) {
        return `rules."${id}": the severity must be ${listSeverities()}, not ${describeValue(severity)}`;
      }
      rules[id] = severity as SeveritySetting;
    }
  }
  const rawInclude = json['include'];
  let include: string[] | undefined;
  if (rawInclude !== undefined) {
    if (!Array.isArray(rawInclude)) return `"include" must be a list of glob patterns, not ${describeValue(rawInclude)}`;
    include = [];
    for (const [index, pattern] of rawInclude.entries()) {
      if (typeof pattern !== 'string' || pattern.trim() === '') return `include[${index}]: expected a glob pattern such as "**/*.conf", not ${describeValue(pattern)}`;
      include.push(pattern);
    }
  }
  return { rules, include };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return JSON.stringify(value) ?? String(value);
}

function listSeverities(): string {
  const quoted = SEVERITY_SETTINGS.map((severity) => `"${severity}"`);
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** The JSON schema of `.balancerlens.json` (server/schema/balancerlens.schema.json is this, checked by a test). */
export function configSchema(): object {
  // Inlined rather than a $ref, so that editors show each rule's description next to its values.
  const severity = { enum: [...SEVERITY_SETTINGS] };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Balancer Lens configuration (.balancerlens.json)',
    description: 'Rule severities and the files `balancer-lens lint` picks when it walks a directory. The nearest .balancerlens.json up from a file applies to it.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'The schema of this file, for editors.' },
      rules: {
        type: 'object',
        description: 'Severity per rule id; a rule not named keeps its default.',
        propertyNames: { enum: RULES.map((rule) => rule.id) },
        properties: Object.fromEntries(RULES.map((rule) => [rule.id, {
          ...severity,
          description: `${rule.docs.summary} (default: ${rule.severity})`,
          markdownDescription: `${rule.docs.summary} (default: **${rule.severity}**) — [docs](${RULES_DOCUMENTATION}${rule.id})`,
        }])),
        additionalProperties: false,
      },
      include: {
        type: 'array',
        description: 'Glob patterns, relative to the directory of this file, of the files to lint when a directory is given; they replace the built-in list (*.conf, .htaccess, and every file under sites-*, conf.d, conf-*, mods-*).',
        items: { type: 'string', pattern: '\\S' },
      },
    },
  };
}
