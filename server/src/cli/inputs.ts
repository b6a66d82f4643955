/** Turns `lint` arguments (files, directories, quoted globs, `-`) into the set of files to lint. */
import { Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { globMatcher } from '../core/glob';
import type { ConfigLookup } from '../node/config';
import { UsageError } from './io';

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

/** One file of the run. */
export type Input =
  | {
      readonly kind: 'file';
      /** Absolute. */ readonly path: string;
      /** As reported: relative to the current directory when inside it. */ readonly shown: string;
    }
  | { readonly kind: 'stdin'; /** `--stdin-filename`, absolute, if given. */ readonly path: string | undefined; readonly shown: string };

/** How arguments are expanded. */
export interface InputOptions {
  readonly cwd: string;
  /** Extra extensions (without the dot) a directory walk picks, from `--ext`. */
  readonly extensions: readonly string[];
  readonly stdinFilename: string | undefined;
  readonly configFor: ConfigLookup;
  /** Files never linted (`ignore`, `--ignore-pattern`); default: the `ignore` of each file's configuration. */
  readonly isIgnored?: IgnoreCheck;
}

/** A symlink a directory walk or a glob found but did not follow, because it leads outside the folder walked. */
export interface OutsideLink {
  /** Absolute, as found. */
  readonly path: string;
  readonly shown: string;
  /** The folder walked, as given. */
  readonly walked: string;
}

/** The files to lint, and the symlinks to files outside the walked folders that were left out. */
export interface ResolvedInputs {
  readonly inputs: readonly Input[];
  readonly outside: readonly OutsideLink[];
  /** Files named on the command line that an ignore pattern left out, as shown. */
  readonly ignored: readonly string[];
}

/** Expands the arguments in order; a path that is given twice (or reached twice through a symlink) is linted once. */
export function resolveInputs(args: readonly string[], options: InputOptions): ResolvedInputs {
  const inputs: Input[] = [];
  const outside: OutsideLink[] = [];
  const ignored: string[] = [];
  const isIgnored = options.isIgnored ?? ignoreCheck(options.configFor);
  const seen = new Set<string>();
  const addFile = (path: string): void => {
    const key = realPath(path);
    if (seen.has(key) || isIgnored(path)) return;
    seen.add(key);
    inputs.push({ kind: 'file', path, shown: showPath(path, options.cwd) });
  };
  if (args.filter((arg) => arg === '-').length > 1) throw new UsageError('- (standard input) can be given only once');
  if (options.stdinFilename !== undefined && !args.includes('-'))
    throw new UsageError('--stdin-filename names standard input: add - to the paths');
  for (const arg of args) {
    if (arg === '-') {
      const name = options.stdinFilename;
      inputs.push({ kind: 'stdin', path: name === undefined ? undefined : resolve(options.cwd, name), shown: name ?? '<stdin>' });
      continue;
    }
    const path = resolve(options.cwd, arg);
    const kind = kindOf(path);
    if (kind === 'file') {
      if (isIgnored(path)) ignored.push(showPath(path, options.cwd));
      addFile(path);
    } else if (kind === 'directory') {
      const found = walkDirectory(path, { ...options, isIgnored: () => false });
      if (found.files.length === 0 && found.outside.length === 0) {
        throw new UsageError(
          `no Apache configuration files in ${arg} (looked for *.conf, .htaccess and files under sites-*, conf.d, conf-*, mods-*; see --ext and "include")`,
        );
      }
      found.files.forEach(addFile);
      for (const link of found.outside.filter((link) => !isIgnored(link)))
        outside.push({ path: link, shown: showPath(link, options.cwd), walked: arg });
    } else if (picomatch.scan(arg).isGlob) {
      const found = expandGlob(arg, options.cwd);
      if (found.files.length === 0 && found.outside.length === 0) throw new UsageError(`no files match ${arg}`);
      found.files.forEach(addFile);
      for (const link of found.outside.filter((link) => !isIgnored(link)))
        outside.push({ path: link, shown: showPath(link, options.cwd), walked: found.base });
    } else {
      throw new UsageError(`cannot read ${arg}: no such file`);
    }
  }
  return { inputs, outside, ignored };
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

/** What a walk picked: files to lint, and symlinks it would have picked that lead outside the folder walked. */
interface Picked {
  readonly files: readonly string[];
  readonly outside: readonly string[];
}

/** What picks files in a directory walk. */
export type WalkOptions = Pick<InputOptions, 'extensions' | 'configFor' | 'isIgnored'> & {
  /** Stop after this many files and folders (default: no limit); the result says it was capped. */
  readonly maxEntries?: number;
};

/**
 * The configuration files under a directory, sorted; each file is judged by the `include` of its
 * own configuration. `lint DIR` and the editor's workspace both pick files with this.
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
export function configurationPicker(
  directory: string,
  options: Pick<InputOptions, 'extensions' | 'configFor' | 'isIgnored'>,
): (file: string) => boolean {
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
  const matchers = new Map<readonly string[], picomatch.Matcher>();
  const matches = (list: readonly string[], base: string, path: string): boolean => {
    let matcher = matchers.get(list);
    // `legacy/` names the folder, as in .gitignore.
    if (!matcher)
      matchers.set(
        list,
        (matcher = picomatch(
          list.map((pattern) => pattern.replace(/\/+$/, '')),
          { dot: true },
        )),
      );
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

/** A quoted glob, matched below its literal base (a glob without `**` only as deep as it reaches). */
function expandGlob(pattern: string, cwd: string): Picked & { base: string } {
  const { base, glob } = picomatch.scan(slashes(pattern));
  const root = resolve(cwd, base);
  const matcher = globMatcher([glob]);
  const isPicked = (file: string): boolean => matcher(slashes(relative(root, file)));
  const walked = walkFiles(root, glob.includes('**') ? Infinity : glob.split('/').length - 1);
  return { base: base === '' ? '.' : base, files: walked.files.filter(isPicked), outside: walked.outside.filter(isPicked) };
}

/**
 * Every file under `root`, sorted, as found (through symlinks too), never entering `node_modules`
 * or a dot-directory, and at most `depth` folders down. A symlink is followed only when it leads
 * inside `root`, each real folder once so a loop ends: a `.conf` link in a pull request must not
 * make the linter read (and quote) a file from elsewhere on the machine. A link to a file outside
 * is returned in `outside`; a link to a folder outside, or to nothing, is left alone.
 */
function walkFiles(root: string, depth: number, maxEntries = Infinity): { files: string[]; outside: string[]; capped: boolean } {
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

function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
