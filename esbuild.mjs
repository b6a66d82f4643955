// Bundles the language server, the CLI and the VS Code client into self-contained files.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  minify: !watch,
  logLevel: 'warning',
};

const builds = [
  // The program: the CLI and the language server, so the core ships once.
  { entryPoints: ['server/src/bin/bundle.ts'], outfile: 'server/dist/bundle.js' },
  // The files people and editors start: each loads the program with a V8 code cache (server/src/node/code-cache.ts).
  { entryPoints: ['server/src/bin/cli.ts'], outfile: 'server/dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/bin/server.ts'], outfile: 'server/dist/server.js' },
  { entryPoints: ['client/src/extension.ts'], outfile: 'client/dist/extension.js', external: ['vscode'] },
  // The GitHub Action runs these files (action.yml), committed on release tags only (docs/releasing.md);
  // test/ship/action.test.ts runs them as the runner does. No source maps: they would only grow the tag.
  {
    entryPoints: ['server/src/bin/bundle.ts'],
    outfile: 'action/dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    sourcemap: false,
    minify: true,
  },
  { entryPoints: ['action/src/summary.ts'], outfile: 'action/dist/summary.js', sourcemap: false, minify: true },
];

if (watch) {
  for (const options of builds) await (await esbuild.context({ ...common, ...options })).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build({ ...common, ...options })));
}
