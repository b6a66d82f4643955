/** Bundles test/e2e/suite/*.ts for the extension host: one CommonJS file per test, vscode and mocha external. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from './codeServer';

export const SUITE_SOURCES = join(ROOT, 'test/e2e/suite');

/** Writes index.js and the *.test.js files into `outdir`; mocha resolves from the repository's node_modules. */
export async function bundleSuite(outdir: string): Promise<string> {
  const entryPoints = readdirSync(SUITE_SOURCES)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(SUITE_SOURCES, file));
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(outdir, 'index.js');
}
