/** File reading and argument errors for the CLI. */
import { readFileSync, statSync } from 'node:fs';

/** A problem with the command line or its files: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/** Reads a configuration file as UTF-8 (invalid bytes become U+FFFD), or explains why it cannot. */
export function readConfig(path: string): string {
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${describe(error)}`);
  }
  if (isDirectory) throw new UsageError(`${path} is a directory; give a configuration file`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/** Whether stdout is a terminal that shows colour (and NO_COLOR is not set). */
export function useColour(): boolean {
  return Boolean(process.stdout.isTTY) && process.env['NO_COLOR'] === undefined;
}
