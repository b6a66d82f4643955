/**
 * Walking folders for configuration files, for both edges: `lint DIR`, `diff` and the editor's
 * workspace pick files with the same walk, the same containment checks and the same patterns.
 */
import { Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { globMatcher } from '../core/glob';
import type { ConfigLookup } from './config';

/** What a directory walk picks when no `include` applies; matched against the path from the directory's parent. */
export const DEFAULT_PATTERNS: readonly string[] = [
  '**/*.conf',
  '**/httpd.conf',
  '**/apache2.conf',
  '**/.htaccess',
  ...['sites-available', 'sites-enabled', 'conf.d', 'conf-available', 'conf-enabled', 'mods-available', 'mods-enabled'].map(
    (name) => `**/${name}/**`,
  ),
];

/** Files a walk picked, and the links it found to files outside the folder walked. */
export interface Picked {
  readonly files: readonly string[];
  readonly outside: readonly string[];
}

/** What decides which files a walk picks. */
export interface PickOptions {
  /** Extra extensions (without the dot) a walk picks, from `--ext`. */
  readonly extensions: readonly string[];
  readonly configFor: ConfigLookup;
  /** Files never linted (`ignore`, `--ignore-pattern`); default: the `ignore` of each file's configuration. */
  readonly isIgnored?: IgnoreCheck;
}

/** What picks files in a directory walk. */
export type WalkOptions = PickOptions & {
  /** Stop after this many files and folders (default: no limit); the result says it was capped. */
  readonly maxEntries?: number;
};

/**
 * The configuration files under a directory, sorted; each file is judged by the `include` of its
 * own configuration. `lint DIR`, `diff` and the editor's workspace all pick files with this.
 */
export function walkDirectory(directory: string, options: WalkOptions): Picked & { capped: boolean } {
  const isPicked = configurationPicker(directory, options);
  const walked = walkFiles(directory, Infinity, options.maxEntries);
  return { files: walked.files.filter(isPicked), outside: walked.outside.filter(isPicked), capped: walked.capped };
}

/**
 * Whether a file found under `directory` is a configuration file: not ignored, and picked by the
 * `include` of its own configuration, else by the default patterns matched from the directory's parent.
 */
export function configurationPicker(directory: string, options: PickOptions): (file: string) => boolean {
  const extensionPatterns = options.extensions.map((extension) => `**/*.${extension}`);
  const defaults = globMatcher([...DEFAULT_PATTERNS, ...extensionPatterns]);
  const byInclude = new Map<readonly string[], (path: string) => boolean>();
  const parent = dirname(directory);
  const isIgnored = options.isIgnored ?? ignoreCheck(options.configFor);
  return (file) => {
    if (isIgnored(file)) return false;
    const config = options.configFor(dirname(file));
    if (config.include === undefined) return defaults(slashes(relative(parent, file)));
    let matcher = byInclude.get(config.include);
    if (!matcher) byInclude.set(config.include, (matcher = globMatcher([...config.include, ...extensionPatterns])));
    const fromBase = slashes(relative(config.base, file));
    return !fromBase.startsWith('../') && matcher(fromBase);
  };
}

/** Whether a file is left out of the run. */
export type IgnoreCheck = (path: string) => boolean;

/**
 * A file is ignored when a pattern of its own configuration's `ignore` (relative to that
 * configuration's folder) or one of `patterns` (`--ignore-pattern`, relative to `cwd`) matches it
 * or a folder above it, so `legacy` and `legacy/**` both ignore what is under legacy/.
 */
export function ignoreCheck(configFor: ConfigLookup, patterns: readonly string[] = [], cwd = '/'): IgnoreCheck {
  const matchers = new Map<readonly string[], (path: string) => boolean>();
  const matches = (list: readonly string[], base: string, path: string): boolean => {
    let matcher = matchers.get(list);
    // `legacy/` names the folder, as in .gitignore. Matched without backtracking, like `include`.
    if (!matcher) matchers.set(list, (matcher = globMatcher(list.map((pattern) => pattern.replace(/\/+$/, '')))));
    const below = relative(base, path);
    const parts = slashes(below.startsWith('..') || isAbsolute(below) ? path : below).split('/');
    return parts.some((_, index) => matcher(parts.slice(0, index + 1).join('/')));
  };
  return (path) => {
    const own = configFor(dirname(path)).ignore;
    return (
      (own !== undefined && matches(own, configFor(dirname(path)).base, path)) || (patterns.length > 0 && matches(patterns, cwd, path))
    );
  };
}
/**
 * Every file under `root`, sorted, as found (through symlinks too), never entering `node_modules`
 * or a dot-directory, and at most `depth` folders down. A symlink is followed only when it leads
 * inside `root`, each real folder once so a loop ends: a `.conf` link in a pull request must not
 * make the linter read (and quote) a file from elsewhere on the machine. A link to a file outside
 * is returned in `outside`; a link to a folder outside, or to nothing, is left alone.
 */
export function walkFiles(root: string, depth: number, maxEntries = Infinity): { files: string[]; outside: string[]; capped: boolean } {
  const files: string[] = [];
  const outside: string[] = [];
  let entriesSeen = 0;
  let capped = false;
  const realRoot = realPath(root);
  const visited = new Set([realRoot]);
  const visit = (directory: string, level: number): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => byCodePoint(a.name, b.name))) {
      if (++entriesSeen > maxEntries) {
        capped = true;
        return;
      }
      const path = join(directory, entry.name);
      let isDirectory = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(path);
          isDirectory = statSync(real).isDirectory();
        } catch {
          continue;
        }
        if (!isInside(real, realRoot)) {
          if (!isDirectory) outside.push(path);
          continue;
        }
        if (isDirectory && visited.has(real)) continue;
        if (isDirectory) visited.add(real);
      }
      if (!isDirectory) files.push(path);
      else if (level < depth && !entry.name.startsWith('.') && entry.name !== 'node_modules') visit(path, level + 1);
    }
  };
  visit(root, 0);
  return { files: files.sort(byCodePoint), outside: outside.sort(byCodePoint), capped };
}

function isInside(path: string, directory: string): boolean {
  const below = relative(directory, path);
  return below === '' || (!below.startsWith(`..${sep}`) && below !== '..' && !isAbsolute(below));
}

export function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The real path of `path`, or `path` itself when it cannot be resolved. */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
