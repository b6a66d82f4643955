/**
 * Finishing touches users notice, in code-server's workbench in Chromium with the .vsix installed:
 * "Open as Apache Config" is remembered for the file (across a reload of the window) or for its
 * folder, completion opens the values once a parameter key is accepted, and the status bar item
 * shows the server's state with Restart Server and Show Output. Screenshots go to .tmp/screenshots.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from './harness/browser';
import { CodeServer, codeServer, ROOT, scratchEnvironment, waitFor } from './harness/codeServer';
import { openWorkbench } from './harness/workbench';

const SCREENSHOTS = join(ROOT, '.tmp/screenshots');
const SHOP = readFileSync(join(ROOT, 'examples/shop.conf'), 'utf8');
/** `.conf` files outside the folders the language claims by name: VS Code opens them as Properties. */
const REMEMBERED = 'elsewhere/remembered.conf';
const FOLDER_FIRST = 'vhosts/first.conf';
const FOLDER_SECOND = 'vhosts/second.conf';
/** A site file with a member and a ProxySet line to complete. */
const COMPLETE = 'apache2/sites-available/complete.conf';
const COMPLETE_TEXT = '<Proxy "balancer://complete">\n    BalancerMember "http://10.0.9.1:8080" \n    ProxySet \n</Proxy>\n';

describe('finishing touches in the workbench (code-server 4.100.3, .vsix installed)', function () {
  this.timeout(180_000);
  let server: CodeServer;
  let page: Page;
  let close: () => Promise<void> = async () => {};

  const offer = (): Locator => page.locator('.notification-toast', { hasText: 'holds Apache balancer directives' });
  const lens = (): Locator => page.locator('.codelens-decoration', { hasText: 'cycle 10' }).first();
  const languageOfEditor = async (): Promise<string> => ((await page.locator('#status\\.editor\\.mode').textContent()) ?? '').trim();
  const statusItem = (): Locator => page.locator('.statusbar-item', { hasText: 'Balancer Lens' }).first();
  /** The status bar item's text; empty while it is hidden. */
  const statusText = async (): Promise<string> =>
    (
      (await statusItem()
        .textContent({ timeout: 1_000 })
        .catch(() => '')) ?? ''
    ).trim();

  before(async () => {
    server = await codeServer();
    for (const [file, text] of [
      [REMEMBERED, SHOP],
      [FOLDER_FIRST, SHOP],
      [FOLDER_SECOND, SHOP],
      [COMPLETE, COMPLETE_TEXT],
    ] as const) {
      mkdirSync(join(server.workspace, file, '..'), { recursive: true });
      writeFileSync(join(server.workspace, file), text);
    }
    const browser = await launchBrowser(server.scratch, 'touches', scratchEnvironment(server.scratch));
    close = () => browser.close();
    page = browser.pages()[0] ?? (await browser.newPage());
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await close();
    // The folder association would reach the other tests' workspace.
    rmSync(join(server.workspace, '.vscode'), { recursive: true, force: true });
  });

  it('remembers Open as Apache Config for the file: after a reload it opens as Apache Config, without asking', async () => {
    await openWorkbench(page, server, REMEMBERED);
    await offer().waitFor({ timeout: 30_000 });
    await offer().locator('.monaco-button', { hasText: 'Open as Apache Config' }).first().click();
    await lens().waitFor({ timeout: 30_000 });
    await openWorkbench(page, server, REMEMBERED);
    await lens().waitFor({ timeout: 30_000 });
    assert.equal(await languageOfEditor(), 'Apache Config');
    assert.equal(await offer().count(), 0, 'the offer came again for a file already opened as Apache Config');
  });

  it("offers Always in This Folder, which maps the folder's .conf files in the workspace settings", async () => {
    await openWorkbench(page, server, FOLDER_FIRST);
    const always = offer().locator('.monaco-button', { hasText: 'Always in This Folder' }).first();
    await always.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'open-as-apache-always.png') });
    await always.click();
    await lens().waitFor({ timeout: 30_000 });
    const settings = join(server.workspace, '.vscode/settings.json');
    assert.ok(
      await waitFor(() => existsSync(settings) && readFileSync(settings, 'utf8').includes('vhosts'), 10_000),
      'no settings written',
    );
    assert.deepEqual(JSON.parse(readFileSync(settings, 'utf8'))['files.associations'], { '**/vhosts/*.conf': 'apacheconf' });
    await openWorkbench(page, server, FOLDER_SECOND);
    await lens().waitFor({ timeout: 30_000 });
    assert.equal(await languageOfEditor(), 'Apache Config');
    assert.equal(await offer().count(), 0);
  });

  /** Accepts the suggestion `key` at the end of `line` (1-based), then returns the labels of the suggestions that open by themselves. */
  async function acceptKey(line: number, key: string): Promise<string[]> {
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    for (let down = 1; down < line; down++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Space');
    const widget = page.locator('.editor-widget.suggest-widget.visible');
    const row = widget.locator('.monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${key}$`) }) });
    await page.keyboard.type(key.slice(0, -1), { delay: 30 });
    await row.first().waitFor({ timeout: 20_000 });
    await row.first().click();
    // Accepting the key closes the list; the values come in a new one, with no keystroke.
    let labels: string[] = [];
    await waitFor(async () => {
      labels = await widget.locator('.monaco-list-row .label-name').allTextContents();
      return labels.length > 0 && !labels.includes(key);
    }, 20_000);
    await page.screenshot({
      path: join(SCREENSHOTS, `completion-${key.replace(/=$/, '')}.png`),
      clip: { x: 48, y: 30, width: 900, height: 420 },
    });
    await page.keyboard.press('Escape');
    return labels;
  }

  it('opens the values once status= or lbmethod= is accepted', async () => {
    await openWorkbench(page, server, COMPLETE);
    await page.locator('.codelens-decoration', { hasText: '1 member' }).first().waitFor({ timeout: 30_000 });
    const statuses = await acceptKey(2, 'status=');
    assert.ok(statuses.includes('+D') && statuses.includes('+H'), statuses.join(' | '));
    const methods = await acceptKey(3, 'lbmethod=');
    assert.ok(methods.includes('byrequests') && methods.includes('bybusyness'), methods.join(' | '));
  });

  it('shows the server running in the status bar; clicking it offers Restart Server and Show Output', async () => {
    await openWorkbench(page, server, COMPLETE);
    await statusItem().waitFor({ timeout: 30_000 });
    await waitFor(async () => (await statusText()) === 'Balancer Lens', 30_000);
    assert.equal(await statusText(), 'Balancer Lens', 'not the running state');
    await statusItem().click();
    const picks = page.locator('.quick-input-widget .monaco-list-row');
    await picks.first().waitFor({ timeout: 10_000 });
    assert.deepEqual(
      (await picks.allTextContents()).map((text) => text.trim()),
      ['Restart Server', 'Show Output'],
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'status-menu.png') });
    await picks.filter({ hasText: 'Show Output' }).click();
    await page.locator('.part.panel .monaco-editor').first().waitFor({ timeout: 10_000 });
    // The Output view's channel picker (run in the page, as a string: this project compiles without the DOM's types).
    const channel = (): Promise<string> =>
      page.evaluate<string>(
        `(() => { const select = document.querySelector('.part.panel select'); return select ? select.options[select.selectedIndex].text : ''; })()`,
      );
    await waitFor(async () => (await channel()) === 'Balancer Lens', 10_000);
    assert.equal(await channel(), 'Balancer Lens');
    assert.equal(await statusText(), 'Balancer Lens', 'the item went away with the Output view focused');

    await statusItem().click();
    await picks.filter({ hasText: 'Restart Server' }).click();
    // Restarted: running again, and the editor answered by the new server.
    await waitFor(async () => (await statusText()) === 'Balancer Lens', 30_000);
    assert.equal(await statusText(), 'Balancer Lens', 'not running after Restart Server');
    await page.locator('.codelens-decoration', { hasText: '1 member' }).first().waitFor({ timeout: 30_000 });
  });
});
