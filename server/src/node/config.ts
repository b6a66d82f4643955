/** `.balancerlens.json`: finding it, checking it, and the JSON schema generated from the rules. */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { globError } from '../core/glob';
import { suggestFrom } from '../core/suggest';
import type { SeveritySetting } from '../core/lint';
import { RULES } from '../core/rules';
import { ConfigError } from './config-error';
import { isInside, realPathOf } from './files';
import { jsonSyntaxError } from './json-syntax';

/** The file name looked up from each linted file's directory upwards. */
export const CONFIG_FILE_NAME = '.balancerlens.json';

/** The most a configuration file may hold, in bytes: a real one is a few hundred; this bounds a symlink to a huge or endless file. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The severities a rule can be set to, in the order messages list them. */
export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['off', 'info', 'warning', 'error'];

const TOP_LEVEL_KEYS = ['$schema', 'rules', 'include', 'ignore'] as const;

/** A checked configuration. */
export interface LintConfig {
  /** Where it came from (undefined: no configuration file applies). */
  readonly path: string | undefined;
  /** The directory `include` patterns are relative to. */
  readonly base: string;
  readonly rules: Readonly<Record<string, SeveritySetting>>;
  /** Glob patterns that replace the built-in list of configuration file names when walking a directory. */
  readonly include: readonly string[] | undefined;
  /** Glob patterns, relative to `base`, of files never linted (nor reported) under this configuration. */
  readonly ignore?: readonly string[];
}

/** Finds the configuration for files in a directory; caches every directory it visits. */
export type ConfigLookup = (directory: string) => LintConfig;

/**
 * The lookup for a run: `--config FILE` applies to every file (its `include` relative to the
 * current directory); otherwise the nearest `.balancerlens.json` up from the file's directory wins.
 * With `roots` (real paths), a `.balancerlens.json` that is a symbolic link must lead inside them or
 * inside its own folder: one committed as a link to a token file must not be read.
 */
export function configLookup(explicit: string | undefined, cwd: string, roots?: readonly string[]): ConfigLookup {
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
    const found = exists(candidate) ? loadConfig(candidate, directory, cwd, roots) : parent === directory ? none : lookup(parent);
    cache.set(directory, found);
    return found;
  };
  return (directory) => lookup(resolve(cwd, directory));
}

/** Whether something other than a folder has this name: a file, a FIFO, a link (one that leads nowhere too). */
function exists(path: string): boolean {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  return stats !== undefined && !stats.isDirectory();
}

/**
 * Reads and checks a configuration file; a problem is a ConfigError `FILE: what is wrong` that
 * quotes nothing of the file beyond a key or value it names. It is read only as a regular file of
 * at most MAX_CONFIG_BYTES, and with `roots`, a symbolic link only to a file inside them or inside
 * its own folder.
 */
export function loadConfig(path: string, base: string, cwd: string, roots?: readonly string[]): LintConfig {
  const full = resolve(cwd, path);
  const shown = relative(cwd, full) || path;
  if (
    roots &&
    lstatSync(full, { throwIfNoEntry: false })?.isSymbolicLink() &&
    !isInside(realPathOf(full), [...roots, realPathOf(dirname(full))])
  ) {
    throw new ConfigError(
      `${shown}: a symbolic link to a file outside the folders balancer-lens reads, so it is not read (--include-root DIR adds a folder)`,
    );
  }
  const text = readConfigText(full, shown).replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const problem = jsonSyntaxError(text);
    const before = problem ? text.slice(0, problem.offset).split('\n') : [];
    throw new ConfigError(
      `${shown}: not valid JSON${problem ? `: expected ${problem.expected} at line ${before.length}, column ${before.at(-1)!.length + 1}` : ''}`,
    );
  }
  const parsed = parseConfig(json);
  if (typeof parsed === 'string') throw new ConfigError(`${shown}: ${parsed}`);
  return { path: resolve(cwd, path), base, ...parsed };
}

/** Checks the parsed JSON of a configuration; returns the settings, or a one-line message naming the key. */
export function parseConfig(json: unknown): Pick<LintConfig, 'rules' | 'include' | 'ignore'> | string {
  if (!isObject(json)) return `expected an object with "rules" and "include", not ${describeValue(json)}`;
  for (const key of Object.keys(json)) {
    if (!(TOP_LEVEL_KEYS as readonly string[]).includes(key)) {
      const suggestion = suggestFrom(key, TOP_LEVEL_KEYS);
      return `unknown key "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}: the keys are ${TOP_LEVEL_KEYS.map((name) => `"${name}"`).join(', ')}`;
    }
  }
  if (json['$schema'] !== undefined && typeof json['$schema'] !== 'string')
    return `"$schema" must be a string, not ${describeValue(json['$schema'])}`;
  const rules: Record<string, SeveritySetting> = {};
  const rawRules = json['rules'];
  if (rawRules !== undefined) {
    if (!isObject(rawRules)) return `"rules" must be an object mapping rule ids to ${listSeverities()}, not ${describeValue(rawRules)}`;
    const ids: readonly string[] = RULES.map((rule) => rule.id);
    for (const [id, severity] of Object.entries(rawRules)) {
      if (!ids.includes(id)) {
        const suggestion = suggestFrom(id, ids);
        return `rules: unknown rule id "${id}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
      }
      // "warn" is ESLint's word for it, and what its users write.
      const setting = severity === 'warn' ? 'warning' : severity;
      if (typeof setting !== 'string' || !(SEVERITY_SETTINGS as readonly string[]).includes(setting)) {
        return `rules."${id}": the severity must be ${listSeverities()}, not ${describeValue(severity)}`;
      }
      rules[id] = setting as SeveritySetting;
    }
  }
  const include = parsePatterns(json['include'], 'include');
  if (typeof include === 'string') return include;
  const ignore = parsePatterns(json['ignore'], 'ignore');
  if (typeof ignore === 'string') return ignore;
  return { rules, include, ...(ignore === undefined ? {} : { ignore }) };
}

/** A list of glob patterns under `key`, undefined when absent, or a one-line message. */
function parsePatterns(raw: unknown, key: 'include' | 'ignore'): string[] | undefined | string {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) return `"${key}" must be a list of glob patterns, not ${describeValue(raw)}`;
  const patterns: string[] = [];
  for (const [index, pattern] of raw.entries()) {
    if (typeof pattern !== 'string' || pattern.trim() === '')
      return `${key}[${index}]: expected a glob pattern such as "**/*.conf", not ${describeValue(pattern)}`;
    const error = globError(pattern);
    if (error) return `${key}[${index}]: ${error}`;
    patterns.push(pattern);
  }
  return patterns;
}

/** The text of a regular file of at most MAX_CONFIG_BYTES; opened without blocking and checked again once open, so a FIFO or a device swapped in cannot hang or flood the run. */
function readConfigText(path: string, shown: string): string {
  const problem = (what: string): ConfigError => new ConfigError(`cannot read ${shown}: ${what}`);
  const tooLarge = (): ConfigError => problem(`more than the ${MAX_CONFIG_BYTES / 1024 / 1024} MB a configuration file may have`);
  let fd: number | undefined;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw problem(stats.isDirectory() ? 'is a directory' : 'not a regular file');
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw problem('not a regular file');
    if (opened.size > MAX_CONFIG_BYTES) throw tooLarge();
    // Read one byte past the limit whatever the size said: some files report 0 and never end.
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    let read: number;
    do {
      read = readSync(fd, buffer, length, buffer.length - length, null);
      length += read;
    } while (read > 0 && length < buffer.length);
    if (length > MAX_CONFIG_BYTES) throw tooLarge();
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw problem(code === 'ENOENT' ? 'no such file' : (code ?? String(error)));
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
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
  // "warn" is accepted as "warning", as ESLint users write it.
  const severity = { enum: [...SEVERITY_SETTINGS, 'warn'] };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Balancer Lens configuration (.balancerlens.json)',
    description:
      'Rule severities and the files `balancer-lens lint` picks when it walks a directory. The nearest .balancerlens.json up from a file applies to it.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'The schema of this file, for editors.' },
      rules: {
        type: 'object',
        description: 'Severity per rule id; a rule not named keeps its default.',
        propertyNames: { enum: RULES.map((rule) => rule.id) },
        properties: Object.fromEntries(
          RULES.map((rule) => [
            rule.id,
            {
              ...severity,
              description: `${rule.docs.summary} (default: ${rule.severity})`,
            },
          ]),
        ),
        additionalProperties: false,
      },
      include: {
        type: 'array',
        description:
          'Glob patterns, relative to the directory of this file, of the files to lint when a directory is given; they replace the built-in list (*.conf, .htaccess, and every file under sites-*, conf.d, conf-*, mods-*).',
        items: { type: 'string', pattern: '\\S' },
      },
      ignore: {
        type: 'array',
        description:
          'Glob patterns, relative to the directory of this file, of files never linted: left out of directory walks and globs, skipped when named, and their findings not reported (a file a linted file includes is still read, as Apache reads it). A pattern naming a folder ignores everything under it.',
        items: { type: 'string', pattern: '\\S' },
      },
    },
  };
}
