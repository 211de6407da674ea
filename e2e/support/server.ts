import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../src/server/test/smtp-stand-in.ts';
import { startTestApp, type TestApp } from '../../src/server/test/test-app.ts';
import { startIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';

/**
 * Each browser test file gets its own production-like server: the built web app, a fresh database
 * seeded with the demo content (embedded in memory, or a new database on the server DATABASE_URL
 * names), the e2e admin address, an OpenID Connect provider on localhost behind 'Continue With
 * Google', and an SMTP server on localhost that receives the file's mail (`mailbox`). Files run in
 * parallel, and none sees another's data.
 *
 * `baseURL` is set before the file's first test (a live binding: read it inside tests and hooks).
 */
export let baseURL = '';

/**
 * The e2e server starts with ADMIN_EMAILS=admin@example.org: this account is an admin once its address
 * is confirmed (support/accounts.ts `adminSession` opens the link from the mail).
 */
export const adminEmail = 'admin@example.org';

/**
 * The mail the file's server sent (a live binding, set before the first test). A file that reads
 * mail uses this one rather than starting another, so the admin's confirmation arrives here too.
 */
export let mailbox: SmtpStandIn;

let app: TestApp | undefined;
let idp: TestIdentityProvider | undefined;
let settings: () => Promise<Partial<Config>> = async () => ({});

/**
 * For a file whose journeys need other settings (Stripe mode, say): call at the file's top level;
 * `make` runs before the file's server starts and gives the settings to start it with.
 */
export function configureServer(make: () => Promise<Partial<Config>>) {
  settings = make;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The provider must know the app's callback before the app exists, so the app's port is picked first. */
async function start(): Promise<void> {
  mailbox = await startSmtpStandIn();
  const extra = await settings();
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    idp = await startIdentityProvider(`${publicUrl}/api/auth/callback/oidc`);
    try {
      app = await startTestApp({
        port,
        publicUrl,
        seedDemo: true,
        webDir: 'dist/web',
        adminEmails: [adminEmail],
        socialProvider: { id: 'oidc', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
        mail: { ...loadConfig().mail, smtpUrl: mailbox.url, pollMs: 100, retryDelaysS: [1] },
        ...extra,
      });
      baseURL = app.baseUrl;
      return;
    } catch (error) {
      await idp.close();
      // Another file's server took the port between the probe and the listen: pick another.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

/**
 * The file's server, started before its first test and stopped after its last: called for every file
 * by support/per-file.ts. Files share this module (`isolate: false`), so whatever one file set is
 * forgotten first.
 */
export function serverForThisFile() {
  settings = async () => ({});
  baseURL = '';
  beforeAll(start);
  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await mailbox?.close();
    app = undefined;
    idp = undefined;
  });
}
