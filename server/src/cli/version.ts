/** The CLI's version: the build's `__VERSION__` if it defines one, else the package.json beside the bundle. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

declare const __VERSION__: string | undefined;

let cached: string | undefined;

/** The package version, or `dev` when it cannot be told (for `--version` and SARIF's tool.driver.version). */
export function version(): string {
  if (cached !== undefined) return cached;
  if (typeof __VERSION__ === 'string') return (cached = __VERSION__);
  try {
    // The bundle is server/dist/bundle.js; the package root is two levels up.
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    cached = manifest.name === 'balancer-lens' && typeof manifest.version === 'string' ? manifest.version : 'dev';
  } catch {
    cached = 'dev';
  }
  return cached;
}
