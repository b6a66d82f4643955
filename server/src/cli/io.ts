/** File reading and argument errors for the CLI. */
import { readFileSync, Stats, statSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { isBinary } from '../node/files';

/** A problem with the command line or its files: one line on stderr, exit code 2. */
export class UsageError extends Error {}


/** A file's text as the CLI reads it. */
export interface InputText {
  /** UTF-8, with invalid bytes as U+FFFD. */
  readonly text: string;
  /** A NUL byte in the first 8 KB: not a configuration file. */
  readonly isBinary: boolean;
  /** Writing `text` back reproduces the bytes exactly (so `--fix` may rewrite the file). */
  readonly isExactUtf8: boolean;
}

/** Reads a configuration file as UTF-8 (invalid bytes become U+FFFD), or explains why it cannot (a binary file is not one, nor one over `maxBytes`). */
export function readConfig(path: string, maxBytes: number): string {
  const read = readInput(path, path, maxBytes);
  if (read.isBinary) throw new UsageError(`${path}: binary file, not an Apache configuration`);
  return read.text;
}

/** Reads a file with what `lint` needs to know about its bytes; throws a UsageError saying why it cannot (naming it `shown`). */
export function readInput(path: string, shown: string, maxBytes: number): InputText {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw new UsageError(`cannot read ${shown}: ${describe(error)}`);
  }
  if (stats.isDirectory()) throw new UsageError(`${shown} is a directory; give a configuration file`);
  // A device never ends (a symlink to /dev/zero in a pull request would hang CI); a pipe is fine.
  if (!stats.isFile() && !stats.isFIFO()) throw new UsageError(`${shown} is not a regular file`);
  if (stats.isFile()) checkSize(stats.size, shown, maxBytes);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new UsageError(`cannot read ${shown}: ${describe(error)}`);
  }
  checkSize(bytes.length, shown, maxBytes);
  return decodeInput(bytes);
}

/**
 * Analysing takes about 50 bytes of memory per byte of text (the syntax tree and model keep every
 * line); past the heap's limit Node aborts with a native stack trace. By default the CLI refuses
 * more than the heap can take, up front, saying how to raise the limit.
 */
const MEMORY_PER_BYTE = 60;

/** The bytes of configuration this process's heap can analyse: the default of --max-size. */
export function heapSizeLimit(): number {
  return Math.floor(getHeapStatistics().heap_size_limit / MEMORY_PER_BYTE);
}

function checkSize(size: number, shown: string, maxBytes: number): void {
  if (size <= maxBytes) return;
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  throw new UsageError(`${shown} is ${mb(size)}, more than the ${mb(maxBytes)} limit (--max-size MB raises it; past about ${mb(heapSizeLimit())}, raise the Node.js heap too: NODE_OPTIONS=--max-old-space-size=MB)`);
}

/** Reads all of standard input; more than `maxBytes` is refused. */
export function readStdin(maxBytes: number): InputText {
  let bytes: Buffer;
  try {
    bytes = readFileSync(0);
  } catch (error) {
    throw new UsageError(`cannot read standard input: ${describe(error)}`);
  }
  checkSize(bytes.length, 'standard input', maxBytes);
  return decodeInput(bytes);
}

/** Decodes bytes as UTF-8 and classifies them. */
export function decodeInput(bytes: Buffer): InputText {
  const text = bytes.toString('utf8');
  return { text, isBinary: isBinary(bytes), isExactUtf8: Buffer.from(text, 'utf8').equals(bytes) };
}

/** A short reason for a file system error. */
export function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message : String(error);
}

/** Whether stdout is a terminal that shows colour (and NO_COLOR is not set). */
export function useColour(): boolean {
  return Boolean(process.stdout.isTTY) && process.env['NO_COLOR'] === undefined;
}
