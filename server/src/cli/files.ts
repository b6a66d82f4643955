/** The disk as the core's FileAccess, with in-memory texts (stdin, --fix results) laid over it. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { FileAccess } from '../core/syntax/includes';
import { decodeInput } from './io';

/** Reads through an overlay of texts by absolute path; binary and unreadable files read as missing. */
export function diskAccess(overlay: ReadonlyMap<string, string> = new Map()): FileAccess {
  return {
    readFile(path) {
      const laid = overlay.get(path);
      if (laid !== undefined) return laid;
      try {
        if (!statSync(path).isFile()) return undefined;
        const read = decodeInput(readFileSync(path));
        return read.isBinary ? undefined : read.text;
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
