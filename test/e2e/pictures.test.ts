/**
 * The pictures (`diff --format svg`, `schedule --format svg|html`) rendered by a real browser,
 * Debian's Chromium, in a light and a dark colour scheme: the embedded style follows the scheme,
 * every text stays inside the picture, and nothing is fetched. PNGs go to .tmp/pictures to look at.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { runCli } from '../support/cli';
import { tempDir } from '../support/temp';
import { launchBrowser } from './harness/browser';
import { ROOT } from './harness/codeServer';

const PICTURES = join(ROOT, '.tmp/pictures');

const CASES: readonly [name: string, args: readonly string[], extension: 'svg' | 'html'][] = [
  ['diff-shop', ['diff', 'examples/shop.conf', 'examples/shop-change.conf', '--format', 'svg'], 'svg'],
  [
    'diff-pairs-refused',
    ['diff', 'test/fixtures/diff/13-refused-configuration/old', 'test/fixtures/diff/13-refused-configuration/new', '--format', 'svg'],
    'svg',
  ],
  ['schedule-shop', ['schedule', 'examples/shop.conf', '--format', 'svg'], 'svg'],
  ['schedule-shop', ['schedule', 'examples/shop.conf', '--format', 'html'], 'html'],
];

describe('pictures in Chromium', function () {
  this.timeout(120_000);
  let browser: BrowserContext;
  const scratch = tempDir('balancer-lens-pictures-');
  const requests: string[] = [];

  before(async () => {
    mkdirSync(PICTURES, { recursive: true });
    browser = await launchBrowser(scratch, 'pictures', process.env);
    browser.on('request', (request) => void (request.url().startsWith('file:') || requests.push(request.url())));
  });

  after(async () => {
    await browser?.close();
  });

  for (const [name, args, extension] of CASES) {
    it(`${name}.${extension}: follows the colour scheme, keeps its text inside, fetches nothing`, async () => {
      const result = runCli(args, { cwd: ROOT });
      assert.ok(result.status === 0 || result.status === 1, result.stderr);
      const file = join(scratch, `${name}.${extension}`);
      writeFileSync(file, result.stdout);
      const page = await browser.newPage();
      const backgrounds: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`file://${file}`);
        // Run in the page (as strings: this project compiles without the DOM's types).
        backgrounds.push(await page.evaluate<string>(`getComputedStyle(document.querySelector('svg .bg')).fill`));
        // Every text of the chart ends inside the chart's width.
        const overflow = await page.evaluate<string[]>(`(() => {
          const svg = document.querySelector('svg');
          const width = svg.viewBox.baseVal.width;
          return [...svg.querySelectorAll('text')]
            .filter((text) => text.getBBox().x + text.getBBox().width > width + 0.5)
            .map((text) => text.textContent);
        })()`);
        assert.deepEqual(overflow, [], `${scheme}: text past the right edge`);
        const size = await page.evaluate<{ width: number; height: number }>(`(() => {
          const box = document.documentElement.getBoundingClientRect();
          return { width: Math.ceil(box.width), height: Math.ceil(box.height) };
        })()`);
        await page.setViewportSize(size);
        await page.screenshot({ path: join(PICTURES, `${name}-${extension}-${scheme}.png`) });
      }
      await page.close();
      assert.deepEqual(backgrounds, ['rgb(255, 255, 255)', 'rgb(13, 17, 23)']);
      assert.deepEqual(requests, []);
    });
  }
});
