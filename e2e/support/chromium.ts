import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The flags this machine's closed network needs: no background calls home, no sandbox as root. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** CHROME_PATH, then the system's Chromium, then a browser Playwright installed itself. */
export function findChromium(env: Record<string, string | undefined> = process.env): string {
  const candidates = [
    env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    safe(() => chromium.executablePath()),
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  throw new Error(
    'The browser tests need Chromium and none was found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or point CHROME_PATH at a Chrome or Chromium executable.',
  );
}

function safe(get: () => string): string | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}
