/** The disk as the core's FileAccess, shared by the CLI and the language server. */
import { readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { FileAccess } from '../core/syntax/includes';

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
 * outside the roots is not read either; binary and unreadable files read as missing.
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
        const stats = statSync(path);
        if (!stats.isFile()) return undefined;
        if (stats.size > maxBytes) return { bytes: stats.size, limit: maxBytes };
        const bytes = readFileSync(path);
        if (bytes.length > maxBytes) return { bytes: bytes.length, limit: maxBytes };
        return isBinary(bytes) ? undefined : bytes.toString('utf8');
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
