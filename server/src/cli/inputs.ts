/** Turns `lint` arguments (files, directories, quoted globs, `-`) into the set of files to lint. */
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { globMatcher } from '../core/glob';
import { ignoreCheck, PickOptions, Picked, realPath, slashes, walkDirectory, walkFiles } from '../node/walk';
import { UsageError } from './io';

/** One file of the run. */
export type Input =
  | {
      readonly kind: 'file';
      /** Absolute. */ readonly path: string;
      /** As reported: relative to the current directory when inside it. */ readonly shown: string;
    }
  | { readonly kind: 'stdin'; /** `--stdin-filename`, absolute, if given. */ readonly path: string | undefined; readonly shown: string };

/** How arguments are expanded: what a walk picks, and where from. */
export interface InputOptions extends PickOptions {
  readonly cwd: string;
  readonly stdinFilename: string | undefined;
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

/** The path relative to the current directory when inside it, else absolute. */
export function showPath(path: string, cwd: string): string {
  const shown = relative(cwd, path);
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? path : shown;
}

/** What a walk picked: files to lint, and symlinks it would have picked that lead outside the folder walked. */
/** A quoted glob, matched below its literal base (a glob without `**` only as deep as it reaches). */
function expandGlob(pattern: string, cwd: string): Picked & { base: string } {
  const { base, glob } = picomatch.scan(slashes(pattern));
  const root = resolve(cwd, base);
  const matcher = globMatcher([glob]);
  const isPicked = (file: string): boolean => matcher(slashes(relative(root, file)));
  const walked = walkFiles(root, glob.includes('**') ? Infinity : glob.split('/').length - 1);
  return { base: base === '' ? '.' : base, files: walked.files.filter(isPicked), outside: walked.outside.filter(isPicked) };
}
