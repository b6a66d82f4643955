/**
 * Runs test/e2e/suite in code-server's real extension host, the way @vscode/test-electron runs it in
 * desktop VS Code: the workbench reads `extensionDevelopmentPath` and `extensionTestsPath` from its
 * `payload` query parameter and calls `window.codeAutomationExit(code)` when the suite ends.
 * The extension under test is the one `code-server --install-extension` unpacked from the .vsix.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './harness/browser';
import { CodeServer, codeServer, FIXTURE_IN_WORKSPACE, scratchEnvironment } from './harness/codeServer';
import { bundleSuite } from './harness/suite';

const RUN_TIMEOUT_MS = 180_000;

describe('extension host suite in code-server (VS Code 1.100.3)', function () {
  this.timeout(RUN_TIMEOUT_MS + 90_000);
  let server: CodeServer;

  before(async () => {
    server = await codeServer();
  });

  it('passes every test of test/e2e/suite against the installed .vsix', async () => {
    const suiteDir = join(server.scratch, 'suite');
    const entry = await bundleSuite(suiteDir);
    const payload = [
      ['extensionDevelopmentPath', server.remoteUri(server.installedExtension)],
      ['extensionTestsPath', server.remoteUri(entry)],
      ['openFile', server.remoteUri(join(server.workspace, FIXTURE_IN_WORKSPACE))],
      ['skipWelcome', 'true'],
    ];
    const url = `${server.url}/?folder=${encodeURIComponent(server.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    const browser = await launchBrowser(server.scratch, 'extension-host', scratchEnvironment(server.scratch));
    const consoleLines: string[] = [];
    try {
      let exit!: (code: number) => void;
      const exited = new Promise<number>((resolve) => (exit = resolve));
      await browser.exposeFunction('codeAutomationExit', (code: number) => exit(code));
      const page = browser.pages()[0] ?? (await browser.newPage());
      const started = Date.now();
      const stamp = (): string => `+${((Date.now() - started) / 1000).toFixed(1)}s`;
      page.on('console', (message) => consoleLines.push(`${stamp()} ${message.text()}`));
      page.on('pageerror', (error) => consoleLines.push(`${stamp()} pageerror: ${error.message}`));
      await page.goto(url);
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), RUN_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      console.log(`    workbench loaded, suite ran and exited (${code}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const resultsFile = join(suiteDir, 'results.json');
      const results: { title: string; state: string; durationMs?: number; error?: string }[] = existsSync(resultsFile)
        ? JSON.parse(readFileSync(resultsFile, 'utf8'))
        : [];
      for (const result of results)
        console.log(
          `      ${result.state === 'passed' ? '✔' : '✘'} ${result.title}${result.durationMs !== undefined ? ` (${result.durationMs} ms)` : ''}`,
        );
      const failures = results.filter((result) => result.state !== 'passed');
      const details = failures.map((failure) => `${failure.title}\n${failure.error}`).join('\n\n');
      assert.notEqual(
        code,
        'timeout',
        `the suite did not finish in ${RUN_TIMEOUT_MS / 1000} s; page console:\n${consoleLines.slice(-80).join('\n')}`,
      );
      assert.ok(results.length > 0, `the suite reported no tests (exit ${code}); page console:\n${consoleLines.slice(-80).join('\n')}`);
      assert.equal(failures.length, 0, details);
      assert.equal(code, 0, `exit code ${code}; page console:\n${consoleLines.slice(-80).join('\n')}`);
    } finally {
      writeFileSync(join(server.scratch, 'extension-host-console.log'), `${consoleLines.join('\n')}\n`);
      await browser.close();
    }
  });
});
