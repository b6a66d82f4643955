/**
 * What a user sees: code-server's workbench in Chromium with the .vsix installed. Opens the fixture,
 * waits for the error squiggle, hovers the balancer name, reads the hover, opens the schedule panel
 * from the code lens, and saves screenshots to .tmp/screenshots (docs/screenshots holds the ones
 * the README shows; refresh them with UPDATE_SCREENSHOTS=1).
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './harness/browser';
import { openWorkbench } from './harness/workbench';
import {
  CodeServer,
  codeServer,
  CONF_ELSEWHERE,
  FIXTURE_IN_WORKSPACE,
  ROOT,
  scratchEnvironment,
  TYPED_IN_WORKSPACE,
  waitFor,
} from './harness/codeServer';

const SCREENSHOTS = join(ROOT, '.tmp/screenshots');
const DOCS_SCREENSHOTS = join(ROOT, 'docs/screenshots');
const HOVER = '.monaco-hover:not(.hidden) .monaco-hover-content';

/** The screenshots the README shows. */
const DOCUMENTED = new Set(['hover.png', 'schedule.png', 'what-if.png', 'typing.png', 'open-as-apache.png']);

/** Every file under `folder`, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

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
    await openWorkbench(page, server, FIXTURE_IN_WORKSPACE);
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
    // What matters first: the shares and who takes over, with no lbstatus counters in between.
    assert.match(text, /if a member fails/, `hover text: ${text} (${file})`);
    assert.doesNotMatch(text, /-3000/, `hover text: ${text} (${file})`);
    assert.match(text, /a down → b 100\.0%/, `hover text: ${text} (${file})`);
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
    assert.deepEqual(await view.locator('table.timeline th[scope=row]').allTextContents(), ['1–10']);
    assert.match(text, /line 4/);
    // The style block ran under the CSP: the bars have their computed widths.
    const bar = await view.locator('.fill.w0').boundingBox();
    assert.ok(bar && bar.width > 40, `share bar is ${bar?.width}px wide: the panel's styles were blocked`);
    // The idle standby's chip is not coloured as an active member's.
    assert.equal(await view.locator('.chip.off').count(), 1);
    await screenshot(page, 'schedule.png', { x: 48, y: 30, width: 1232, height: 560 });
  });

  it('takes a member down from the panel: the shares and the timeline follow, with a link to copy the command', async () => {
    const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await view.locator('table.shares a', { hasText: 'take down' }).first().click();
    await view.locator('.whatif', { hasText: 'a taken down' }).waitFor({ timeout: 30_000 });
    const text = (await view.locator('body').textContent()) ?? '';
    assert.match(text, /100\.0%/);
    assert.match(text, /taken down \(what if\)/);
    const cells = await view.locator('table.timeline td').allTextContents();
    assert.equal(cells.join(' '), 'b');
    assert.equal(await view.locator('.whatif a', { hasText: 'Copy command' }).count(), 1);
    await screenshot(page, 'what-if.png', { x: 48, y: 30, width: 1232, height: 560 });
    await view.locator('.whatif a', { hasText: 'Reset' }).click();
    await view.locator('.whatif').waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('opens the declaration when its line is clicked in the panel', async () => {
    const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await view.locator('table.shares a', { hasText: 'line 5' }).click();
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().waitFor({ timeout: 10_000 });
    await waitFor(
      async () =>
        /Ln 5,/.test(
          (await page
            .locator('#status\\.editor\\.selection')
            .textContent()
            .catch(() => '')) ?? '',
        ),
      10_000,
    );
    assert.match((await page.locator('#status\\.editor\\.selection').textContent()) ?? '', /Ln 5,/);
  });

  it('stays quiet while a balancer is typed, and shows what is unfinished once typing pauses for longer', async () => {
    await openWorkbench(page, server, TYPED_IN_WORKSPACE);
    // Until the server runs, keys only change the text its didOpen will carry, and a document just
    // opened is published whole, without a cursor to hold anything back for: wait for it.
    await page.locator('.statusbar-item', { hasText: 'Balancer Lens' }).locator('.codicon-pulse').first().waitFor({ timeout: 60_000 });
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.type('<Proxy "balancer://app">', { delay: 30 });
    // Escape first: Enter would accept a completion the typing opened.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await page.keyboard.type('BalancerMem', { delay: 30 });
    // Past the 300 ms pause, within the 1.5 s hold: the unclosed section and the half-typed name are held back.
    await new Promise((resolve) => setTimeout(resolve, 700));
    assert.equal(await page.locator('.squiggly-error').count(), 0, 'an error showed while the line was still being typed');
    await screenshot(page, 'typing.png', { x: 48, y: 30, width: 900, height: 200 });
    await page.locator('.squiggly-error').first().waitFor({ timeout: 20_000 });
    await page.keyboard.type('ber "http://10.0.0.1:8080"', { delay: 30 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await page.keyboard.type('</Proxy>', { delay: 30 });
    await waitFor(async () => (await page.locator('.squiggly-error').count()) === 0, 20_000);
    assert.equal(await page.locator('.squiggly-error').count(), 0);
  });

  it('offers Open as Apache Config for a .conf with balancer directives outside the Apache folders', async () => {
    await openWorkbench(page, server, CONF_ELSEWHERE);
    const offer = page.locator('.notification-toast', { hasText: 'holds Apache balancer directives' });
    const open = offer.locator('a.monaco-button, .monaco-button', { hasText: 'Open as Apache Config' }).first();
    await open.waitFor({ timeout: 30_000 });
    // The toast slides in from below: the screenshot waits until it stands still.
    let top = -1;
    await waitFor(async () => {
      const now = (await offer.boundingBox())?.y ?? -1;
      const still = now > 0 && now === top;
      top = now;
      return still;
    }, 10_000);
    await screenshot(page, 'open-as-apache.png');
    await open.click();
    await page.locator('.codelens-decoration', { hasText: 'cycle 10' }).first().waitFor({ timeout: 30_000 });
  });

  it('logged no failed request in the Balancer Lens output, across the reloads', () => {
    const logs = filesUnder(join(server.scratch, 'user-data/logs')).filter((file) => /Balancer Lens\.log$/.test(file));
    assert.ok(logs.length > 0, 'no Balancer Lens output log');
    for (const file of logs) assert.doesNotMatch(readFileSync(file, 'utf8'), /Request \S+ failed|Starting server failed/, file);
  });
});
