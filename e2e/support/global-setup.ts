import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { startTestApp } from '../../src/server/test/test-app.ts';
import { chromiumArgs, findChromium } from './chromium.ts';
import { startIdentityProvider } from './oidc-provider.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
  }
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

/**
 * One production-like server (built web app, demo content, fresh database, an OpenID Connect
 * provider on localhost behind 'Continue With Google') and one browser for every journey.
 */
export default async function setup(project: TestProject) {
  const executablePath = findChromium();
  ensureWebBuild();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const idp = await startIdentityProvider(`${publicUrl}/api/auth/callback/oidc`);
  const server = await startTestApp({
    port,
    publicUrl,
    seedDemo: true,
    webDir: 'dist/web',
    adminEmails: ['admin@example.org'],
    socialProvider: { id: 'oidc', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
  });
  const browser = await chromium.launchServer({ executablePath, headless: true, args: chromiumArgs });
  project.provide('baseURL', server.baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
    await idp.close();
  };
}
