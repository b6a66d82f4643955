/**
 * What the editor-recipe tests share: a site laid out as Debian does, the recipe as docs/editors.md
 * writes it as the editor's init file, and a run of the editor from outside the site with the built
 * CLI as `balancer-lens` first on PATH, whose probe reports back as JSON.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshScratch, ROOT, scratchEnvironment } from './codeServer';

/** The first fenced block of `language` in docs/editors.md: a recipe, tested as written. */
function recipeBlock(language: string): string {
  const docs = readFileSync(join(ROOT, 'docs/editors.md'), 'utf8');
  const block = new RegExp(`\`\`\`${language}\\n(.*?)\`\`\``, 's').exec(docs)?.[1];
  assert.ok(block, `docs/editors.md has no \`\`\`${language} block`);
  return block;
}

/** A site for a recipe run, and where its files are. */
export interface RecipeSite {
  readonly scratch: string;
  /** The folder holding apache2.conf. */
  readonly site: string;
  /** The site file the editor opens. */
  readonly file: string;
  /** The editor's init file: the recipe block. */
  readonly init: string;
}

/**
 * A fresh scratch folder holding `site/apache2.conf`, which includes `site/FOLDER/*.conf`, the site
 * file `FOLDER/shop.conf` with `text`, and the recipe block of `language` as the init file `initName`.
 */
export function recipeSite(name: string, folder: string, text: string, language: string, initName: string): RecipeSite {
  const scratch = freshScratch(name);
  const site = join(scratch, 'site');
  mkdirSync(join(site, folder), { recursive: true });
  writeFileSync(join(site, 'apache2.conf'), `IncludeOptional ${folder}/*.conf\n`);
  const file = join(site, folder, 'shop.conf');
  writeFileSync(file, text);
  const init = join(scratch, initName);
  writeFileSync(init, recipeBlock(language));
  return { scratch, site, file, init };
}

/**
 * Runs `command` (at most 45 s) from a folder outside the site with `balancer-lens` first on PATH,
 * `env` added, and returns what its probe wrote to `PROBE_OUT`.
 */
export function runProbe(site: RecipeSite, command: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): unknown {
  const bin = join(site.scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'balancer-lens'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'server/dist/cli.js')}" "$@"\n`);
  chmodSync(join(bin, 'balancer-lens'), 0o755);
  const elsewhere = join(site.scratch, 'elsewhere');
  mkdirSync(elsewhere);
  const out = join(site.scratch, 'probe.json');
  const base = scratchEnvironment(site.scratch);
  execFileSync('timeout', ['45', command, ...args], {
    cwd: elsewhere,
    env: { ...base, ...env, PATH: `${bin}:${base['PATH'] ?? ''}`, PROBE_OUT: out },
    stdio: 'pipe',
    timeout: 50_000,
  });
  return JSON.parse(readFileSync(out, 'utf8'));
}
