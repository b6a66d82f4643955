/**
 * Docs that do not rot: every relative link in the repository's markdown reaches a file, and every
 * repository path a doc or a comment names (`test/unit/…`, `server/src/…`) exists, so a moved test
 * or module cannot leave a stale pointer behind.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** Paths named as examples of what does not exist yet. */
const HYPOTHETICAL = new Set([
  // CONTRIBUTING.md's walk-through adds a rule of that name.
  'server/src/core/rules/negative-retry.ts',
  'test/unit/rules/negative-retry.test.ts',
  'docs/rules/negative-retry.md',
  // The floor-plan test's own cases.
  'server/src/core/rules/x.ts',
]);

/**
 * Markdown whose links resolve from somewhere else: the extension's README is the package's README,
 * read from the package root.
 */
const LINKS_FROM_ROOT = new Set(['docs/extension/README.md']);

const PATH =
  /(?<![\w./-])((?:server|client|test|docs|scripts|bench|examples|action|syntaxes|images)\/[\w./-]*[\w-]\.(?:ts|md|mjs|cjs|json|conf|svg|png|txt|sarif|yml|sh))/g;

const tracked = execFileSync('git', ['ls-files', '-z', '*.md', '*.ts', '*.mjs', '*.cjs', '.ci/run', 'action.yml'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file !== '' && existsSync(join(ROOT, file)));

/** Markdown without its code: fenced blocks and inline code show examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

describe('docs that do not rot', () => {
  it('reads the tracked docs and sources', () => {
    assert.ok(tracked.some((file) => file === 'README.md'));
    assert.ok(tracked.length > 200, `only ${tracked.length} files`);
  });

  it("shows the extension page's images from absolute URLs of files in this repository (the Marketplace renders no relative image)", () => {
    const base = 'https://raw.githubusercontent.com/balancer-lens/balancer-lens/main/';
    const images = [...readFileSync(join(ROOT, 'docs/extension/README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map(
      (match) => match[1]!,
    );
    assert.ok(images.length > 0);
    for (const image of images) {
      assert.ok(image.startsWith(base), `${image} is not under ${base}`);
      assert.ok(existsSync(join(ROOT, image.slice(base.length))), `${image} names no file of the repository`);
    }
  });

  it('links only to files that exist', () => {
    const broken = tracked
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) => {
        const base = LINKS_FROM_ROOT.has(file) ? ROOT : dirname(join(ROOT, file));
        return [...prose(readFileSync(join(ROOT, file), 'utf8')).matchAll(/\]\((?!https?:|#|mailto:)([^)\s#]+)/g)]
          .map((match) => match[1]!)
          .filter((target) => !existsSync(join(base, decodeURIComponent(target))))
          .map((target) => `${file}: ${target}`);
      });
    assert.deepEqual(broken, []);
  });

  it('names only repository paths that exist', () => {
    const stale = tracked.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(PATH)]
        .map((match) => match[1]!)
        .filter((path) => !HYPOTHETICAL.has(path) && !existsSync(join(ROOT, path)))
        .map((path) => `${file}: ${path}`),
    );
    assert.deepEqual([...new Set(stale)], []);
  });
});
