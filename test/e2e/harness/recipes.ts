/** What the editor-recipe tests share: the recipe as docs/editors.md writes it, and `balancer-lens` on PATH. */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './codeServer';

/** The first fenced block of `language` in docs/editors.md: a recipe, tested as written. */
export function recipeBlock(language: string): string {
  const docs = readFileSync(join(ROOT, 'docs/editors.md'), 'utf8');
  const block = new RegExp(`\`\`\`${language}\\n(.*?)\`\`\``, 's').exec(docs)?.[1];
  assert.ok(block, `docs/editors.md has no \`\`\`${language} block`);
  return block;
}

/** A folder holding a `balancer-lens` command that runs the built CLI, to put first on PATH. */
export function cliOnPath(scratch: string): string {
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'balancer-lens'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'server/dist/cli.js')}" "$@"\n`);
  chmodSync(join(bin, 'balancer-lens'), 0o755);
  return bin;
}
