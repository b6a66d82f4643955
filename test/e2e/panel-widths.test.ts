/**
 * The schedule panel fits where panels live: from 360 px up it never scrolls sideways, and the share
 * column ("7 of every 10", why a member gets nothing) stays on screen. First the panel's HTML alone
 * in Debian's Chromium (quick, many reports), then the panel itself in code-server's workbench,
 * beside the editor with the Explorer open, at 400, 700 and 1200 px. Screenshots of each go to
 * .tmp/screenshots/panel-widths (the test artifacts to look at).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { PanelReport, renderSchedule } from '../../client/src/scheduleView';
import type { BalancerReport } from '../../server/src/core/reports/schedule-report';
import { launchBrowser } from './harness/browser';
import { openWorkbench } from './harness/workbench';
import { CodeServer, codeServer, FIXTURE_IN_WORKSPACE, ROOT, scratchEnvironment, waitFor } from './harness/codeServer';
import { tempDir } from '../support/temp';

const SCREENSHOTS = join(ROOT, '.tmp/screenshots/panel-widths');
const NONCE = 'cGFuZWwtd2lkdGhz';

/** What the panel's document shows at its width, measured in the page (as a string: this project compiles without the DOM's types). */
interface Fit {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  /** The share cells (share, bar, "7 of every 10" or why idle) and URLs not wholly inside the width, or of no size. */
  readonly offScreen: readonly string[];
  /** The texts of the "7 of every 10" and idle-reason cells. */
  readonly details: readonly string[];
  /** How many picks of the timeline's first row stand on its first line. */
  readonly firstLine: number;
}

const MEASURE = `(() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  const offScreen = [...document.querySelectorAll('table.shares td.pct, table.shares td.bar, table.shares td.detail, table.shares .url')]
    .filter((cell) => {
      const box = cell.getBoundingClientRect();
      return box.width === 0 || box.height === 0 || box.left < 0 || box.right > width + 0.5;
    })
    .map((cell) => cell.className + ': ' + cell.textContent);
  const details = [...document.querySelectorAll('table.shares td.detail')].map((cell) => cell.textContent);
  const picks = [...document.querySelectorAll('table.timeline tbody tr:first-child td')].map((cell) => cell.getBoundingClientRect().top);
  const firstLine = picks.filter((top) => top === picks[0]).length;
  return { scrollWidth: root.scrollWidth, clientWidth: width, offScreen, details, firstLine };
})()`;

function assertFits(fit: Fit, where: string): void {
  assert.ok(
    fit.scrollWidth <= fit.clientWidth,
    `${where}: the page scrolls sideways (${fit.scrollWidth} px of content in ${fit.clientWidth} px)`,
  );
  assert.deepEqual(fit.offScreen, [], `${where}: share cells or URLs off screen`);
}

const golden = JSON.parse(readFileSync(join(ROOT, 'test/golden/schedule-shop.json'), 'utf8')) as { balancers: BalancerReport[] };
const shop = golden.balancers.find((balancer) => balancer.name === 'balancer://shop')!;
const api = golden.balancers.find((balancer) => balancer.name === 'balancer://api')!;
const LONG_URL = 'https://application-server-02.eu-west-1.internal.example.com:8443/shop';

/** Reports that stretch the layout: long timelines, long URLs, what-ifs, long idle reasons, the counters unfolded. */
const REPORTS: readonly [name: string, report: PanelReport, opened?: boolean][] = [
  ['shop', shop],
  [
    'api-200-picks-counters',
    {
      ...api,
      cycleLength: 343,
      picks: Array.from({ length: 200 }, (_, index) => api.picks[index % api.picks.length]!),
      steps: {
        candidates: api.members.map((member) => member.url),
        rows: Array.from({ length: 24 }, (_, index) => ({ pick: api.members[index % 2]!.url, lbstatus: [-11500 * index, 11500 * index] })),
      },
    },
    true,
  ],
  [
    'long-url-what-if',
    {
      ...shop,
      whatIf: [{ url: shop.members[0]!.url, action: 'drain' }],
      members: shop.members.map((member, index) =>
        index === 0
          ? { ...member, share: 0, reason: 'draining', explanation: 'draining' }
          : index === 1
            ? { ...member, url: LONG_URL, share: 1 }
            : member,
      ),
      picks: shop.picks.map(() => LONG_URL),
    },
  ],
  [
    'every-member-idle',
    {
      ...shop,
      tier: null,
      cycleLength: 0,
      picks: [null],
      members: shop.members.map((member) => ({
        ...member,
        share: 0,
        reason: 'health-check-failed',
        explanation: `health check failed: hcmethod=GET hcuri=/health-check/of-this-member/with-a-long-path answered 503 (status C)`,
      })),
    },
  ],
];

/** The widths a panel has: beside an editor with the Explorer open, half a laptop screen, a whole one. */
const HTML_WIDTHS = [360, 400, 700, 1200];
const PANEL_WIDTHS = [400, 700, 1200];

/** The page VS Code's webview gives the panel: its theme variables (Dark Modern's) in a style block the CSP admits. */
function asWebview(html: string): string {
  const theme = `<style nonce="${NONCE}">html{--vscode-font-family:system-ui,sans-serif;--vscode-font-size:13px;--vscode-editor-font-family:monospace;--vscode-foreground:#ccc;--vscode-editor-background:#1f1f1f;--vscode-descriptionForeground:#9d9d9d;--vscode-textLink-foreground:#4daafc}</style>`;
  return html.replace('</head>', `${theme}</head>`);
}

describe('the schedule panel HTML in Chromium, 360 to 1200 px wide', function () {
  this.timeout(120_000);
  let browser: BrowserContext;
  let page: Page;

  before(async () => {
    mkdirSync(join(SCREENSHOTS, 'html'), { recursive: true });
    browser = await launchBrowser(tempDir('balancer-lens-panel-'), 'panel-html', process.env);
    page = browser.pages()[0] ?? (await browser.newPage());
  });

  after(async () => {
    await browser?.close();
  });

  for (const [name, report, opened] of REPORTS) {
    it(`${name}: no sideways scrolling, every share on screen`, async () => {
      for (const width of HTML_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.setContent(asWebview(renderSchedule(report, { nonce: NONCE, fileLabel: 'apache2/sites-available/shop.conf' })));
        if (opened) await page.evaluate(`document.querySelector('details').open = true`);
        const fit = await page.evaluate<Fit>(MEASURE);
        await page.screenshot({ path: join(SCREENSHOTS, 'html', `${name}-${width}.png`), fullPage: true });
        assertFits(fit, `${name} at ${width} px`);
        assert.equal(fit.details.length, report.members.length, `${name} at ${width} px: ${fit.details.join(' | ')}`);
      }
    });
  }

  it('wraps a timeline row of 20 requests in two lines of 10 below 600 px', async () => {
    const [, report] = REPORTS.find(([name]) => name === 'api-200-picks-counters')!;
    const lines: Record<number, number> = {};
    for (const width of HTML_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.setContent(asWebview(renderSchedule(report, { nonce: NONCE })));
      lines[width] = (await page.evaluate<Fit>(MEASURE)).firstLine;
    }
    assert.deepEqual(lines, { 360: 10, 400: 10, 700: 20, 1200: 20 });
  });
});

describe('the schedule panel in code-server beside the editor, Explorer open, at 400, 700 and 1200 px', function () {
  this.timeout(240_000);
  let server: CodeServer;
  let page: Page;
  let close: () => Promise<void> = async () => {};

  /** The document inside the panel's webview (an iframe holding the page's own iframe); found again after each render. */
  async function panelFrame(): Promise<Frame> {
    const outer = await (await page.locator('iframe.webview.ready').elementHandle())?.contentFrame();
    const inner = await (await outer?.$('iframe#active-frame'))?.contentFrame();
    assert.ok(inner, 'the schedule panel has no document');
    return inner;
  }

  /** The panel's width in px, once the workbench has stopped laying out. */
  async function settledPanelWidth(): Promise<number> {
    let last = -1;
    let width = 0;
    await waitFor(async () => {
      width = Math.round((await page.locator('iframe.webview.ready').boundingBox())?.width ?? 0);
      const settled = width > 0 && width === last;
      last = width;
      return settled;
    }, 10_000);
    return width;
  }

  /** Resizes the window until the panel, which shares it with the Explorer and the editor, is `target` px wide. */
  async function resizePanelTo(target: number): Promise<number> {
    let viewport = page.viewportSize()!.width;
    let width = await settledPanelWidth();
    for (let attempt = 0; attempt < 8 && Math.abs(width - target) > 2; attempt++) {
      // The panel gets about half of what the window gains; measure again rather than trust that.
      viewport = Math.max(640, Math.round(viewport + (target - width) * 2));
      await page.setViewportSize({ width: viewport, height: 800 });
      width = await settledPanelWidth();
    }
    return width;
  }

  before(async () => {
    server = await codeServer();
    const browser = await launchBrowser(server.scratch, 'panel-widths', scratchEnvironment(server.scratch));
    close = () => browser.close();
    page = browser.pages()[0] ?? (await browser.newPage());
    await openWorkbench(page, server, FIXTURE_IN_WORKSPACE);
    // The Explorer stays open, as it is for most people.
    if (!(await page.locator('.part.sidebar').isVisible())) await page.keyboard.press('Control+b');
    await page.locator('.part.sidebar .explorer-folders-view').waitFor({ timeout: 20_000 });
    await page.locator('.codelens-decoration a', { hasText: 'cycle 10' }).first().click({ timeout: 60_000 });
    const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await view.locator('table.shares').waitFor({ timeout: 30_000 });
  });

  after(async () => {
    await close();
  });

  for (const target of PANEL_WIDTHS) {
    it(`at ${target} px: no sideways scrolling, and "7 of every 10" and the standby's reason on screen`, async () => {
      const width = await resizePanelTo(target);
      assert.ok(Math.abs(width - target) <= 2, `the panel is ${width} px wide, not ${target}`);
      const frame = await panelFrame();
      await waitFor(async () => (await frame.evaluate<number>('document.documentElement.clientWidth')) >= target - 24, 10_000);
      const fit = await frame.evaluate<Fit>(MEASURE);
      const box = (await page.locator('iframe.webview.ready').boundingBox())!;
      mkdirSync(SCREENSHOTS, { recursive: true });
      const file = join(SCREENSHOTS, `panel-${target}.png`);
      await page.screenshot({ path: file, clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 560) } });
      assertFits(fit, `the panel at ${target} px (${file})`);
      assert.ok(
        fit.details.some((text) => text === '7 of every 10'),
        fit.details.join(' | '),
      );
      assert.ok(
        fit.details.some((text) => text.startsWith('standby (idle)')),
        fit.details.join(' | '),
      );
      assert.ok(await page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame').getByText('7 of every 10').isVisible());
    });
  }
});
