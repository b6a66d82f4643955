/**
 * Which configuration an open file belongs to: the workspace's entry files (httpd.conf,
 * apache2.conf, or any file with an Include) and the files each one reads. The search is bounded:
 * it never leaves the workspace folders, reads each configuration within the read limits, and
 * stops at a cap on files and on time, saying so.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../core/syntax/parser';
import type { FileAccess, ReadLimits } from '../core/syntax/includes';

/** How many files the search looks at, and how deep it goes, at most. */
export const SEARCH_CAP = 2000;
const SEARCH_DEPTH = 8;
const ENTRY_NAMES = new Set(['httpd.conf', 'apache2.conf']);
const INCLUDE = /^[ \t]*Include(Optional)?[ \t]/im;

/** How the search is bounded besides its caps. */
export interface IndexOptions {
  readonly limits: ReadLimits;
  /** Milliseconds reading the entry files' configurations may take, at most. */
  readonly budgetMs: number;
  /** A clock in milliseconds. */
  readonly now: () => number;
}

/** The entry files found and the files each reads. */
export interface WorkspaceIndex {
  /** File path → the entry file whose configuration reads it (the first found). */
  readonly entryOf: ReadonlyMap<string, string>;
  /** Set when a cap (files or time) stopped the search. */
  readonly capped: boolean;
}

/** Finds the entry files under the workspace folders and the include graph of each. */
export function indexWorkspace(folders: readonly string[], files: FileAccess, options: IndexOptions): WorkspaceIndex {
  const started = options.now();
  const candidates: string[] = [];
  let seen = 0;
  let capped = false;
  const visit = (directory: string, depth: number): void => {
    if (depth > SEARCH_DEPTH || capped) return;
    let entries: string[];
    try {
      entries = readdirSync(directory).sort();
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith('.') || entry === 'node_modules') continue;
      if (++seen > SEARCH_CAP) {
        capped = true;
        return;
      }
      const path = join(directory, entry);
      let isDirectory = false;
      try {
        isDirectory = statSync(path).isDirectory();
      } catch {
        continue;
      }
      if (isDirectory) visit(path, depth + 1);
      else if (ENTRY_NAMES.has(entry) || (entry.endsWith('.conf') && hasInclude(path))) candidates.push(path);
    }
  };
  for (const folder of folders) visit(folder, 0);
  const entryOf = new Map<string, string>();
  // Real entries (httpd.conf, apache2.conf) first, so a file reached from both keeps the real one.
  for (const entry of candidates.sort((a, b) => Number(!ENTRY_NAMES.has(baseName(a))) - Number(!ENTRY_NAMES.has(baseName(b))))) {
    if (options.now() - started > options.budgetMs) {
      capped = true;
      break;
    }
    const text = files.readFile(entry);
    if (typeof text !== 'string') continue;
    for (const file of parse(text, { path: entry, files, limits: options.limits }).files.slice(1)) if (!entryOf.has(file.path)) entryOf.set(file.path, entry);
  }
  return { entryOf, capped };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Looks at the first megabyte of a regular file only: a `.conf` symlink to /dev/zero, or a huge file, must not stall the server. */
function hasInclude(path: string): boolean {
  let fd: number | undefined;
  try {
    if (!statSync(path).isFile()) return false;
    fd = openSync(path, 'r');
    const head = Buffer.alloc(1_000_000);
    const length = readSync(fd, head, 0, head.length, 0);
    return INCLUDE.test(head.toString('utf8', 0, length));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
