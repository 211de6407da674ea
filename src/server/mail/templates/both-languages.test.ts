import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/language.ts';
import { charityOf } from '../../features/donations/charity.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { type TemplateInput, type TemplateName, writeQueued } from '../registry.ts';
import type { SigningSite } from '../unsubscribe.ts';
import { finishSetUpMessage } from './finish-set-up.tsx';
import { resetPasswordMessage } from './reset-password.tsx';
import { type SecurityChange, securityNoticeMessage } from './security-notice.tsx';
import { verifyEmailMessage } from './verify-email.tsx';

/**
 * Every message the product sends, written in English and in Bengali (DECISIONS 5). The organisation's
 * content here is Bengali too, so any Latin word left in a Bengali message is the template's own English.
 */
const site: SigningSite = {
  name: 'নদীর বন্ধু',
  publicUrl: 'https://hands.example.org',
  timeZone: 'Asia/Dhaka',
  address: 'ঢাকা ১২০৫',
  email: 'hello@hands.example.org',
  registrationNumber: '১২৩৪৫',
  defaultLanguage: 'en',
  secret: 'a-secret-long-enough-to-sign-links-with',
};
const person = { accountId: 'a1', registrationId: 'r1', to: 'rina@example.org', name: 'রিনা আক্তার' };
const event = { id: 'e1', title: 'নদীর পাড় পরিষ্কার', desc: 'সবাই মিলে নদীর পাড় পরিষ্কার করি।', date: '2026-12-05T14:30', location: 'সদরঘাট' };
const gift = {
  charity: charityOf(site),
  donationId: 'd1',
  to: person.to,
  amountCents: 100_000,
  currency: 'bdt',
  paidAt: new Date('2026-11-21T09:21:00Z'),
  transaction: 'pi_3Qx7',
  last4: '4242',
  eventTitle: event.title,
};

const monthly = {
  charity: charityOf(site),
  subscriptionId: '0b8f6a52-3c1d-4e2f-9a7b-5c6d7e8f9a0b',
  to: person.to,
  amountCents: 100_000,
  currency: 'bdt',
  eventTitle: event.title,
  nextPaymentAt: new Date('2026-12-21T09:21:00Z'),
};

const queued: { [K in TemplateName]: TemplateInput<K>[] } = {
  'registration-confirmed': [{ ...person, event }],
  'registration-waitlisted': [{ ...person, event, waitlistPosition: 3 }],
  'registration-cancelled': [
    { ...person, event, byOrganisers: false },
    { ...person, event, byOrganisers: true },
  ],
  'waitlist-place': [{ ...person, event }],
  'event-changed': [
    { ...person, event, previousDate: '2026-11-28', changedAt: new Date('2026-11-20T10:00:00Z') },
    { ...person, event, previousDate: '2026-11-28', changedAt: new Date('2026-11-20T10:00:00Z'), waitlistPosition: 2 },
  ],
  'event-deleted': [{ ...person, event }],
  'event-reminder': [{ ...person, event: { id: event.id, title: event.title, date: '2026-12-05', time: '14:30:00' } }],
  'event-message': [
    {
      messageId: 'm1',
      accountId: 'a1',
      to: person.to,
      name: person.name,
      event: { id: event.id, title: event.title },
      author: 'করিম',
      subject: 'সকাল ৯টায় উত্তর গেটে',
      body: 'নদীর পথ বন্ধ।\n\nউত্তর গেটে দেখা হবে।',
    },
    {
      messageId: 'm2',
      accountId: 'a1',
      to: person.to,
      name: person.name,
      event: { id: event.id, title: event.title },
      author: 'করিম',
      subject: 'সকাল ৯টায় উত্তর গেটে',
      body: 'নদীর পথ বন্ধ।',
      test: true,
    },
  ],
  notice: [
    { noticeId: 'n1', accountId: 'a1', to: person.to, name: person.name, author: 'করিম', notice: 'শনিবার সকাল ৯টায় দেখা হবে।\n\nধন্যবাদ।' },
  ],
  'donation-receipt': [{ ...gift, subscriptionId: monthly.subscriptionId }, gift, { ...gift, last4: null, eventTitle: '' }],
  'donation-refunded': [
    { ...gift, refundedAt: new Date('2026-11-22T10:00:00Z') },
    { ...gift, last4: null, refundedAt: new Date('2026-11-22T10:00:00Z') },
  ],
  'monthly-gift-changed': (['amount', 'paused', 'resumed', 'cancelled', 'cancelledByCharity', 'card'] as const).map((change, version) => ({
    ...monthly,
    change,
    version,
    previousAmountCents: 50_000,
  })),
  'monthly-gift-failed': [{ ...monthly, period: 2, tries: 1, reason: 'Your card was declined.' }],
  'monthly-gift-ended': [
    { ...monthly, nextPaymentAt: null },
    { ...monthly, eventTitle: null, nextPaymentAt: null },
  ],
};

const changes: SecurityChange[] = ['second-factor-on', 'second-factor-off', 'recovery-codes', 'password-changed', 'password-reset'];

/** Every message, by a name for the test, written in `language`. */
async function everyMessage(language: Language): Promise<[string, OutgoingMessage][]> {
  const written: [string, OutgoingMessage][] = [];
  for (const [kind, inputs] of Object.entries(queued))
    for (const [n, input] of inputs.entries())
      written.push([`${kind} ${n}`, await writeQueued(kind, JSON.stringify(input), site, language)]);
  const who = { site, to: person.to, name: person.name, language };
  written.push(['verify-email', await verifyEmailMessage({ ...who, userId: 'a1', token: 'token' })]);
  written.push(['reset-password', await resetPasswordMessage({ ...who, token: 'token' })]);
  written.push(['finish-set-up', await finishSetUpMessage({ ...who, token: 'token', admin: false })]);
  written.push(['finish-set-up admin', await finishSetUpMessage({ ...who, token: 'token', admin: true })]);
  for (const change of changes) written.push([`security ${change}`, await securityNoticeMessage({ ...who, userId: 'a1', change })]);
  return written;
}

/** Names and codes a Bengali message may write in Latin letters: the QR code, the currency, the zone, the payment's reference. */
const LATIN_ALLOWED = new Set(['QR', 'BDT', 'GMT', 'Asia', 'Dhaka', 'pi_3Qx7']);

/** Latin words in a message's text, leaving out addresses (links, email addresses, the site's host) and file names. */
const latinWords = (text: string) =>
  [...text.replace(/https?:\/\/\S+|\S+@\S+|[\w-]+(?:\.[\w-]+)+/g, ' ').matchAll(/[A-Za-z][A-Za-z_0-9]*/g)]
    .map((match) => match[0])
    .filter((word) => !LATIN_ALLOWED.has(word));

/** Messages whose subject is the organisation's own words (an admin's message to an event's people), the same in every language. */
const SUBJECT_AS_WRITTEN = new Set(['event-message 0']);

describe('every message in English and Bengali', () => {
  it('writes each template in Bengali, with no English of its own left, and in English as before', async () => {
    const english = new Map(await everyMessage('en'));
    const bengali = await everyMessage('bn');
    expect(bengali.length).toBeGreaterThanOrEqual(20);
    for (const [name, mail] of bengali) {
      const inEnglish = english.get(name);
      expect(inEnglish?.html, name).toContain('lang="en"');
      expect(mail.html, name).toContain('lang="bn"');
      expect(latinWords(mail.subject), `${name}: subject`).toEqual([]);
      expect(latinWords(mail.text), `${name}: text`).toEqual([]);
      if (SUBJECT_AS_WRITTEN.has(name)) {
        expect(mail.subject, name).toBe(inEnglish?.subject);
        continue;
      }
      expect(mail.subject, name).not.toBe(inEnglish?.subject);
      // The English one speaks English: its subject has Latin words of its own.
      expect(latinWords(inEnglish?.subject ?? '').length, name).toBeGreaterThan(0);
    }
  });

  it('writes dates, amounts and numbers the Bengali way', async () => {
    const bengali = new Map(await everyMessage('bn'));
    const confirmed = bengali.get('registration-confirmed 0');
    expect(confirmed?.subject).toContain('৫ ডিসেম্বর');
    expect(confirmed?.subject).toContain('২০২৬');
    expect(confirmed?.subject).not.toMatch(/PM|AM/);
    expect(bengali.get('registration-waitlisted 0')?.text).toMatch(/৩/);
    expect(bengali.get('donation-receipt 0')?.text).toMatch(/১,০০০/);
    expect(bengali.get('donation-receipt 0')?.text).not.toMatch(/[0-9],[0-9]/);
  });
});
