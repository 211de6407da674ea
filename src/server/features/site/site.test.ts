import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverTimeZone } from '../../../shared/time-zone.ts';
import { loadConfig, SITE_NAME } from '../../config.ts';
import { outboxMessage, siteSettings } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { sharedApp } from '../../test/shared-app.ts';
import { startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;

sharedApp({ admin: { role: 'admin' }, volunteer: { role: 'volunteer' } }, (started) => ({ t, admin, volunteer } = started));

/** Settings an organisation might really save: every field given. */
const filledIn = {
  name: 'Riverside Food Share',
  logo: 'https://cdn.example.org/riverside/logo.png',
  tagline: 'Good food for every neighbour',
  headline: 'Nobody in Riverside goes hungry',
  subtext: 'Sort, pack and deliver food with us on Saturdays.',
  address: '4 Mill Lane, Riverside RS1 2AB',
  phone: '+44 (0)20 7946 0018',
  email: 'hello@riverside.example.org',
  registrationNumber: '1234567',
  socialLinks: [
    { label: 'Facebook', url: 'https://facebook.com/riversidefoodshare' },
    { label: 'Instagram', url: 'https://instagram.com/riversidefoodshare' },
  ],
  timeZone: 'Europe/London',
  defaultLanguage: 'bn',
  currency: 'gbp',
  privacy: '# Privacy\n\nWe keep your name and email to run events.',
  terms: '# Terms\n\n- Be kind\n- Be on time',
};

/**
 * What the answer adds to the settings when the donation amounts were never saved: DONATION_AMOUNT alone,
 * no other amount (donations as before the amounts were settings); and no social sign-in or mail set up.
 */
const amountsAndStatus = {
  donationAmounts: [3000],
  customAmount: false,
  minAmount: 100,
  maxAmount: 1_000_000,
  socialSignIn: null,
  mailConfigured: false,
  payments: 'test',
};

/** Saves as `who` (the admin unless said); `null` is signed out. */
const put = (body: unknown, who: TestAccount | null = admin) => call(t, 'PUT', '/api/site', body, who?.auth);

/** The 400's message for each field, when the admin saves `changes` over good settings. */
async function fieldErrors(changes: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await put({ ...filledIn, ...changes });
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe('invalid_input');
  return body.error.fields;
}

describe('GET /api/site', () => {
  it("on a fresh install names the product, shows no contact details and keeps the server's time zone", async () => {
    const res = await t.api('/api/site');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: SITE_NAME,
      logo: '',
      tagline: '',
      headline: '',
      subtext: '',
      address: '',
      phone: '',
      email: '',
      registrationNumber: '',
      socialLinks: [],
      timeZone: serverTimeZone(),
      defaultLanguage: 'en',
      currency: 'usd',
      privacy: '',
      terms: '',
      ...amountsAndStatus,
    });
  });
});

describe('PUT /api/site', () => {
  it('is for admins only: 401 signed out, 403 for a volunteer, and neither changes anything', async () => {
    expect((await put(filledIn, null)).status).toBe(401);
    const refused = await put(filledIn, volunteer);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('forbidden');
    expect((await (await t.api('/api/site')).json()).name).toBe(SITE_NAME);
  });

  it('answers the saved settings, which every later GET gives', async () => {
    const res = await put(filledIn);
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toEqual({
      ...filledIn,
      ...amountsAndStatus,
    });
    expect(await (await t.api('/api/site')).json()).toEqual(saved);
  });

  it('trims text, lower-cases the currency, and gives a left-out contact detail its empty default', async () => {
    const res = await put({ name: '  Riverside Food Share  ', timeZone: 'America/New_York', currency: 'EUR', tagline: '  Fed  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'Riverside Food Share',
      tagline: 'Fed',
      currency: 'eur',
      timeZone: 'America/New_York',
      address: '',
      email: '',
      socialLinks: [],
      privacy: '',
    });
  });

  it('takes an uploaded picture or one the app ships as the logo', async () => {
    for (const logo of ['/api/images/0b6f3c5e-8f5e-4a4f-9a55-6d1a1f0c2b3d', '/images/logo.svg', '']) {
      const res = await put({ ...filledIn, logo });
      expect(res.status).toBe(200);
      expect((await res.json()).logo).toBe(logo);
    }
  });

  it('says what is wrong with each field, beside it', async () => {
    expect(await fieldErrors({ name: '   ' })).toEqual({ name: 'Organisation name is required' });
    expect(await fieldErrors({ name: 'x'.repeat(101) })).toEqual({ name: 'Organisation name must be at most 100 characters' });
    expect(await fieldErrors({ tagline: 'x'.repeat(201) })).toEqual({ tagline: 'Tagline must be at most 200 characters' });
    expect(await fieldErrors({ headline: 'x'.repeat(121) })).toEqual({ headline: 'Home page headline must be at most 120 characters' });
    expect(await fieldErrors({ subtext: 'x'.repeat(301) })).toEqual({ subtext: 'Text under the headline must be at most 300 characters' });
    expect(await fieldErrors({ address: 'x'.repeat(501) })).toEqual({ address: 'Contact address must be at most 500 characters' });
    expect(await fieldErrors({ registrationNumber: 'x'.repeat(101) })).toEqual({
      registrationNumber: 'Charity registration number must be at most 100 characters',
    });
    expect(await fieldErrors({ privacy: 'x'.repeat(50_001) })).toEqual({ privacy: 'Privacy policy must be at most 50000 characters' });
    expect(await fieldErrors({ terms: 'x'.repeat(50_001) })).toEqual({ terms: 'Terms must be at most 50000 characters' });
    expect(await fieldErrors({ timeZone: 'Mars/Olympus_Mons' })).toEqual({
      timeZone: 'Time zone must be a time zone name such as Europe/London or America/New_York',
    });
    expect(await fieldErrors({ timeZone: '' })).toEqual({ timeZone: 'Time zone is required' });
    expect(await fieldErrors({ email: 'hello at riverside' })).toEqual({ email: 'Contact email is not a valid email address' });
    expect(await fieldErrors({ phone: 'call us!' })).toEqual({ phone: 'Phone may contain digits, spaces, + ( ) . and - only' });
    expect(await fieldErrors({ currency: 'pounds' })).toEqual({ currency: 'Currency must be a three-letter code such as usd or gbp' });
    for (const logo of ['javascript:alert(1)', 'ftp://example.org/logo.png', '/uploads/logo.png']) {
      expect(await fieldErrors({ logo })).toEqual({ logo: 'Logo must be an http(s) image address or an uploaded picture' });
    }
    expect(await fieldErrors({ socialLinks: [{ label: 'Facebook', url: 'http://facebook.com/riverside' }] })).toEqual({
      'socialLinks.0.url': 'Link address must start with https://',
    });
    expect(await fieldErrors({ socialLinks: [filledIn.socialLinks[0], { label: '', url: 'javascript:alert(1)' }] })).toEqual({
      'socialLinks.1.label': 'Link name is required',
      'socialLinks.1.url': 'Link address must start with https://',
    });
    const nine = Array.from({ length: 9 }, (_, i) => ({ label: `Link ${i}`, url: `https://example.org/${i}` }));
    expect(await fieldErrors({ socialLinks: nine })).toEqual({ socialLinks: 'At most 8 social links' });
  });

  it('reports every wrong field at once and stores none of them', async () => {
    expect((await put(filledIn)).status).toBe(200);
    const fields = await fieldErrors({ name: '', email: 'nope', timeZone: 'Nowhere/Special' });
    expect(Object.keys(fields).sort()).toEqual(['email', 'name', 'timeZone']);
    expect((await (await t.api('/api/site')).json()).name).toBe(filledIn.name);
  });

  it('notes which admin saved the settings', async () => {
    expect((await put(filledIn)).status).toBe(200);
    const [row] = await t.app.db.select().from(siteSettings);
    expect(row?.updatedBy).toBe(admin.id);
  });
});

describe('messages', () => {
  it('name the organisation and give its postal address in the footer once it is set, and no address before', async () => {
    expect((await put({ name: 'Riverside Food Share', timeZone: 'Europe/London' })).status).toBe(200);
    const before = await signUp(t);
    expect((await put({ ...filledIn, address: '4 Mill Lane\nRiverside RS1 2AB' })).status).toBe(200);
    const after = await signUp(t);
    const [plain] = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, before.email));
    const [addressed] = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, after.email));
    expect(plain?.text).toContain('Riverside Food Share');
    expect(plain?.text).not.toContain('Mill Lane');
    for (const body of [addressed?.text, addressed?.html]) expect(body).toContain('Riverside Food Share, 4 Mill Lane, Riverside RS1 2AB');
  });

  it("come from no-reply at the public address under the organisation's name, as the settings say when each is sent", async () => {
    const smtp = await startSmtpStandIn();
    const mailing = await startTestApp({ mail: { ...t.config.mail, smtpUrl: smtp.url, pollMs: 100 } });
    try {
      const host = new URL(mailing.config.publicUrl).hostname;
      const renamed = { ...filledIn, name: 'Riverside "Food" Share' };
      const adminThere = await signUp(mailing, { role: 'admin' });
      // With SMTP_URL the site says it sends mail (pages then say a link was sent); without, it says not.
      expect((await (await mailing.api('/api/site')).json()).mailConfigured).toBe(true);
      expect((await (await t.api('/api/site')).json()).mailConfigured).toBe(false);
      expect((await call(mailing, 'PUT', '/api/site', renamed, adminThere.auth)).status).toBe(200);
      const newcomer = await signUp(mailing);
      const [mail] = await smtp.mailTo(newcomer.email);
      expect(mail?.header('from')).toBe(`"Riverside \\"Food\\" Share" <no-reply@${host}>`);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe('settings stored before a change to their rules', () => {
  it('keep every field still valid; a field now refused or missing takes its default', async () => {
    const { timeZone: _dropped, ...withoutTimeZone } = filledIn;
    await t.app.db.update(siteSettings).set({ settings: { ...withoutTimeZone, currency: 'not-a-currency', email: 'hello at riverside' } });
    expect(await (await t.api('/api/site')).json()).toMatchObject({
      name: filledIn.name,
      address: filledIn.address,
      currency: 'usd',
      email: '',
      timeZone: serverTimeZone(),
    });
  });
});

// A second instance needs a database server (the embedded database belongs to one process).
describe.runIf(loadConfig().databaseUrl)('two app instances on one database', () => {
  it('both give the settings one of them saved, at once', async () => {
    const second = await startTestApp({ databaseUrl: t.config.databaseUrl });
    try {
      const renamed = { ...filledIn, name: 'Riverside Food Share (North)', timeZone: 'Pacific/Auckland' };
      expect((await put(renamed)).status).toBe(200);
      expect(await (await second.api('/api/site')).json()).toMatchObject({ name: renamed.name, timeZone: 'Pacific/Auckland' });
      const moved = await call(second, 'PUT', '/api/site', { ...renamed, address: '9 Quay Street, Riverside' }, admin.auth);
      expect(moved.status).toBe(200);
      expect((await (await t.api('/api/site')).json()).address).toBe('9 Quay Street, Riverside');
    } finally {
      await second.close();
    }
  });
});
