/** The disk as the core's FileAccess, shared by the CLI and the language server. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { FileAccess } from '../core/syntax/includes';

/** How many leading bytes are searched for NUL to tell a binary file from a configuration (git's heuristic). */
export const BINARY_PROBE = 8000;

/** Whether bytes look like a binary file rather than a configuration. */
export function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, BINARY_PROBE).includes(0);
}

/** Reads through an overlay of texts by absolute path (stdin, --fix results, open editors); binary and unreadable files read as missing. */
export function diskAccess(overlay: ReadonlyMap<string, string> = new Map()): FileAccess {
  return {
    readFile(path) {
      const laid = overlay.get(path);
      if (laid !== undefined) return laid;
      try {
        if (!statSync(path).isFile()) return undefined;
        const bytes = readFileSync(path);
        return isBinary(bytes) ? undefined : bytes.toString('utf8');
      } catch {
        return undefined;
      }
    },
    readDirectory(path) {
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
  };
}
