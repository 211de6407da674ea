import { describe, expect, it } from 'vitest';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let rina: TestAccount;
let admin: TestAccount;

sharedApp({ rina: {}, admin: { role: 'admin' } }, (started) => ({ t, rina, admin } = started));

const me = async (who: TestAccount, headers: Record<string, string> = {}) => {
  const res = await call(t, 'GET', '/api/users/me', undefined, { ...who.auth, ...headers });
  expect(res.status).toBe(200);
  return { body: await res.json(), cookie: res.headers.get('set-cookie') };
};

const setDefault = async (defaultLanguage: string) => {
  const site = await (await t.api('/api/site')).json();
  const { socialSignIn: _s, mailConfigured: _m, ...settings } = site;
  const res = await call(t, 'PUT', '/api/site', { ...settings, defaultLanguage }, admin.auth);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

describe('the language a person reads the product in', () => {
  it('follows the browser, then the organisation’s default, for someone who never chose', async () => {
    const newcomer = await signUp(t);
    expect((await me(newcomer)).body.language).toBe('en');
    expect((await me(newcomer, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })).body.language).toBe('bn');
    expect((await me(newcomer, { 'accept-language': 'fr-FR,en;q=0.5' })).body.language).toBe('en');
    expect((await me(newcomer, { cookie: 'lang=bn' })).body.language).toBe('bn');
    expect((await setDefault('bn')).defaultLanguage).toBe('bn');
    expect((await (await t.api('/api/site')).json()).defaultLanguage).toBe('bn');
    expect((await me(newcomer, { 'accept-language': 'fr' })).body.language).toBe('bn');
    expect((await me(newcomer, { 'accept-language': 'en-GB' })).body.language).toBe('en');
    await setDefault('en');
    // Someone who never chose carries no cookie from the server.
    expect((await me(newcomer)).cookie).toBeNull();
  });

  it('keeps a choice on the account, so it follows the person to a new device', async () => {
    const res = await call(t, 'PUT', '/api/users/me/language', { language: 'bn' }, rina.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: 'bn' });
    expect(res.headers.get('set-cookie')).toMatch(/^lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax/);

    // Another device: no cookie, a browser asking for English. The account's choice wins, and the device keeps it.
    const elsewhere = await me(rina, { 'accept-language': 'en-US,en;q=0.9' });
    expect(elsewhere.body.language).toBe('bn');
    expect(elsewhere.cookie).toMatch(/^lang=bn;/);
    // A device that already has it is not sent it again.
    expect((await me(rina, { cookie: 'lang=bn' })).cookie).toBeNull();

    await call(t, 'PUT', '/api/users/me/language', { language: 'en' }, rina.auth);
    expect((await me(rina, { cookie: 'lang=bn' })).body.language).toBe('en');
  });

  it('saves a choice made from the plain link on the account too, when signed in', async () => {
    const linked = await signUp(t);
    const res = await t.api('/api/language/bn?back=/events', { headers: linked.auth, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect((await me(linked, { 'accept-language': 'en' })).body.language).toBe('bn');
  });

  it('refuses a language the product does not speak, naming the ones it does, and anyone signed out', async () => {
    const res = await call(t, 'PUT', '/api/users/me/language', { language: 'fr' }, rina.auth);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ language: 'Language must be one of en, bn' });
    expect((await call(t, 'PUT', '/api/users/me/language', { language: 'bn' })).status).toBe(401);
    const badDefault = await call(t, 'PUT', '/api/site', { name: 'Helping Hands', defaultLanguage: 'de' }, admin.auth);
    expect(badDefault.status).toBe(400);
    expect((await badDefault.json()).error.fields.defaultLanguage).toBe('Default language must be one of en, bn');
  });

  it('says what went wrong in the caller’s language, codes and field names unchanged', async () => {
    const bengali = { 'accept-language': 'bn-BD,bn;q=0.9' };
    const refused = await call(t, 'PUT', '/api/users/me/language', { language: 'fr' }, { ...rina.auth, ...bengali });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: 'invalid_input', fields: { language: 'ভাষা en অথবা bn হতে হবে' } });
    const signedOut = await call(t, 'PUT', '/api/users/me/language', { language: 'bn' }, { cookie: 'lang=bn' });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error).toEqual({ code: 'unauthenticated', message: 'অনুগ্রহ করে আগে লগইন করুন' });
    // English is the spec's own words.
    const english = await call(t, 'PUT', '/api/users/me/language', { language: 'bn' });
    expect((await english.json()).error).toEqual({ code: 'unauthenticated', message: 'Please sign in first' });
  });
});
