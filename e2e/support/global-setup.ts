import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { chromiumArgs, findChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    wsEndpoint: string;
  }
}

/**
 * Once for every browser journey: the production web build and one Chromium, which each file
 * connects to with contexts of its own. Each file starts its own server (support/server.ts).
 */
export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  ensureWebBuild();
  const browser = await chromium.launchServer({ executablePath, headless: true, args: chromiumArgs });
  project.provide('wsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
  };
}
