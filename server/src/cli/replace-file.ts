/**
 * Replaces a file's content for `lint --fix` so that a crash, a kill or a full disk at any moment
 * leaves the old content or the new one, never a mix, a short file or no file (docs/reliability.md).
 */
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The temporary file's name beside `target`: a dot file that no `*.conf` pattern matches, marked as ours. */
export function temporaryName(target: string): string {
  return join(dirname(target), `.${basename(target)}.balancer-lens-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes `text` to a new file beside the real file `path` names (a symlink keeps pointing at it),
 * with the old file's owner and mode, flushes it to disk, and renames it over the old file, which
 * the file system does atomically; then flushes the folder, so the rename itself survives a crash.
 * Throws, leaving the file as it was, when `path` no longer holds `expected` (someone edited it
 * since it was read), has other hard links (they would keep the old content), is read-only, or
 * cannot be written.
 */
export function replaceFile(path: string, expected: string, text: string): void {
  const target = realpathSync(path);
  const stats = statSync(target);
  if (!stats.isFile()) throw new Error('not a regular file');
  if (stats.nlink > 1) throw new Error(`it has ${stats.nlink} hard links, and the others would keep the old text`);
  const denied = writeDenied(target, stats);
  if (denied) throw new Error(denied);
  if (!readFileSync(target).equals(Buffer.from(expected, 'utf8'))) throw new Error('it changed since it was read');
  const temporary = temporaryName(target);
  // O_EXCL and O_NOFOLLOW: never write through a file or link someone placed under that name.
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  let isRenamed = false;
  try {
    try {
      keepOwnerAndMode(fd, stats);
      writeFileSync(fd, text, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
    isRenamed = true;
  } finally {
    if (!isRenamed) unlinkSync(temporary);
  }
  syncDirectory(dirname(target));
}

/**
 * Why the file's own permission forbids writing it, if it does. The rename needs only the folder's
 * permission, so a file made read-only in a writable folder would be replaced without this check.
 * Root, whom permissions do not stop, still leaves alone a file no one may write (0444): that mode
 * is its owner's statement, as editors that ask before overwriting a read-only file take it.
 */
function writeDenied(path: string, stats: Stats): string | undefined {
  const mode = (stats.mode & 0o7777).toString(8).padStart(4, '0');
  if ((stats.mode & 0o222) === 0) return `the file is read-only (mode ${mode})`;
  try {
    accessSync(path, constants.W_OK);
    return undefined;
  } catch {
    return `no permission to write the file (mode ${mode}, owner ${stats.uid}:${stats.gid})`;
  }
}

/** Owner before mode: changing the owner clears set-user-id and set-group-id bits. */
function keepOwnerAndMode(fd: number, stats: Stats): void {
  const isSameOwner = stats.uid === process.getuid?.() && stats.gid === process.getgid?.();
  if (!isSameOwner && process.getuid) {
    try {
      fchownSync(fd, stats.uid, stats.gid);
    } catch {
      throw new Error(`cannot keep its owner ${stats.uid}:${stats.gid} (run as that user or as root)`);
    }
  }
  fchmodSync(fd, stats.mode & 0o7777);
}

/**
 * The rename is in the folder's entries, which reach the disk when the folder is flushed. The new
 * content is already in place by then, so a file system that cannot flush a folder (some network
 * and FUSE file systems refuse) costs durability after a power cut, not content: not an error.
 */
function syncDirectory(directory: string): void {
  let fd: number;
  try {
    fd = openSync(directory, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // See above: the file is already replaced.
  } finally {
    closeSync(fd);
  }
}
