/**
 * `Include` and `IncludeOptional` resolution as Apache does it (spec §1.6; server/config.c
 * ap_process_fnmatch_configs, util.c ap_dir_fnmatch): ServerRoot-relative paths, wildcards in any
 * component, directories read recursively, byte-wise order — over an injected file access, so the
 * CLI, the server and tests (with an in-memory file system) share it.
 */

/** The few file operations reading a configuration needs; POSIX paths. */
export interface FileAccess {
  /** The text of a regular file, or undefined when it cannot be read. */
  readFile(path: string): string | undefined;
  /** The entry names of a directory, or undefined when the path is not a readable directory. */
  readDirectory(path: string): readonly string[] | undefined;
}

/** The files an include names, in the order Apache reads them, or Apache's error. */
export type IncludeResolution = { readonly files: readonly string[] } | { readonly error: string };

/** Caps the files one include may expand to, so a huge glob cannot stall an editor. */
export const MAX_INCLUDED_FILES = 10_000;

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

/** apr_fnmatch for one path component: `*`, `?`, `[…]`, `\x`; a leading `.` must be matched literally. */
export function matchComponent(pattern: string, name: string): boolean {
  if (name.startsWith('.') && !pattern.startsWith('.')) return false;
  let source = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i]!);
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        let body = pattern.slice(i + 1, close);
        const negate = body.startsWith('!') || body.startsWith('^');
        if (negate) body = body.slice(1);
        source += `[${negate ? '^' : ''}${body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]')}]`;
        i = close;
      }
    } else source += escapeRegExp(c);
  }
  try {
    return new RegExp(`${source}$`, 's').test(name);
  } catch {
    return false;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Directory levels an include descends at most: a symlink loop must not recurse forever. */
export const MAX_DIRECTORY_DEPTH = 32;

/** Every file under a directory, recursively, each directory's entries in byte-wise order. */
function filesUnder(directory: string, access: FileAccess, found: string[], depth = 0): void {
  const entries = depth <= MAX_DIRECTORY_DEPTH ? access.readDirectory(directory) : undefined;
  if (!entries) return;
  for (const entry of [...entries].sort(compareBytes)) {
    if (found.length >= MAX_INCLUDED_FILES) return;
    const path = `${directory === '/' ? '' : directory}/${entry}`;
    if (access.readDirectory(path)) filesUnder(path, access, found, depth + 1);
    else found.push(path);
  }
}

function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Resolves one include argument to the files Apache would read, in order. */
export function resolveInclude(argument: string, optional: boolean, serverRoot: string, access: FileAccess): IncludeResolution {
  const path = serverRootRelative(argument, serverRoot);
  const files: string[] = [];
  const error = hasWildcard(path)
    ? matchWildcards('/', path.split('/').filter((part) => part !== ''), optional, access, files)
    : readPath(path, optional, access, files);
  return error === undefined ? { files: files.slice(0, MAX_INCLUDED_FILES) } : { error };
}

/** ap_dir_nofnmatch: a directory is read whole, a file as itself; a missing one fails unless optional. */
function readPath(path: string, optional: boolean, access: FileAccess, files: string[]): string | undefined {
  if (access.readDirectory(path)) filesUnder(path, access, files);
  else if (access.readFile(path) !== undefined) files.push(path);
  else if (!optional) return `Could not open configuration file ${path}: No such file or directory`;
  return undefined;
}

/**
 * ap_dir_fnmatch: walks the path a component at a time from `directory`. A wildcard is matched in
 * its own directory, so every directory an earlier wildcard matched must hold a match (a missing
 * file after a wildcard directory fails too); a wildcard before the last component matches only
 * directories. IncludeOptional forgives a missing directory and no match, not a file in the way.
 */
function matchWildcards(directory: string, components: readonly string[], optional: boolean, access: FileAccess, files: string[]): string | undefined {
  const [component = '', ...rest] = components;
  const prefix = directory === '/' ? '' : directory;
  const next = (path: string): string | undefined => (rest.length === 0 ? readPath(path, optional, access, files) : matchWildcards(path, rest, optional, access, files));
  if (!hasWildcard(component)) return next(`${prefix}/${component}`);
  const entries = access.readDirectory(directory);
  if (!entries) {
    if (access.readFile(directory) !== undefined) return `Include/IncludeOptional: Could not open directory ${directory}: Not a directory`;
    return optional ? undefined : `Include/IncludeOptional: Could not open directory ${directory}: No such file or directory`;
  }
  const matches = [...entries]
    .sort(compareBytes)
    .filter((entry) => matchComponent(component, entry))
    .map((entry) => `${prefix}/${entry}`)
    .filter((path) => rest.length === 0 || access.readDirectory(path) !== undefined);
  if (matches.length === 0) return optional ? undefined : `Include/IncludeOptional: No matches for the wildcard '${component}' in '${directory}', failing`;
  for (const match of matches) {
    const error = next(match);
    if (error !== undefined || files.length >= MAX_INCLUDED_FILES) return error;
  }
  return undefined;
}
