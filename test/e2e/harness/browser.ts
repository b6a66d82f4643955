/** Debian's Chromium driven by playwright-core (which downloads no browser), one profile per use. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A fresh headless Chromium with its profile under `scratch`. */
export async function launchBrowser(scratch: string, name: string, env: NodeJS.ProcessEnv): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-code-server.sh (it installs Debian's chromium)`);
  const profile = join(scratch, `browser-${name}`);
  mkdirSync(profile, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    env: env as Record<string, string>,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    timeout: 60_000,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
