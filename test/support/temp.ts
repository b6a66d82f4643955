/** Scratch folders for tests, removed when the run ends. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A new empty folder under the system's temp folder. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

after(function () {
  // Some tests leave thousands of files; removing them may take longer than a test's default 2 s.
  this.timeout(60_000);
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
