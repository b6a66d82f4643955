/**
 * The same extension-host suite in desktop VS Code, for machines that can download it:
 * `npm run test:e2e:electron`. @vscode/test-electron downloads VS Code at run time, so this cannot
 * run offline; here and in CI the suite runs in code-server instead (extensionHost.test.ts).
 * @vscode/test-electron is pinned to 2.5.2: later versions need Node 22.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { freshScratch, ROOT, scratchEnvironment, writeWorkspace } from './harness/codeServer';
import { bundleSuite } from './harness/suite';

async function main(): Promise<void> {
  const scratch = freshScratch('electron');
  const workspace = join(scratch, 'workspace');
  writeWorkspace(workspace);
  const userData = join(scratch, 'user-data');
  mkdirSync(userData, { recursive: true });
  const extensionTestsPath = await bundleSuite(join(scratch, 'suite'));
  const env = scratchEnvironment(scratch);
  const code = await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: ROOT,
    extensionTestsPath,
    extensionTestsEnv: { HOME: env.HOME, TMPDIR: env.TMPDIR },
    launchArgs: [
      workspace,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
      `--user-data-dir=${userData}`,
    ],
  });
  process.exitCode = code;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
