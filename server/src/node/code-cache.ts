/**
 * Loading the bundle with a V8 code cache: the functions compiled in an earlier run are read back
 * instead of being parsed and compiled again (about 40 ms less CPU a CLI run, and 20–60 ms of the
 * language server's main thread to the first diagnostics; docs/performance.md, "Start-up"). The folder is the one
 * BALANCER_LENS_CODE_CACHE names (the VS Code extension gives its global storage), else the user's
 * cache folder; `off` keeps none. Nothing is written beside the bundle or in the working folder. A cache
 * that is missing, damaged, not the user's own, or made by another bundle or Node.js/Electron is
 * ignored and replaced when the process exits; a folder that cannot be written only leaves the next
 * start as slow as this one: never a message, never a failure.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import Module from 'node:module';
import { Script } from 'node:vm';

/** The environment variable naming the folder the cache is kept in, or `off`. */
export const CODE_CACHE_ENV = 'BALANCER_LENS_CODE_CACHE';

/** The folder's name in the user's cache folder. */
const FOLDER_NAME = 'balancer-lens';
/** A cache file's name (`cli-lint-0123456789abcdef.cache`), with the key of the bundle that made it. */
const CACHE_NAME = /^[a-z]+(?:-[a-z]+)*-([0-9a-f]{16})\.cache$/;
/** A cache file starts with the SHA-256 of the rest: V8 does not check its payload in release builds. */
const DIGEST_BYTES = 32;
/** Bigger than any cache of ours (about 1 MB): a larger file is not read. */
const MOST_BYTES = 64 * 1024 * 1024;

/** Where a process keeps the cache: what it is told, its platform and its user's home folder. */
export interface CacheHome {
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  readonly home: string;
}

/**
 * The cache folder: BALANCER_LENS_CODE_CACHE's folder, none when it is `off` (or a relative path, which
 * would land in the user's project), else the platform's user cache folder: $XDG_CACHE_HOME or
 * ~/.cache on Linux and the BSDs, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows.
 */
export function codeCacheFolder({ env, platform, home }: CacheHome): string | undefined {
  const given = env[CODE_CACHE_ENV];
  if (given !== undefined && given !== '') return given !== 'off' && isAbsolute(given) ? given : undefined;
  const under = (variable: string | undefined, fallback: string[]): string | undefined => {
    if (variable !== undefined && isAbsolute(variable)) return variable;
    return home !== '' && isAbsolute(home) ? join(home, ...fallback) : undefined;
  };
  let root: string | undefined;
  switch (platform) {
    case 'darwin':
      root = under(undefined, ['Library', 'Caches']);
      break;
    case 'win32':
      root = under(env.LOCALAPPDATA, ['AppData', 'Local']);
      break;
    default:
      root = under(env.XDG_CACHE_HOME, ['.cache']);
  }
  return root === undefined ? undefined : join(root, FOLDER_NAME);
}

/**
 * When a cache not used is written: as the process exits, or this many milliseconds after the
 * bundle is loaded, on a timer that keeps nothing running (for a worker thread: the process may end
 * it without its exit event, as the language server's main thread does on the protocol's exit).
 */
export type CacheWrite = 'at-exit' | { readonly afterMs: number };

/**
 * Evaluates the bundle at `path` as `require` would, with the code cache named `name` (`server`,
 * `cli-lint`, …: each command, and each thread, compiles other functions) when this process has a
 * cache folder.
 */
export function loadBundle(path: string, name: string, write: CacheWrite = 'at-exit'): unknown {
  let home = '';
  try {
    home = homedir();
  } catch {
    // No home folder (a user without one in the password database): the cache goes where it is told, or nowhere.
  }
  const folder = codeCacheFolder({ env: process.env, platform: process.platform, home });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return folder === undefined ? require(path) : requireWithCodeCache(path, folder, name, write);
}

/**
 * Evaluates the CommonJS file at `path` as `require` would, with the code cache `name` in `folder`,
 * and returns its exports. When the cache was not used, the functions compiled by the time the
 * process exits (or `write` says) are written for the next start.
 */
export function requireWithCodeCache(path: string, folder: string, name: string, write: CacheWrite = 'at-exit'): unknown {
  const bytes = readFileSync(path);
  // The bundle, the runtime and the platform name the file: V8 itself only compares the source's length.
  const key = createHash('sha256').update(`${process.version}\0${process.arch}\0`).update(bytes).digest('hex').slice(0, 16);
  const file = join(folder, `${name}-${key}.cache`);
  const cachedData = readCache(file);
  const source = bytes.toString('utf8').replace(/^#!/, '//');
  const script = new Script(Module.wrap(source), { filename: path, ...(cachedData ? { cachedData } : {}) });
  if (!cachedData || script.cachedDataRejected) {
    const written = (): void => writeCache(file, key, script);
    if (write === 'at-exit') process.once('exit', written);
    else setTimeout(written, write.afterMs).unref();
  }
  const module = new Module(path);
  module.filename = path;
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(path));
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, Module.createRequire(path), module, path, dirname(path));
  module.loaded = true;
  return module.exports;
}

/**
 * The cache's payload; undefined when there is none, its digest does not match, or it is not a
 * regular file of this user's that only they may write: V8 runs what the cache holds.
 */
function readCache(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    const isOwn = process.getuid === undefined || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0);
    if (!stat.isFile() || !isOwn || stat.size <= DIGEST_BYTES || stat.size > MOST_BYTES) return undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    if (readSync(fd, bytes, 0, stat.size, 0) !== stat.size) return undefined;
    const payload = bytes.subarray(DIGEST_BYTES);
    return createHash('sha256').update(payload).digest().equals(bytes.subarray(0, DIGEST_BYTES)) ? payload : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the cache through a new temporary file (another process may read the cache meanwhile; the
 * language server's two threads may both write it) and drops the caches of other bundles (`key`
 * names this one), so an upgrade leaves no cache behind.
 */
function writeCache(file: string, key: string, script: Script): void {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    const payload = script.createCachedData();
    const folder = dirname(file);
    makeFolder(folder);
    if (!isOwnFolder(folder)) return;
    writeFileSync(temporary, Buffer.concat([createHash('sha256').update(payload).digest(), payload]), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
    for (const entry of readdirSync(folder)) {
      const other = CACHE_NAME.exec(entry)?.[1];
      if (other !== undefined && other !== key) rmSync(join(folder, entry), { force: true });
    }
  } catch {
    // A cache is only a head start: a folder that cannot be written leaves the next start as fast as this one.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written.
    }
  }
}

/**
 * Whether `folder` is a folder of this user's (not a symlink) that others may not write in: in a
 * shared $XDG_CACHE_HOME, someone else's folder or link could lead the cache into the user's project.
 */
function isOwnFolder(folder: string): boolean {
  const stat = lstatSync(folder);
  return stat.isDirectory() && (process.getuid === undefined || (stat.uid === process.getuid() && (stat.mode & 0o002) === 0));
}

/**
 * Makes `folder` and, when missing, its parent (~/.cache), for this user only. Not mkdir's recursive
 * mode: under a HOME of /proc it tries the same two folders forever (Node.js 20).
 */
function makeFolder(folder: string): void {
  for (const path of [dirname(folder), folder]) {
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
