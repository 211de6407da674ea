import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../scripts/web-build.mjs';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The pages the server draws, in the reader's language (DECISIONS 5): `<html lang>`, the words, and the
 * words the browser takes the page over with, chosen from the lang cookie, Accept-Language and the
 * organisation's default; each language's drawing kept apart.
 */
let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  ensureWebBuild();
  t = await startTestApp({ webDir: path.join(root, 'dist/web') });
  admin = await signUp(t, { role: 'admin' });
}, 180_000);
afterAll(() => t.close());

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.api(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const html = await res.text();
  const words = JSON.parse(/<script type="application\/json" id="page-words">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
  return { res, html, lang: /<html lang="(\w+)"/.exec(html)?.[1], words };
}

async function setDefault(defaultLanguage: string) {
  const { socialSignIn: _s, mailConfigured: _m, ...settings } = await (await t.api('/api/site')).json();
  expect((await call(t, 'PUT', '/api/site', { ...settings, defaultLanguage }, admin.auth)).status).toBe(200);
}

describe('pages drawn in the reader’s language', () => {
  it('draws English by default, and Bengali for a browser that asks for it', async () => {
    const english = await page('/events');
    expect(english.lang).toBe('en');
    expect(english.html).toContain('>Events</a>');
    expect(english.words.language).toBe('en');

    const bengali = await page('/events', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    expect(bengali.lang).toBe('bn');
    expect(bengali.html).toContain('>ইভেন্ট</a>');
    expect(bengali.html).not.toContain('>Events</a>');
    // The browser takes the page over with the Bengali words it used, and no English ones.
    expect(bengali.words).toMatchObject({ language: 'bn', words: { common: { nav: { events: 'ইভেন্ট' } } } });
    expect(JSON.stringify(bengali.words)).not.toContain('Skip to main content');
    expect(bengali.res.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');

    // Each language's drawing is kept apart: English again is English.
    expect((await page('/events')).lang).toBe('en');
  });

  it('puts the lang cookie before the browser, and the organisation’s default last', async () => {
    expect((await page('/', { cookie: 'lang=bn', 'accept-language': 'en-GB' })).lang).toBe('bn');
    expect((await page('/', { cookie: 'lang=en', 'accept-language': 'bn' })).lang).toBe('en');
    await setDefault('bn');
    try {
      expect((await page('/', { 'accept-language': 'fr-FR' })).lang).toBe('bn');
      expect((await page('/')).lang).toBe('bn');
      expect((await page('/', { 'accept-language': 'en' })).lang).toBe('en');
    } finally {
      await setDefault('en');
    }
  });

  it('writes the page’s own words and its web app manifest in the reader’s language', async () => {
    const manifestOf = async (html: string, headers: Record<string, string> = {}) => {
      const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
      expect(href).toBeDefined();
      const res = await t.api(href ?? '', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      return { href, manifest: await res.json() };
    };
    const bengali = await page('/', { cookie: 'lang=bn' });
    expect(bengali.html).toMatch(/<meta name="description" content="[^"]*দাতব্য/);
    expect(bengali.html).toMatch(/<noscript>[^<]*জাভাস্ক্রিপ্ট/);
    // A browser fetches the manifest without cookies: the page's link says the language.
    const inBengali = await manifestOf(bengali.html, { 'accept-language': 'en' });
    expect(inBengali.href).toBe('/api/site/manifest.webmanifest?lang=bn');
    expect(inBengali.manifest).toMatchObject({ lang: 'bn', start_url: '/', display: 'standalone' });
    expect(inBengali.manifest.description).toMatch(/স্বেচ্ছাসেবী/);

    const english = await page('/');
    expect(english.html).toContain(
      '<meta name="description" content="Helping Hands lists our charity\'s events: volunteer at one, or support it with a donation." />',
    );
    expect(english.html).toContain('<noscript>Helping Hands needs JavaScript');
    const inEnglish = await manifestOf(english.html);
    expect(inEnglish.manifest).toMatchObject({ lang: 'en', name: expect.any(String) });
    expect(inEnglish.manifest.description).toMatch(/: volunteer at one, or support it with a donation\.$/);
    // Without `lang`, the reader's: the cookie, then Accept-Language.
    expect((await (await t.api('/api/site/manifest.webmanifest', { headers: { cookie: 'lang=bn' } })).json()).lang).toBe('bn');
    expect((await t.api('/api/site/manifest.webmanifest?lang=fr')).status).toBe(400);
  });

  it('takes a choice from a plain link, before any script, and goes back to the page', async () => {
    const res = await t.api('/api/language/bn?back=%2Fevents%3Fq%3Dtree', { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/events?q=tree');
    expect(res.headers.get('set-cookie')).toMatch(/^lang=bn;/);
    // Never elsewhere.
    const away = await t.api('/api/language/en?back=%2F%2Fevil.example%2F', { redirect: 'manual' });
    expect(away.headers.get('location')).toBe('/');
    expect((await t.api('/api/language/fr', { redirect: 'manual' })).status).toBe(400);
  });
});
