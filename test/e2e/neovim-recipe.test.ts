/**
 * The Neovim recipe of docs/editors.md, run as written on Debian's Neovim 0.7: the Lua block is the
 * init.lua, `balancer-lens` on PATH is the built CLI, and Neovim starts outside the configuration
 * root on a `.conf` Neovim itself reads as `conf`. test/e2e/neovim/recipe-probe.lua reports back.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './harness/codeServer';
import { recipeSite, runProbe } from './harness/recipes';

interface RecipeProbe {
  errors: string[];
  filetype?: string;
  rootDir?: string;
  lenses?: string[];
  clients?: number;
  errmsg: string;
  messages: string;
}

describe("the Neovim recipe in docs/editors.md, as written (Neovim's own 0.7)", function () {
  this.timeout(60_000);
  let probe: RecipeProbe;
  let site: string;

  before(() => {
    const recipe = recipeSite('neovim-recipe', 'balancers', readFileSync(join(ROOT, 'examples/shop.conf'), 'utf8'), 'lua', 'init.lua');
    site = recipe.site;
    probe = runProbe(recipe, 'nvim', [
      '--headless',
      '-u',
      recipe.init,
      '-i',
      'NONE',
      '-n',
      '-c',
      `luafile ${join(ROOT, 'test/e2e/neovim/recipe-probe.lua')}`,
      recipe.file,
    ]) as RecipeProbe;
  });

  it('opens a .conf with balancer directives as filetype apache and attaches the server', () => {
    assert.deepEqual(probe.errors, [], probe.messages);
    assert.equal(probe.filetype, 'apache');
    assert.equal(probe.clients, 1);
  });

  it('takes the root from the nearest apache2.conf, not from where Neovim started', () => {
    assert.equal(probe.rootDir, site);
  });

  it('shows code lenses on the first buffer, with no error', () => {
    assert.ok(
      (probe.lenses ?? []).some((title) => title.includes('cycle 10')),
      (probe.lenses ?? []).join(' | '),
    );
    assert.equal(probe.errmsg, '');
    assert.doesNotMatch(probe.messages, /error|not supported/i);
  });
});

describe('the Neovim recipe finds Apache files that do not start with a comment (Neovim gives them no filetype)', function () {
  this.timeout(60_000);
  /** examples/shop.conf without its comment lines. */
  const uncommented = readFileSync(join(ROOT, 'examples/shop.conf'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');

  function probeIn(name: string, folder: string): RecipeProbe {
    const recipe = recipeSite(name, folder, uncommented, 'lua', 'init.lua');
    return runProbe(recipe, 'nvim', [
      '--headless',
      '-u',
      recipe.init,
      '-i',
      'NONE',
      '-n',
      '-c',
      `luafile ${join(ROOT, 'test/e2e/neovim/recipe-probe.lua')}`,
      recipe.file,
    ]) as RecipeProbe;
  }

  it('by path: a file under sites-enabled/', () => {
    const probe = probeIn('neovim-recipe-path', 'sites-enabled');
    assert.deepEqual(probe.errors, [], probe.messages);
    assert.equal(probe.filetype, 'apache');
    assert.ok((probe.lenses ?? []).some((title) => title.includes('cycle 10')));
  });

  it('by content: a .conf elsewhere whose lines are Apache directives', () => {
    const probe = probeIn('neovim-recipe-content', 'balancers');
    assert.deepEqual(probe.errors, [], probe.messages);
    assert.equal(probe.filetype, 'apache');
  });
});
