/** The CLI's I/O vocabulary (exit codes, outputs, `CliIo`), file reading and argument errors. */
import { getHeapStatistics } from 'node:v8';
import { isBinary, readRegularFile, RegularRead } from '../node/files';

/** The exit codes; public API. */
export const ExitCode = {
  /** Nothing fails the run. */
  Clean: 0,
  /** Findings fail it: errors, more warnings than --max-warnings, (schedule) a configuration Apache refuses, or (diff) the traffic changed. */
  Findings: 1,
  /** A bad flag, or input not read in full (unreadable, binary, over a limit, --max-time). */
  Incomplete: 2,
  /** A bug of balancer-lens. */
  Internal: 3,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Where the CLI writes. */
export interface Output {
  write(text: string): void;
  /** A terminal: colour and progress lines. */
  readonly isTTY: boolean;
  /** A terminal's width in characters, when it says (text is fitted to it: see fit.ts). */
  readonly columns?: number;
}

/** Everything the CLI takes from its process, besides the files it reads and writes. */
export interface CliIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: Output;
  readonly stderr: Output;
  /** Reads the next bytes of standard input into `chunk`; 0 at its end. */
  readStdin(chunk: Buffer): number;
  /** Milliseconds since the run started (`--max-time`). */
  now(): number;
  /** Starts the language server on stdio (`lsp --stdio`), where the process has one to lend. */
  readonly startLanguageServer?: () => void;
}

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
export function readConfig(path: string, shown: string, maxBytes: number): string {
  const read = readInput(path, shown, maxBytes);
  if (read.isBinary) throw new UsageError(`${shown}: binary file, not an Apache configuration`);
  return read.text;
}

/**
 * Reads a file with what `lint` needs to know about its bytes; throws a UsageError saying why it
 * cannot (naming it `shown`). Only a regular file is read, and only up to `maxBytes` whatever its
 * size says: a FIFO would block, a device or /proc/self/pagemap never end (pipe into `-` instead).
 */
export function readInput(path: string, shown: string, maxBytes: number): InputText {
  let read: RegularRead;
  try {
    read = readRegularFile(path, maxBytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new UsageError(`${shown} is a directory; give a configuration file`);
    throw new UsageError(`cannot read ${shown}: ${describe(error)}`);
  }
  switch (read.kind) {
    case 'not-regular':
      throw new UsageError(
        `${shown} is ${read.what.type}, ${read.what.isPseudo ? 'which may never end or may block' : 'not a regular file'}`,
      );
    case 'too-large':
      throw tooLarge(read.bytes, shown, maxBytes);
    case 'bytes':
      return decodeInput(read.bytes);
  }
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

/** The error for input of `size` bytes over `maxBytes` (a read stopped one byte past the limit gives maxBytes + 1). */
export function tooLarge(size: number, shown: string, maxBytes: number): UsageError {
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const amount = size === maxBytes + 1 ? 'holds more than' : `is ${mb(size)}, more than`;
  return new UsageError(
    `${shown} ${amount} the ${mb(maxBytes)} limit (--max-size MB raises it; past about ${mb(heapSizeLimit())}, raise the Node.js heap too: NODE_OPTIONS=--max-old-space-size=MB)`,
  );
}

/** Reads all of standard input, in chunks: more than `maxBytes` is refused as soon as it is read (`- < /dev/zero` ends). */
export function readStdin(maxBytes: number, readChunk: (chunk: Buffer) => number): InputText {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(STDIN_CHUNK, maxBytes + 1 - total));
      const read = readChunk(chunk);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) throw tooLarge(total, 'standard input', maxBytes);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read standard input: ${describe(error)}`);
  }
  return decodeInput(Buffer.concat(chunks, total));
}

const STDIN_CHUNK = 64 * 1024;

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

/** parseArgs options for colour, shared by `lint` and `schedule`. */
export const COLOUR_OPTIONS = {
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const;

/** The help lines of the colour flags. */
export const COLOUR_HELP = `      --color, --no-color  colour the output or not (default: on a terminal, unless NO_COLOR is set
                          and not empty; FORCE_COLOR set and not 0 turns it on)`;

/**
 * Whether the output is coloured: --no-color and --color first, then FORCE_COLOR, then a terminal
 * unless NO_COLOR is set to something (no-color.org: an empty NO_COLOR does not count).
 */
export function useColour(io: CliIo, flags: { readonly color?: boolean; readonly 'no-color'?: boolean } = {}, output = io.stdout): boolean {
  if (flags['no-color']) return false;
  if (flags.color) return true;
  const force = io.env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  const noColour = io.env['NO_COLOR'];
  return output.isTTY && (noColour === undefined || noColour === '');
}
