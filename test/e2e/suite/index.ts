/**
 * Entry point of the extension-host suite (`extensionTestsPath`): VS Code calls `run()` inside its
 * real extension host and exits with 0 when it resolves. Works the same under code-server (here and
 * in CI) and under @vscode/test-electron (runElectron.ts). Mocha 11: mocha 12 is ESM-only and
 * cannot be loaded here.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

/** Where the outer test finds per-test results, next to this bundle. */
export const RESULTS_FILE = 'results.json';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 60_000, slow: 5_000 });
  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort())
    mocha.addFile(join(__dirname, file));
  const results: { title: string; state: 'passed' | 'failed'; durationMs?: number; error?: string }[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      writeFileSync(join(__dirname, RESULTS_FILE), `${JSON.stringify(results, null, 2)}\n`);
      if (failures > 0) reject(new Error(`${failures} extension-host test${failures === 1 ? '' : 's'} failed`));
      else resolve();
    });
    runner.on('pass', (test) => results.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration }));
    runner.on('fail', (test, error: Error) =>
      results.push({ title: test.fullTitle(), state: 'failed', error: error.stack ?? String(error) }),
    );
  });
}
