/** The disk as the core's FileAccess, shared by the CLI and the language server. */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  Stats,
  statfsSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { FileAccess, NotRegular } from '../core/syntax/includes';

/** How many leading bytes are searched for NUL to tell a binary file from a configuration (git's heuristic). */
export const BINARY_PROBE = 8000;

/** Whether bytes look like a binary file rather than a configuration. */
export function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, BINARY_PROBE).includes(0);
}

/** What the disk access reads beyond the disk. */
export interface DiskOptions {
  /** Files larger than this many bytes are not read, only measured (default: no limit). */
  readonly maxBytes?: number;
  /** Texts by absolute path read instead of the disk (stdin, --fix results, open editors). */
  readonly overlay?: ReadonlyMap<string, string>;
  /** Real paths of the folders files may be read from, symbolic links followed (default: anywhere). */
  readonly roots?: readonly string[];
}

/** Whether a real path lies in one of the folders. */
export function isInside(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => root === '/' || path === root || path.startsWith(`${root}/`));
}

/**
 * Reads the disk through an overlay; a file over the size limit is measured, not read, and one
 * outside the roots is not read either, nor one that is not a regular file; binary and unreadable
 * files read as missing.
 */
export function diskAccess(options: DiskOptions = {}): FileAccess {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const overlay = options.overlay ?? new Map<string, string>();
  return {
    readFile(path) {
      const laid = overlay.get(path);
      if (laid !== undefined) return laid;
      try {
        // Outside the roots a missing file is not told from one that exists.
        if (options.roots && !isInside(realPathOf(path), options.roots)) return { roots: options.roots };
        const read = readRegularFile(path, maxBytes);
        if (read.kind === 'bytes') return isBinary(read.bytes) ? undefined : read.bytes.toString('utf8');
        return read.kind === 'too-large' ? { bytes: read.bytes, limit: maxBytes } : read.what;
      } catch {
        return undefined;
      }
    },
    readDirectory(path) {
      // Not listed, and not told from a folder that does not exist: names there may be secrets (/home/*/.ssh).
      if (options.roots && !isInside(realPathOf(path), options.roots)) return { roots: options.roots };
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
  };
}

/** What reading a path found: its bytes, that it holds more than the limit (at least `bytes`), or that it is not a regular file. */
export type RegularRead =
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  | { readonly kind: 'too-large'; readonly bytes: number }
  | { readonly kind: 'not-regular'; readonly what: NotRegular };

/** Bytes read at a time: a file is read up to its limit and one byte more, whatever its size says. */
const CHUNK = 64 * 1024;

/**
 * Reads a regular file, at most `maxBytes` of it. Anything else is named, not read: a FIFO or a
 * device would block or never end, and /proc, /sys and the like hold "regular" files of size 0
 * that never end (`/proc/self/pagemap`) or block (`/proc/kmsg`). The type is checked on the opened
 * descriptor (opened without blocking), so a file swapped after a first look is caught too; the
 * read stops one byte past the limit whatever the size said. Throws the file system's error (ENOENT…).
 * `/dev/null` reads as empty, as Apache allows it.
 */
export function readRegularFile(path: string, maxBytes: number): RegularRead {
  // A first look, so that a device is not even opened (opening some has effects).
  const first = notRegular(statSync(path));
  if (first && path !== '/dev/null') return { kind: 'not-regular', what: first };
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    if (path === '/dev/null') return { kind: 'bytes', bytes: Buffer.alloc(0) };
    const stats = fstatSync(fd);
    const what = notRegular(stats) ?? pseudoFileSystem(fd, path);
    if (what) return { kind: 'not-regular', what };
    if (stats.size > maxBytes) return { kind: 'too-large', bytes: stats.size };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) return { kind: 'too-large', bytes: total };
    }
    return { kind: 'bytes', bytes: Buffer.concat(chunks, total) };
  } finally {
    closeSync(fd);
  }
}

/** What a file is when it is not a regular file (a directory is left to the caller). */
function notRegular(stats: Stats): NotRegular | undefined {
  if (stats.isFile() || stats.isDirectory()) return undefined;
  const type = stats.isFIFO()
    ? 'a FIFO (named pipe)'
    : stats.isCharacterDevice()
      ? 'a character device'
      : stats.isBlockDevice()
        ? 'a block device'
        : stats.isSocket()
          ? 'a socket'
          : 'not a regular file';
  return { type, isPseudo: false };
}

/** statfs magic numbers of Linux's pseudo file systems, whose files are generated on reading. */
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x62656570, 'configfs'],
  [0xcafe4a11, 'bpf'],
  [0x6165676c, 'pstore'],
  [0xde5e81e4, 'efivarfs'],
]);

/** The pseudo file system an opened file lies on, if any (asked through /proc/self/fd where there is one, so it is the opened file). */
function pseudoFileSystem(fd: number, path: string): NotRegular | undefined {
  let type: number;
  try {
    type = statfsSync(`/proc/self/fd/${fd}`).type;
  } catch {
    try {
      type = statfsSync(path).type;
    } catch {
      return undefined;
    }
  }
  const name = PSEUDO_FILE_SYSTEMS.get(type);
  return name === undefined ? undefined : { type: `a file of the ${name} file system`, isPseudo: true };
}

/**
 * Wraps file accesses so that a file is read again only when its inode, size or modification time
 * changed since the last read: the editor re-reads the workspace's configuration on every edit, and
 * almost none of it changes. The answers are kept for the life of the returned function.
 */
export function rereadChanged(): (access: FileAccess) => FileAccess {
  const answers = new Map<string, { readonly stamp: string; readonly answer: ReturnType<FileAccess['readFile']> }>();
  return (access) => ({
    readFile(path) {
      const stats = statSync(path, { throwIfNoEntry: false });
      if (!stats?.isFile()) return access.readFile(path);
      const stamp = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
      const known = answers.get(path);
      if (known?.stamp === stamp) return known.answer;
      const answer = access.readFile(path);
      answers.set(path, { stamp, answer });
      return answer;
    },
    readDirectory: (path) => access.readDirectory(path),
  });
}

/**
 * A file's identity in a configuration set: where its path leads (see realPathOf), remembered for
 * the life of the returned function.
 */
export function realPathKeys(): (path: string) => string {
  const known = new Map<string, string>();
  return (path) => {
    let key = known.get(path);
    if (key === undefined) known.set(path, (key = realPathOf(path)));
    return key;
  };
}

/** Linux's bound on symbolic links followed in resolving one path. */
const MAX_SYMLINKS = 40;

/**
 * Where a path leads, symbolic links followed, whether or not it exists: a missing path is its
 * nearest existing folder's real path plus the rest, and a dangling link leads where it points, so
 * a link into another folder is judged by that folder even when its target is missing.
 */
export function realPathOf(path: string, hops = 0): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    const folder = realPathOf(parent, hops);
    if (hops < MAX_SYMLINKS) {
      try {
        return realPathOf(resolve(folder, readlinkSync(path)), hops + 1);
      } catch {
        // Not a symbolic link.
      }
    }
    return join(folder, basename(path));
  }
}
