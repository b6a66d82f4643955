/**
 * `Include` and `IncludeOptional` resolution as Apache does it (docs/apache-semantics.md,
 * include_config; server/config.c ap_process_fnmatch_configs, util.c ap_dir_fnmatch):
 * ServerRoot-relative paths, wildcards in any component, directories read recursively, byte-wise
 * order — over an injected file access, so the CLI, the server and tests (with an in-memory file
 * system) share it.
 */
import { matchComponent } from '../glob';

/** A file the access would not read because it is larger than its limit; sizes in bytes. */
export interface TooLarge {
  readonly bytes: number;
  readonly limit: number;
}

/** A file the access would not read because it lies outside the folders it may read (symbolic links followed). */
export interface OutsideRoots {
  readonly roots: readonly string[];
}

/**
 * A file the access would not read because of what it is: not a regular file (a FIFO, a device, a
 * socket), which Apache refuses too, or a file of a pseudo file system such as /proc, which claims
 * a size of 0 and may never end (`/proc/self/pagemap`) or block (`/proc/kmsg`).
 */
export interface NotRegular {
  /** What it is, for a message: `a FIFO`, `a character device`, `a file of the proc file system`. */
  readonly type: string;
  /** A pseudo file system's file: Apache would read it (a regular file), balancer-lens does not. */
  readonly isPseudo: boolean;
}

/** The few file operations reading a configuration needs; POSIX paths. */
export interface FileAccess {
  /**
   * The text of a regular file; its size when it is larger than the access reads, the folders it
   * keeps to when the file is outside them, or what it is when it is not a regular file; undefined
   * when it cannot be read.
   */
  readFile(path: string): string | TooLarge | OutsideRoots | NotRegular | undefined;
  /**
   * The entry names of a directory, the folders it keeps to when the path is outside them (whether
   * or not it exists), or undefined when the path is not a readable directory.
   */
  readDirectory(path: string): readonly string[] | OutsideRoots | undefined;
}

/**
 * balancer-lens's own bounds on reading one configuration, so that a huge glob, a symlink loop or
 * includes that multiply cannot stall an editor or CI. Apache has none of these (its include
 * depth of 128 is Apache's behaviour, not a limit of ours).
 */
export interface ReadLimits {
  /** Files read and folders listed through Include, at most; a file read twice counts twice. */
  readonly includes: number;
  /** Folder levels an Include of a folder descends below it, at most. */
  readonly directoryDepth: number;
  /** Characters of text the configuration (every file read) may hold, at most. */
  readonly size: number;
}

/** The limits when the edge gives none: the file access bounds each file's size, if it wants to. */
export const DEFAULT_READ_LIMITS: ReadLimits = { includes: 10_000, directoryDepth: 32, size: Number.POSITIVE_INFINITY };

/** What one configuration may still read through Include; resolving an include spends from it. */
export interface IncludeBudget {
  /** Files and folder listings left. */
  left: number;
  readonly directoryDepth: number;
}

/** Which limit left files of an include unread. */
export type IncludeLimit = 'includes' | 'depth';

/**
 * The files an include names, in the order Apache reads them (`limit` says when a limit cut them
 * short, `outside` when some of it lies outside the folders the access reads), or Apache's error.
 */
export type IncludeResolution =
  { readonly files: readonly string[]; readonly limit?: IncludeLimit; readonly outside?: OutsideRoots } | { readonly error: string };

/** Whether an access answer is the folders it keeps to. */
export function isOutside(answer: string | readonly string[] | TooLarge | OutsideRoots | NotRegular | undefined): answer is OutsideRoots {
  return typeof answer === 'object' && 'roots' in answer;
}

/** `ap_server_root_relative`: absolute paths stay, others are joined to ServerRoot. */
export function serverRootRelative(path: string, serverRoot: string): string {
  return normalizePath(path.startsWith('/') ? path : `${serverRoot}/${path}`);
}

/** Collapses `//`, `.` and `..` in an absolute POSIX path. */
export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** The directory of a path. */
export function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

/** apr_fnmatch_test: `*` or `?`, or a `[` with a later `]`; a backslash escapes the next character. */
function hasWildcard(text: string): boolean {
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '*' || c === '?') return true;
    if (c === '\\') i++;
    else if (c === '[') brackets++;
    else if (c === ']' && brackets > 0) return true;
  }
  return false;
}

/** A resolution in progress: the files found so far, and the budget they come out of. */
interface Resolving {
  readonly access: FileAccess;
  readonly budget: IncludeBudget;
  readonly files: string[];
  limit: IncludeLimit | undefined;
  /** Set when the include reaches outside the roots: nothing there is listed, read or named. */
  outside: OutsideRoots | undefined;
}

/** Whether the budget is spent (each file found will be read); marks the resolution cut short. */
function isSpent(resolving: Resolving): boolean {
  if (resolving.files.length < resolving.budget.left) return false;
  resolving.limit = 'includes';
  return true;
}

/** Lists a folder the include reads from, paying for it (the access does not list a folder outside its roots). */
function list(path: string, resolving: Resolving): readonly string[] | OutsideRoots | undefined {
  const entries = resolving.access.readDirectory(path);
  if (entries && !isOutside(entries)) resolving.budget.left--;
  return entries;
}

/** Every file under a listed directory, recursively, each directory's entries in byte-wise order. */
function filesUnder(directory: string, entries: readonly string[], depth: number, resolving: Resolving): void {
  for (const entry of [...entries].sort(compareBytes)) {
    if (isSpent(resolving)) return;
    const path = `${directory === '/' ? '' : directory}/${entry}`;
    const below = resolving.access.readDirectory(path);
    if (!below) resolving.files.push(path);
    else if (isOutside(below)) resolving.outside = below;
    else if (depth >= resolving.budget.directoryDepth) resolving.limit ??= 'depth';
    else {
      resolving.budget.left--;
      filesUnder(path, below, depth + 1, resolving);
    }
  }
}

function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Resolves one include argument to the files Apache would read, in order, within the budget (which pays for the folders listed). */
export function resolveInclude(
  argument: string,
  optional: boolean,
  serverRoot: string,
  access: FileAccess,
  budget: IncludeBudget,
): IncludeResolution {
  const path = serverRootRelative(argument, serverRoot);
  const resolving: Resolving = { access, budget, files: [], limit: undefined, outside: undefined };
  const error = hasWildcard(path)
    ? matchWildcards(
        '/',
        path.split('/').filter((part) => part !== ''),
        optional,
        resolving,
      )
    : readPath(path, optional, resolving);
  if (error !== undefined) return { error };
  return {
    files: resolving.files,
    ...(resolving.limit ? { limit: resolving.limit } : {}),
    ...(resolving.outside ? { outside: resolving.outside } : {}),
  };
}

/** ap_dir_nofnmatch: a directory is read whole, a file as itself; a missing one fails unless optional. */
function readPath(path: string, optional: boolean, resolving: Resolving): string | undefined {
  if (isSpent(resolving)) return undefined;
  const entries = list(path, resolving);
  if (isOutside(entries)) resolving.outside = entries;
  else if (entries) filesUnder(path, entries, 0, resolving);
  else if (resolving.access.readFile(path) !== undefined) resolving.files.push(path);
  else if (!optional) return `Could not open configuration file ${path}: No such file or directory`;
  return undefined;
}

/**
 * ap_dir_fnmatch: walks the path a component at a time from `directory`. A wildcard is matched in
 * its own directory, so every directory an earlier wildcard matched must hold a match (a missing
 * file after a wildcard directory fails too); a wildcard before the last component matches only
 * directories. IncludeOptional forgives a missing directory and no match, not a file in the way.
 */
function matchWildcards(directory: string, components: readonly string[], optional: boolean, resolving: Resolving): string | undefined {
  const [component = '', ...rest] = components;
  const prefix = directory === '/' ? '' : directory;
  const next = (path: string): string | undefined =>
    rest.length === 0 ? readPath(path, optional, resolving) : matchWildcards(path, rest, optional, resolving);
  if (!hasWildcard(component)) return next(`${prefix}/${component}`);
  if (isSpent(resolving)) return undefined;
  const access = resolving.access;
  const entries = list(directory, resolving);
  if (isOutside(entries)) {
    resolving.outside = entries;
    return undefined;
  }
  if (!entries) {
    if (access.readFile(directory) !== undefined) return `Include/IncludeOptional: Could not open directory ${directory}: Not a directory`;
    return optional ? undefined : `Include/IncludeOptional: Could not open directory ${directory}: No such file or directory`;
  }
  const matches = [...entries]
    .sort(compareBytes)
    .filter((entry) => matchComponent(component, entry))
    .map((entry) => `${prefix}/${entry}`)
    .filter((path) => rest.length === 0 || access.readDirectory(path) !== undefined);
  if (matches.length === 0)
    return optional ? undefined : `Include/IncludeOptional: No matches for the wildcard '${component}' in '${directory}', failing`;
  for (const match of matches) {
    if (isSpent(resolving)) return undefined;
    const error = next(match);
    if (error !== undefined) return error;
  }
  return undefined;
}
