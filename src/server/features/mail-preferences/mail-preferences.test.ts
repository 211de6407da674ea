import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverTimeZone } from '../../../shared/time-zone.ts';
import { SITE_NAME } from '../../config.ts';
import { account, outboxMessage } from '../../db/schema.ts';
import { unsubscribeFor, unsubscribeToken } from '../../mail/unsubscribe.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { mailingApp } from './../../test/mailing-app.ts';
import type { SmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { TestApp } from '../../test/test-app.ts';

let smtp: SmtpStandIn;
let t: TestApp;

mailingApp((started) => ({ smtp, t } = started), { mail: { reminderCheckMs: 60 * 60_000 } });

const PREFERENCES = '/api/users/me/email-preferences';
const site = () => ({ name: SITE_NAME, publicUrl: t.config.publicUrl, timeZone: serverTimeZone() });
const preferencesOf = async (who: TestAccount) => (await call(t, 'GET', PREFERENCES, undefined, who.auth)).json();

/** The one-click request a mail program sends (RFC 8058): a form POST, no session, no Origin. */
function oneClick(url: string) {
  const { pathname, search } = new URL(url);
  return t.api(pathname + search, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

describe('email preferences', () => {
  it('start with reminders and event updates on and notices off, and are the caller’s own', async () => {
    const person = await signUp(t);
    const res = await call(t, 'GET', PREFERENCES, undefined, person.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reminders: true, events: true, notices: false });
    expect((await call(t, 'GET', PREFERENCES)).status).toBe(401);
    expect((await call(t, 'PUT', PREFERENCES, { reminders: false, events: false, notices: true })).status).toBe(401);
  });

  it('are saved, and read back as saved', async () => {
    const person = await signUp(t);
    const other = await signUp(t);
    const res = await call(t, 'PUT', PREFERENCES, { reminders: false, events: true, notices: true }, person.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reminders: false, events: true, notices: true });
    expect(await preferencesOf(person)).toEqual({ reminders: false, events: true, notices: true });
    expect(await preferencesOf(other)).toEqual({ reminders: true, events: true, notices: false });
  });

  it('refuse a missing, mistyped or unknown field with 400 and the field, changing nothing', async () => {
    const person = await signUp(t);
    for (const [body, field] of [
      [{ reminders: false, events: true }, 'notices'],
      [{ reminders: 'no', events: true, notices: false }, 'reminders'],
      [{ reminders: false, events: true, notices: false, role: 'admin' }, undefined],
    ] as const) {
      const res = await call(t, 'PUT', PREFERENCES, body, person.auth);
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_input');
      if (field) expect(Object.keys(error.fields)).toEqual([field]);
    }
    expect(await preferencesOf(person)).toEqual({ reminders: true, events: true, notices: false });
    const [row] = await t.app.db.select({ role: account.role }).from(account).where(eq(account.id, person.id));
    expect(row?.role).toBe('donator');
  });
});

describe('the unsubscribe link', () => {
  it('turns the email it names off with one POST, without session or Origin, and again is harmless', async () => {
    const person = await signUp(t);
    const { url, headers } = unsubscribeFor(site(), { accountId: person.id }, 'reminders', t.app.authSecret);
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/mail/unsubscribe\\?token=[\\w.-]{40,}$`));
    expect(headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ topic: 'reminders', subscribed: false });
    expect(await preferencesOf(person)).toEqual({ reminders: false, events: true, notices: false });
    expect((await oneClick(url)).status).toBe(200);
    expect(await preferencesOf(person)).toEqual({ reminders: false, events: true, notices: false });
  });

  it('opened in a browser, changes nothing and sends the person to the page that asks; the page can confirm and undo', async () => {
    const person = await signUp(t);
    const { url } = unsubscribeFor(site(), { accountId: person.id }, 'events', t.app.authSecret);
    const { pathname, search } = new URL(url);
    const token = new URLSearchParams(search).get('token') ?? '';
    const opened = await t.api(pathname + search, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await preferencesOf(person)).toEqual({ reminders: true, events: true, notices: false });

    const query = `?token=${encodeURIComponent(token)}`;
    expect(await (await t.api(`/api/mail/subscription${query}`)).json()).toEqual({ topic: 'events', subscribed: true });
    const off = await call(t, 'PUT', `/api/mail/subscription${query}`, { subscribed: false });
    expect(await off.json()).toEqual({ topic: 'events', subscribed: false });
    expect(await preferencesOf(person)).toEqual({ reminders: true, events: false, notices: false });
    const undo = await call(t, 'PUT', `/api/mail/subscription${query}`, { subscribed: true });
    expect(await undo.json()).toEqual({ topic: 'events', subscribed: true });
    expect(await preferencesOf(person)).toEqual({ reminders: true, events: true, notices: false });
  });

  it('refuses an altered, cut or foreign token with a clear 400, and changes nothing', async () => {
    const person = await signUp(t);
    const other = await signUp(t);
    const token = unsubscribeToken(person.id, 'reminders', t.app.authSecret);
    const [id, , sig] = token.split('.') as [string, string, string];
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    const bad = [
      `${id}.notices.${sig}`, // another topic
      `${Buffer.from(other.id).toString('base64url')}.reminders.${sig}`, // another account
      `${id}.reminders.${flipped}`, // a changed signature
      token.slice(0, -5), // cut short
      `${token}.x`,
      unsubscribeToken(person.id, 'reminders', 'a-different-secret-of-at-least-32-characters'),
      'not-a-token',
    ];
    for (const tampered of bad) {
      const query = `?token=${encodeURIComponent(tampered)}`;
      for (const res of [
        await t.api(`/api/mail/unsubscribe${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }),
        await t.api(`/api/mail/subscription${query}`),
        await call(t, 'PUT', `/api/mail/subscription${query}`, { subscribed: false }),
      ]) {
        expect(res.status, tampered).toBe(400);
        expect((await res.json()).error.message).toMatch(/unsubscribe link is not valid/);
      }
    }
    const missing = await t.api('/api/mail/unsubscribe', { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(await preferencesOf(person)).toEqual({ reminders: true, events: true, notices: false });
    expect(await preferencesOf(other)).toEqual({ reminders: true, events: true, notices: false });
  });

  it('is refused from another site’s page', async () => {
    const person = await signUp(t);
    const { url } = unsubscribeFor(site(), { accountId: person.id }, 'reminders', t.app.authSecret);
    const { pathname, search } = new URL(url);
    const res = await t.api(pathname + search, { method: 'POST', headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(403);
    expect(await preferencesOf(person)).toEqual({ reminders: true, events: true, notices: false });
  });
});

describe('notices by email', () => {
  it('go to the volunteers and admins who opted in, not the author, with one-click unsubscribe', async () => {
    const author = await signUp(t, { role: 'admin', name: 'Ada Admin' });
    const keenVolunteer = await signUp(t, { role: 'volunteer', name: 'Val Keen' });
    const keenAdmin = await signUp(t, { role: 'admin' });
    const quietVolunteer = await signUp(t, { role: 'volunteer' });
    const donator = await signUp(t);
    for (const who of [author, keenVolunteer, keenAdmin, donator]) {
      expect((await call(t, 'PUT', PREFERENCES, { reminders: true, events: true, notices: true }, who.auth)).status).toBe(200);
    }

    const text = `Bring gloves on Saturday ${Date.now()}\n\nThe hall opens at 9.`;
    const res = await call(t, 'POST', '/api/notices', { notice: text }, author.auth);
    expect(res.status).toBe(200);
    const noticeId = (await res.json()).insertedId;

    const [mail] = await smtp.mailTo(keenVolunteer.email);
    expect(mail?.subject).toBe(`Notice: ${text.split('\n')[0]}`);
    expect(mail?.text).toContain('Hello Val Keen');
    expect(mail?.text).toContain('The hall opens at 9.');
    expect(mail?.html).toContain('A notice from Ada Admin');
    const listUnsubscribe = mail?.header('list-unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(/^<.+\/api\/mail\/unsubscribe\?token=.+>$/);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await smtp.mailTo(keenAdmin.email)).toHaveLength(1);

    const queued = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.kind, 'notice'));
    expect(queued.map((row) => row.key).sort()).toEqual(
      [`notice:${noticeId}:${keenAdmin.id}`, `notice:${noticeId}:${keenVolunteer.id}`].sort(),
    );
    for (const who of [author, quietVolunteer, donator]) expect(await smtp.mailTo(who.email, { timeoutMs: 300 })).toEqual([]);

    // The header's address, POSTed as a mail program does: no more notices for this volunteer.
    expect((await oneClick(listUnsubscribe.slice(1, -1))).status).toBe(200);
    expect(await preferencesOf(keenVolunteer)).toEqual({ reminders: true, events: true, notices: false });
    const next = await call(t, 'POST', '/api/notices', { notice: 'Second notice' }, author.auth);
    expect(next.status).toBe(200);
    expect(await smtp.mailTo(keenAdmin.email, { count: 2 })).toHaveLength(2);
    expect(await smtp.mailTo(keenVolunteer.email)).toHaveLength(1);
  });
});
