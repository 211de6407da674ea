import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatWallDate } from '../../shared/format.ts';
import { account } from '../db/schema.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { mailingApp } from '../test/mailing-app.ts';
import type { SmtpStandIn } from '../test/smtp-stand-in.ts';
import type { TestApp } from '../test/test-app.ts';
import { wordsFor } from '../words.ts';

/**
 * Every message in its recipient's language (DECISIONS 5): the account's choice, else the organisation's
 * default, read when the outbox writes the message; a language chosen before signing up is the account's.
 */
let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;

mailingApp<'admin'>((started) => ({ smtp, t, admin } = started), { people: { admin: { role: 'admin' } } });

const bengali = /[\u0980-\u09FF]/;
const bn = wordsFor('bn', 'mail');

const setDefault = async (defaultLanguage: string) => {
  const site = await (await t.api('/api/site')).json();
  const { socialSignIn: _s, mailConfigured: _m, ...settings } = site;
  const res = await call(t, 'PUT', '/api/site', { ...settings, defaultLanguage }, admin.auth);
  expect(res.status, await res.clone().text()).toBe(200);
};

const choose = async (who: TestAccount, language: string) =>
  expect((await call(t, 'PUT', '/api/users/me/language', { language }, who.auth)).status).toBe(200);

async function registerFor(who: TestAccount, title: string) {
  const e = await insertEvent(t.app.db, { title, date: '2026-12-05', time: '14:30' });
  expect((await call(t, 'POST', '/api/register', { eventId: e.id }, who.auth)).status).toBe(201);
  const [mail] = await smtp.mailTo(who.email, { subject: new RegExp(title) });
  if (!mail) throw new Error('no confirmation came');
  return mail;
}

describe('the language of the mail people get', () => {
  it('a language chosen before signing up is the account’s, and its confirmation link comes in it', async () => {
    const email = `bengali-${Date.now()}@example.org`;
    const res = await t.api('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseUrl, cookie: 'lang=bn' },
      body: JSON.stringify({ name: 'ক্ষমা শ্রাবন্তী', email, password: 'kettle-harbour-42' }),
    });
    expect(res.status).toBe(200);
    const [saved] = await t.app.db.select({ language: account.language }).from(account).where(eq(account.email, email));
    expect(saved?.language).toBe('bn');

    const [mail] = await smtp.mailTo(email);
    expect(mail?.subject).toMatch(bengali);
    expect(mail?.subject).not.toMatch(/Confirm/);
    expect(mail?.html).toContain('lang="bn"');
    expect(mail?.text).toContain('ক্ষমা শ্রাবন্তী');

    // Without a chosen language the account holds none: its mail follows the organisation's default.
    const plain = await signUp(t);
    const [unsaved] = await t.app.db.select({ language: account.language }).from(account).where(eq(account.id, plain.id));
    expect(unsaved?.language).toBeNull();
  });

  it('writes a confirmation in the account’s language, with Bengali dates, and English for an English reader', async () => {
    const rina = await signUp(t, { name: 'রিনা' });
    await choose(rina, 'bn');
    const mail = await registerFor(rina, 'নদীর পাড় পরিষ্কার');
    const when = formatWallDate('2026-12-05T14:30', 'bn');
    expect(when).toMatch(/৫/);
    expect(mail.subject).toBe(bn('registrationConfirmed.subject', { title: 'নদীর পাড় পরিষ্কার', when }));
    expect(mail.html).toContain('lang="bn"');
    expect(mail.text).toContain(bn('registrationConfirmed.hello', { name: 'রিনা' }));
    expect(mail.text).toContain(bn('layout.unsubscribe'));
    expect(mail.text).not.toMatch(/Thank you for volunteering|Unsubscribe|Show this code/);

    const sam = await signUp(t, { name: 'Sam' });
    const english = await registerFor(sam, 'Beach clean-up in English');
    expect(english.subject).toBe('You are registered: Beach clean-up in English, Saturday 5 December 2026, 2:30 pm');
    expect(english.html).toContain('lang="en"');
    expect(english.text).toContain('Thank you for volunteering.');
  });

  it('follows the organisation’s default for someone who never chose, and not for someone who chose English', async () => {
    const never = await signUp(t, { name: 'Never chose' });
    const chose = await signUp(t, { name: 'Chose English' });
    await choose(chose, 'en');
    await setDefault('bn');
    try {
      const mail = await registerFor(never, 'Default-language event');
      expect(mail.subject).toMatch(bengali);
      expect(mail.html).toContain('lang="bn"');
      const english = await registerFor(chose, 'English-reader event');
      expect(english.subject).toMatch(/^You are registered: English-reader event/);
    } finally {
      await setDefault('en');
    }
  });
});
