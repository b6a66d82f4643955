// Packages the extension: `npm run package` → balancer-lens-<version>.vsix in the repository root.
// vsce walks every file under its working directory before applying .vscodeignore, which takes
// half a minute next to .tmp/code-server; so the files the .vsix carries are staged first and vsce
// runs there. .vscodeignore names the same files, for anyone who runs vsce by hand.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, `${name}-${version}.vsix`);
const stage = join(root, '.tmp', 'vsix');

/** Everything the extension needs at run time; the bundles are self-contained (no node_modules). */
const FILES = [
  'package.json',
  'LICENSE',
  'CHANGELOG.md',
  '.vscodeignore',
  'language-configuration.json',
  'syntaxes/apacheconf.tmLanguage.json',
  'client/dist/extension.js',
  'server/dist/server.js',
  'server/dist/cli.js',
  'server/dist/bundle.js',
  'server/schema/balancerlens.schema.json',
  'images/icon.png',
];

/** The extension's own page (VS Code-first), shipped as the .vsix's README.md. */
const EXTENSION_README = 'docs/extension/README.md';

rmSync(stage, { recursive: true, force: true });
for (const file of FILES) {
  const from = join(root, file);
  if (!existsSync(from)) {
    throw new Error(`${file} is missing: run npm run build first (npm run package does)`);
  }
  mkdirSync(dirname(join(stage, file)), { recursive: true });
  cpSync(from, join(stage, file), { recursive: true });
}

cpSync(join(root, EXTENSION_README), join(stage, 'README.md'));

// package.json's `files` is the npm package's list; vsce refuses it beside .vscodeignore, and the
// stage already holds exactly the extension's files.
const manifest = JSON.parse(readFileSync(join(stage, 'package.json'), 'utf8'));
delete manifest.files;
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
execFileSync(
  process.execPath,
  [
    vsce,
    'package',
    '--no-dependencies',
    // The README's images are absolute URLs (the Marketplace renders no relative image); its other
    // links (CHANGELOG.md) stay relative, to the file inside the .vsix.
    '--no-rewrite-relative-links',
    '--out',
    out,
  ],
  { cwd: stage, stdio: 'inherit' },
);

const size = statSync(out).size;
console.log(`${out}: ${(size / 1024).toFixed(1)} KiB`);
if (size > 1024 * 1024) throw new Error(`${out} is over 1 MiB: check .vscodeignore and the bundles`);
