/**
 * What a user sees: code-server's workbench in Chromium with the .vsix installed. Opens the fixture,
 * waits for the error squiggle, hovers the balancer name, reads the hover, opens the schedule panel
 * from the code lens, and saves screenshots to .tmp/screenshots (docs/screenshots holds the ones
 * the README shows; refresh them with UPDATE_SCREENSHOTS=1).
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './harness/browser';
import { CodeServer, codeServer, FIXTURE_IN_WORKSPACE, ROOT, scratchEnvironment, waitFor } from './harness/codeServer';

const SCREENSHOTS = join(ROOT, '.tmp/screenshots');
const DOCS_SCREENSHOTS = join(ROOT, 'docs/screenshots');
const HOVER = '.monaco-hover:not(.hidden) .monaco-hover-content';

/** The screenshots the README shows. */
const DOCUMENTED = new Set(['hover.png', 'schedule.png']);

async function screenshot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, name);
  await page.screenshot({ path: file, clip });
  if (process.env.UPDATE_SCREENSHOTS === '1' && DOCUMENTED.has(name)) {
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    copyFileSync(file, join(DOCS_SCREENSHOTS, name));
  }
  return file;
}

describe('the workbench in Chromium (code-server 4.100.3, .vsix installed)', function () {
  this.timeout(180_000);
  let server: CodeServer;
  let page: Page;
  let close: () => Promise<void> = async () => {};

  before(async () => {
    server = await codeServer();
    const browser = await launchBrowser(server.scratch, 'ui', scratchEnvironment(server.scratch));
    close = () => browser.close();
    page = browser.pages()[0] ?? (await browser.newPage());
    const payload = [
      ['openFile', server.remoteUri(join(server.workspace, FIXTURE_IN_WORKSPACE))],
      ['skipWelcome', 'true'],
    ];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(server.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 60_000 });
  });

  after(async () => {
    await close();
  });

  it('underlines the zero loadfactor as an error', async () => {
    await page.locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
  });

  it('shows code lenses and inlay hints', async () => {
    await page.locator('.codelens-decoration', { hasText: 'cycle 10' }).first().waitFor({ timeout: 30_000 });
    await page.locator('.view-line', { hasText: '≈ 70.0%' }).first().waitFor({ timeout: 30_000 });
    await page.locator('.view-line', { hasText: 'standby (idle)' }).first().waitFor({ timeout: 30_000 });
    // Room for the editor in the screenshots: close the side bar.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+b');
    await page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 10_000 });
    await screenshot(page, 'editor.png');
  });

  it("hovers the balancer name on the <Proxy> line with the members' shares", async () => {
    const proxyLine = page.locator('.view-line', { hasText: '<Proxy "balancer://shop">' }).first();
    const name = proxyLine.locator('span > span', { hasText: /^shop$/ }).first();
    const box = await name.boundingBox();
    assert.ok(box, 'the balancer name is not on screen');
    const hover = page.locator(HOVER).first();
    // Move onto the word; the hover appears after editor.hover.delay (100 ms in the test settings).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await hover.waitFor({ timeout: 20_000 });
    let text = '';
    await waitFor(async () => /\d+\.\d%/.test((text = (await hover.textContent()) ?? '')), 20_000);
    const file = await screenshot(page, 'hover.png', { x: 48, y: 30, width: 1000, height: 440 });
    assert.match(text, /70\.0%/, `hover text: ${text} (${file})`);
    assert.match(text, /30\.0%/, `hover text: ${text} (${file})`);
  });

  it('opens the schedule panel from the code lens', async () => {
    await page.mouse.move(5, 400);
    await page.keyboard.press('Escape');
    await page.locator('.codelens-decoration a', { hasText: 'cycle 10' }).first().click();
    // A webview is an iframe holding the page's own iframe.
    const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await view.locator('table.shares').waitFor({ timeout: 30_000 });
    const text = (await view.locator('body').textContent()) ?? '';
    assert.match(text, /70\.0%/);
    assert.match(text, /standby \(idle\)/);
    const cells = await view.locator('table.timeline td').allTextContents();
    assert.equal(cells.join(' '), 'a b a a a b a a b a');
    // The style block ran under the CSP: the bars have their computed widths.
    const bar = await view.locator('.fill.w0').boundingBox();
    assert.ok(bar && bar.width > 40, `share bar is ${bar?.width}px wide: the panel's styles were blocked`);
    await screenshot(page, 'schedule.png', { x: 48, y: 30, width: 1232, height: 470 });
  });
});
