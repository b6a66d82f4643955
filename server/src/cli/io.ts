/** File reading and argument errors for the CLI. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
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

/** Reads a configuration file as UTF-8 (invalid bytes become U+FFFD), or explains why it cannot. */
export function readConfig(path: string): string {
  return readInput(path).text;
}

/** Reads a file with what `lint` needs to know about its bytes; throws a UsageError saying why it cannot (naming it `shown`). */
export function readInput(path: string, shown = path): InputText {
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new UsageError(`cannot read ${shown}: ${describe(error)}`);
  }
  if (isDirectory) throw new UsageError(`${shown} is a directory; give a configuration file`);
  try {
    return decodeInput(readFileSync(path));
  } catch (error) {
    throw new UsageError(`cannot read ${shown}: ${describe(error)}`);
  }
}

/** Reads all of standard input. */
export function readStdin(): InputText {
  try {
    return decodeInput(readFileSync(0));
  } catch (error) {
    throw new UsageError(`cannot read standard input: ${describe(error)}`);
  }
}

/** Decodes bytes as UTF-8 and classifies them. */
export function decodeInput(bytes: Buffer): InputText {
  const text = bytes.toString('utf8');
  return { text, isBinary: isBinary(bytes), isExactUtf8: Buffer.from(text, 'utf8').equals(bytes) };
}

/** Replaces a file's content (used by `lint --fix` only). */
export function writeConfig(path: string, text: string): void {
  try {
    writeFileSync(path, text, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${describe(error)}`);
  }
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
