/** Turns `lint` arguments (files, directories, quoted globs, `-`) into the set of files to lint. */
import { realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import type { ConfigLookup } from '../node/config';
import { UsageError } from './io';

// `require`, not `import`: esbuild would pick fdir's ES build for an import, and in this CommonJS
// bundle its `createRequire(import.meta.url)` fails at start-up; the CommonJS build works.
const { globSync, isDynamicPattern } = require('tinyglobby') as typeof import('tinyglobby');

/** What a directory walk picks when no `include` applies; matched against the path from the directory's parent. */
export const DEFAULT_PATTERNS: readonly string[] = [
  '**/*.conf',
  '**/httpd.conf',
  '**/apache2.conf',
  '**/.htaccess',
  ...['sites-available', 'sites-enabled', 'conf.d', 'conf-available', 'conf-enabled', 'mods-available', 'mods-enabled'].map((name) => `**/${name}/**`),
];

/** Never walked into, by directories or globs: dependencies and dot-directories (.git, .cache…). */
const IGNORED = ['**/node_modules/**', '**/.*/**'];

/** One file of the run. */
export type Input =
  | { readonly kind: 'file'; /** Absolute. */ readonly path: string; /** As reported: relative to the current directory when inside it. */ readonly shown: string }
  | { readonly kind: 'stdin'; /** `--stdin-filename`, absolute, if given. */ readonly path: string | undefined; readonly shown: string };

/** How arguments are expanded. */
export interface InputOptions {
  readonly cwd: string;
  /** Extra extensions (without the dot) a directory walk picks, from `--ext`. */
  readonly extensions: readonly string[];
  readonly stdinFilename: string | undefined;
  readonly configFor: ConfigLookup;
}

/** Expands the arguments in order; a path that is given twice (or reached twice through a symlink) is linted once. */
export function resolveInputs(args: readonly string[], options: InputOptions): Input[] {
  const inputs: Input[] = [];
  const seen = new Set<string>();
  const addFile = (path: string): void => {
    const key = realPath(path);
    if (seen.has(key)) return;
    seen.add(key);
    inputs.push({ kind: 'file', path, shown: showPath(path, options.cwd) });
  };
  if (args.filter((arg) => arg === '-').length > 1) throw new UsageError('- (standard input) can be given only once');
  if (options.stdinFilename !== undefined && !args.includes('-')) throw new UsageError('--stdin-filename names standard input: add - to the paths');
  for (const arg of args) {
    if (arg === '-') {
      const name = options.stdinFilename;
      inputs.push({ kind: 'stdin', path: name === undefined ? undefined : resolve(options.cwd, name), shown: name ?? '<stdin>' });
      continue;
    }
    const path = resolve(options.cwd, arg);
    const kind = kindOf(path);
    if (kind === 'file') addFile(path);
    else if (kind === 'directory') {
      const found = walkDirectory(path, options);
      if (found.length === 0) {
        throw new UsageError(`no Apache configuration files in ${arg} (looked for *.conf, .htaccess and files under sites-*, conf.d, conf-*, mods-*; see --ext and "include")`);
      }
      found.forEach(addFile);
    } else if (isDynamicPattern(arg)) {
      const found = expandGlob(arg, options.cwd);
      if (found.length === 0) throw new UsageError(`no files match ${arg}`);
      found.forEach(addFile);
    } else {
      throw new UsageError(`cannot read ${arg}: no such file`);
    }
  }
  return inputs;
}

function kindOf(path: string): 'file' | 'directory' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The path relative to the current directory when inside it, else absolute. */
export function showPath(path: string, cwd: string): string {
  const shown = relative(cwd, path);
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? path : shown;
}

/** The configuration files under a directory, sorted; each file is judged by the `include` of its own configuration. */
function walkDirectory(directory: string, options: InputOptions): string[] {
  const all = globSync(['**/*'], { cwd: directory, dot: true, absolute: true, ignore: IGNORED, followSymbolicLinks: true });
  const extensionPatterns = options.extensions.map((extension) => `**/*.${extension}`);
  const defaults = picomatch([...DEFAULT_PATTERNS, ...extensionPatterns]);
  const byInclude = new Map<readonly string[], picomatch.Matcher>();
  const parent = dirname(directory);
  const picked = all.filter((file) => {
    const config = options.configFor(dirname(file));
    if (config.include === undefined) return defaults(slashes(relative(parent, file)));
    let matcher = byInclude.get(config.include);
    if (!matcher) byInclude.set(config.include, (matcher = picomatch([...config.include, ...extensionPatterns])));
    const fromBase = slashes(relative(config.base, file));
    return !fromBase.startsWith('../') && matcher(fromBase);
  });
  return picked.sort(byCodePoint);
}

/** A quoted glob, expanded from its literal base so that the ignore patterns apply below it. */
function expandGlob(pattern: string, cwd: string): string[] {
  const { base, glob } = picomatch.scan(slashes(pattern));
  const root = resolve(cwd, base);
  return globSync([glob], { cwd: root, absolute: true, ignore: IGNORED, followSymbolicLinks: true, expandDirectories: false }).sort(byCodePoint);
}

function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
