/** code-server's workbench in a browser page. */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CodeServer } from './codeServer';

/** Loads the workbench (again) with `file`, relative to the workspace, open: a reload of the window, as far as the extension can tell. */
export async function openWorkbench(page: Page, server: CodeServer, file: string): Promise<void> {
  const payload = [
    ['openFile', server.remoteUri(join(server.workspace, file))],
    ['skipWelcome', 'true'],
  ];
  await page.goto(`${server.url}/?folder=${encodeURIComponent(server.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 60_000 });
}
