/** The example outputs in README.md and docs/cli.md are what the tool prints (scripts/docs-examples.ts; `npm run docs` rewrites them). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { EXAMPLE_FILES, renderExamples } from '../../scripts/docs-examples';

describe('example outputs in the docs', () => {
  for (const file of EXAMPLE_FILES)
    it(`${file.slice(file.lastIndexOf('/') + 1)}: each marked example is the tool's output`, () => {
      const text = readFileSync(file, 'utf8');
      assert.match(text, /<!-- example: /, 'no marked example');
      assert.equal(text, renderExamples(text), `${file} shows an output the tool no longer prints: run npm run docs`);
    });

  it('renders a marked block, indented too, from the command on its marker', () => {
    const stale =
      '- a list item:\n\n  <!-- example: npx balancer-lens diff examples/shop.conf examples/shop-change.conf -->\n  ```\n  old\n  ```\n';
    const rendered = renderExamples(stale);
    assert.match(
      rendered,
      /^ {2}```\n {2}\$ npx balancer-lens diff examples\/shop\.conf examples\/shop-change\.conf\n {2}examples\/shop\.conf → /m,
    );
    // A blank line of the output stays blank, with no indentation left on it.
    assert.match(rendered, /shop-change\.conf\n\n {2}changed balancer:\/\/shop/);
    assert.doesNotMatch(rendered, /old/);
  });
});
