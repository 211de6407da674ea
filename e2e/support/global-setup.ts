import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { startTestApp } from '../../src/server/test/test-app.ts';
import { chromiumArgs, findChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
  }
}

/** One production-like server (built web app, demo content, fresh database) and one browser for every journey. */
export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  ensureWebBuild();
  const server = await startTestApp({ seedDemo: true, webDir: 'dist/web', adminEmails: ['admin@example.org'] });
  const browser = await chromium.launchServer({ executablePath, headless: true, args: chromiumArgs });
  project.provide('baseURL', server.baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
  };
}
