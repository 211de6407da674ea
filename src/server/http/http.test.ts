import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { earlyInputScriptSource } from './early-input.ts';

let t: TestApp;
let webDir: string;
const indexHtml = '<!doctype html><html><head><title>Helping Hands</title></head><body><div id="root"></div></body></html>';
const bundle = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const stylesheet = `body { margin: 0; }\n${'.card { padding: 1rem; }\n'.repeat(200)}`;
const serviceWorker = "self.addEventListener('fetch', () => {});\n";
/** The smallest WebAssembly module: its magic number and version. */
const wasm = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'hh-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await mkdir(path.join(webDir, 'images'));
  await writeFile(path.join(webDir, 'index.html'), indexHtml);
  await writeFile(path.join(webDir, 'assets', 'main-B1x2y3z4.js'), bundle);
  await writeFile(path.join(webDir, 'assets', 'style-C5d6e7f8.css'), stylesheet);
  await writeFile(path.join(webDir, 'assets', 'style-C5d6e7f8.css.br'), brotliCompressSync(stylesheet));
  await writeFile(path.join(webDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(webDir, 'checkin-sw.js'), serviceWorker);
  await writeFile(path.join(webDir, 'assets', 'zxing_reader-D9e8f7a6.wasm'), wasm);
  t = await startTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves index.html at / without letting it be cached stale', async () => {
    const res = await t.api('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(indexHtml);
  });

  it.each(['/events', '/eventDetails/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10', '/home', '/no/such/page'])(
    'answers the page path %s with the app so the browser routes it',
    async (pagePath) => {
      const res = await t.api(pagePath);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(indexHtml);
    },
  );

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.api('/assets/main-B1x2y3z4.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(bundle);
  });

  it('sends the page brotli-compressed when the browser takes it, and a copy still current gets 304', async () => {
    const res = await t.api('/events', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    // fetch decodes the body as it comes: it arrives as the page.
    expect(await res.text()).toBe(indexHtml);

    const again = await t.api('/events', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await t.api('/events', { headers: { 'if-none-match': '"an-older-page"' } });
    expect(changed.status).toBe(200);
  });

  it('sends a hashed asset as the brotli file the build wrote beside it', async () => {
    const res = await t.api('/assets/style-C5d6e7f8.css', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(stylesheet);
    // The same file to a browser that takes no brotli: the plain bytes, compressed another way.
    const plain = await fetch(`${t.baseUrl}/assets/style-C5d6e7f8.css`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(stylesheet);
  });

  it('serves the door page’s service worker as JavaScript that the browser checks for a newer one on each visit', async () => {
    const res = await t.api('/checkin-sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(serviceWorker);
  });

  it('serves the QR reader’s WebAssembly as application/wasm, cached as a hashed asset', async () => {
    const res = await t.api('/assets/zxing_reader-D9e8f7a6.wasm');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/wasm');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(wasm);
  });

  it('answers a missing file with 404, not with the app', async () => {
    const res = await t.api('/assets/missing-abc.js');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it('sends security headers with every answer', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.api(url);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

/** One directive's sources, or undefined when the policy leaves it to default-src. */
function directive(policy: string | null, name: string): string[] | undefined {
  const found = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1);
}

describe('the Content-Security-Policy', () => {
  it('lets no outside script, frame or connection in while payments use the offline test mode', async () => {
    for (const url of ['/', '/donation/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10', '/api/health']) {
      const policy = (await t.api(url)).headers.get('content-security-policy');
      // 'wasm-unsafe-eval' lets the door page compile its QR reader's WebAssembly; eval() of text stays
      // refused; one inline script is let in by its hash, no other.
      expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", earlyInputScriptSource]);
      expect(policy).not.toContain("'unsafe-eval'");
      // No worker-src: the door page's service worker falls back to script-src, this site alone.
      expect(directive(policy, 'worker-src')).toBeUndefined();
      expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
      // No frame-src: frames fall back to default-src 'self'.
      expect(directive(policy, 'frame-src')).toBeUndefined();
      expect(directive(policy, 'default-src')).toEqual(["'self'"]);
      expect(policy).not.toContain('stripe');
    }
  });

  it('lets Stripe.js, its card frames and its API in when Stripe keys are set', async () => {
    const withStripe = await startTestApp({
      webDir,
      stripe: { secretKey: 'sk_test_csp', publishableKey: 'pk_test_csp', webhookSecret: undefined, apiBase: undefined },
    });
    try {
      for (const url of ['/', '/donation/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10', '/api/health']) {
        const policy = (await withStripe.api(url)).headers.get('content-security-policy');
        expect(directive(policy, 'script-src')).toEqual([
          "'self'",
          "'wasm-unsafe-eval'",
          earlyInputScriptSource,
          'https://js.stripe.com',
          'https://*.js.stripe.com',
        ]);
        expect(directive(policy, 'frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
        expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
        // The rest stays as strict as in test mode.
        expect(directive(policy, 'default-src')).toEqual(["'self'"]);
        expect(directive(policy, 'object-src')).toEqual(["'none'"]);
        expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
      }
    } finally {
      await withStripe.close();
    }
  });
});

describe('the API edge', () => {
  it('answers health once the database answers', async () => {
    const res = await t.api('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: t.config.databaseUrl ? 'server' : 'embedded',
      // Only with REDIS_URL; redis-outage.test.ts covers Redis being unreachable.
      ...(t.config.redisUrl ? { redis: 'ok' } : {}),
    });
  });

  it('answers an unknown API path with a JSON 404, never the app', async () => {
    const res = await t.api('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Nothing at GET /api/no-such-call' } });
  });

  it('answers a malformed JSON body with 400 and no stack trace', async () => {
    const res = await t.api('/api/no-such-call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text).error.code).toBe('invalid_input');
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers text the database cannot store (a NUL character) with 400, not 500', async () => {
    const res = await t.api('/api/events?q=%00');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_input');
  });

  it('answers a URL with broken percent-encoding in the JSON error format', async () => {
    const res = await t.api('/api/events/%E0%A4%A');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_input');
  });

  it('answers a body over the size limit with 413', async () => {
    const res = await t.api('/api/no-such-call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });
});
