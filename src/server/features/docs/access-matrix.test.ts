import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/errors.ts';
import { siteSettingsSchema } from '../../../shared/site.ts';
import { eventMessage, eventStaff, outboxMessage, registration, review } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { unsubscribeToken } from '../../mail/unsubscribe.ts';
import {
  type AccessRequest,
  type Caller,
  type CallerName,
  callAs,
  callerNames,
  donate,
  giveMonthly,
  paidPayment,
  register,
  signUpCaller,
  signUpCallers,
  startPayment,
} from '../../test/access-callers.ts';
import { call, me } from '../../test/accounts.ts';
import { changedTables, fingerprint, publicTables } from '../../test/db-fingerprint.ts';
import { insertAccount, insertEvent, insertReview, insertShift } from '../../test/factories.ts';
import { type RecordedRoute, startTestAppRecordingRoutes } from '../../test/recorded-routes.ts';
import type { TestApp } from '../../test/test-app.ts';
import { calendarTokenOf } from '../calendar/service.ts';
import { giftLinkToken } from '../subscriptions/service.ts';
import { writeWaiver } from '../waivers/service.ts';

/**
 * Who may call what, proved by calling every route the app registers as each of six callers
 * (DECISIONS.md section 2 and each route's own guard). A route added without a rule here fails
 * this file, and so does a rule for a route that is gone.
 *
 * `ok`: let through (2xx, or a redirect); 401: refused as signed out; 403: refused as not allowed;
 * 404: refused by answering as if the record did not exist (the caller may not learn it does).
 * Every refused call must leave the database as it was.
 */
type Expected = 'ok' | 401 | 403 | 404;
type Expectations = Record<CallerName, Expected>;

/** A route called the same way by every caller; `request` builds the call, making fresh records where the call uses them up. */
interface Rule extends Expectations {
  request?: (caller: Caller) => Promise<AccessRequest> | AccessRequest;
  /** The call ends the caller's own account: each signed-in caller makes it as a new account of the same role. */
  endsCaller?: true;
}

/** A route this kind of call cannot exercise (signed by a third party, or the sign-in library's own), and the tests that do. */
interface CoveredElsewhere {
  coveredBy: string[];
  why: string;
}

const anyone: Expectations = { anonymous: 'ok', donator: 'ok', volunteer: 'ok', other: 'ok', doorStaff: 'ok', admin: 'ok' };
const signedIn: Expectations = { anonymous: 401, donator: 'ok', volunteer: 'ok', other: 'ok', doorStaff: 'ok', admin: 'ok' };
const adminOnly: Expectations = { anonymous: 401, donator: 403, volunteer: 403, other: 403, doorStaff: 403, admin: 'ok' };
const volunteerOrAdmin: Expectations = { anonymous: 401, donator: 403, volunteer: 'ok', other: 403, doorStaff: 403, admin: 'ok' };
/** On the donator's records: the donator and admins; the volunteer and the other accounts are refused. */
const selfOrAdmin: Expectations = { anonymous: 401, donator: 'ok', volunteer: 403, other: 403, doorStaff: 403, admin: 'ok' };
/** The door and roster of an event the door staff caller was named for: admins and that caller. */
const doorOrAdmin: Expectations = { anonymous: 401, donator: 403, volunteer: 403, other: 403, doorStaff: 'ok', admin: 'ok' };

/**
 * Tables a refused call may change without doing anything: reading a session renews it (its expiry
 * and update time move) and a session past its absolute lifetime is deleted, whoever calls and
 * whatever the answer. Every other table in the schema, the audit log included (a refused action
 * records nothing), must not change. Rate-limit counts live in memory or Redis, not in a table.
 */
const mayChangeWhenRefused = new Set(['session']);

let t: TestApp;
let callers: Record<CallerName, Caller>;
/** Every route the app added, as Fastify saw it being added. */
let registered: RecordedRoute[];
let eventId: string;
let registrationId: string;
/** The donator's registration for an event with a waiver, and the signature it was made with. */
let signed: { registrationId: string; signatureId: string };
let donationId: string;
let noticeId: string;
let imageId: string;
let outboxId: string;
let png: Buffer;
let tables: string[];

const donator = () => {
  const account = callers.donator.account;
  if (!account) throw new Error('the donator is signed in');
  return account;
};
const picture = () => ({ raw: { type: 'image/png', bytes: png } });
const eventBody = (title: string) => ({
  title,
  desc: 'Sorting donated food for families.',
  banner: '/images/events/food-bank.svg',
  date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
});
/** The donator's registration for a new event going on now, with the event (its door, open for a check-in). */
const freshPlace = async () => {
  const { id: eventId } = await insertEvent(t.app.db, { inDays: -1, time: '09:00', endAt: `${dayFrom(new Date(), 1)} 23:00:00` });
  await nameDoorStaff(eventId);
  return { eventId, registrationId: await register(t, donator(), eventId) };
};
/** The door staff caller may run this event's door. */
const nameDoorStaff = (id: string) => t.app.db.insert(eventStaff).values({ eventId: id, accountId: callers.doorStaff.account?.id ?? '' });
/** The donator registers for a new event with a waiver, signing it. */
const signedRegistration = async () => {
  const { id } = await insertEvent(t.app.db, { inDays: 5 });
  await writeWaiver(t.app.db, id, 'I take part at my own risk.', null);
  const body = { eventId: id, waiver: { accepted: true, signedName: 'Dana Donator' } };
  const res = await call(t, 'POST', '/api/register', body, donator().auth);
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  const { insertedId } = (await res.json()) as { insertedId: string };
  const [row] = await t.app.db.select({ id: registration.waiverSignatureId }).from(registration).where(eq(registration.id, insertedId));
  return { registrationId: insertedId, signatureId: row?.id ?? '' };
};
const freshRegistration = async () => (await freshPlace()).registrationId;
const freshNotice = async () => {
  const res = await call(t, 'POST', '/api/notices', { notice: 'Bring gloves tomorrow.' }, callers.admin.headers);
  return ((await res.json()) as { insertedId: string }).insertedId;
};
/** A review the donator writes, waiting for an admin. */
const donatorsReview = async () => {
  const res = await call(t, 'POST', '/api/review', { message: 'Good day', review: 'We packed 200 boxes.' }, donator().auth);
  return ((await res.json()) as { insertedId: string }).insertedId;
};
/** A monthly gift of the donator's, its first month paid. */
const freshGift = () => giveMonthly(t, donator(), eventId);
const giftLink = async () => giftLinkToken(await freshGift(), t.app.authSecret);
const accessCard = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', postalCode: '10001' };
/** The donator's own gift: others are answered 404, as if it did not exist. */
const donorsGift: Expectations = { anonymous: 401, donator: 'ok', volunteer: 404, other: 404, doorStaff: 404, admin: 'ok' };
const unsubscribeLink = () => `token=${encodeURIComponent(unsubscribeToken(donator().id, 'reminders', t.app.authSecret))}`;

const rules: Record<string, Rule | CoveredElsewhere> = {
  // The sign-in library's routes: each call it lets through is listed, documented and tried in these files.
  'GET /api/auth/*': {
    coveredBy: ['src/server/auth/auth.test.ts', 'src/server/features/docs/docs.test.ts', 'e2e/accounts-oidc.test.ts'],
    why: 'the sign-in library answers its own calls (sessions, email links, provider callbacks that need a real provider)',
  },
  'POST /api/auth/*': {
    coveredBy: ['src/server/auth/auth.test.ts', 'src/server/auth/admin-mfa.test.ts', 'src/server/features/docs/docs.test.ts'],
    why: 'the sign-in library answers its own calls (sign-up, sign-in, second factor, password changes)',
  },
  'HEAD /api/auth/*': {
    coveredBy: ['src/server/auth/auth.test.ts', 'src/server/features/docs/docs.test.ts'],
    why: "Fastify's HEAD twin of the sign-in library's GET route: the same handler, answering without a body",
  },
  'GET /api/setup': {
    coveredBy: ['src/server/features/setup/setup.test.ts', 'e2e/first-run.test.ts'],
    why: 'public, and answered only while the site has no admin (to the code printed at start); this file has admins, so all get 404',
  },
  'HEAD /api/setup': {
    coveredBy: ['src/server/features/setup/setup.test.ts'],
    why: "Fastify's HEAD twin of GET /api/setup: the same handler, answering without a body",
  },
  'POST /api/setup': {
    coveredBy: ['src/server/features/setup/setup.test.ts', 'e2e/first-run.test.ts'],
    why: 'public, and answered only while the site has no admin (with the code printed at start); this file has admins, so all get 404',
  },
  'POST /api/site/test-email': {
    coveredBy: ['src/server/features/setup/setup.test.ts', 'e2e/first-run.test.ts'],
    why: "admins (and an admin still to set up two-step sign-in, to their own address): it needs a mail server, which this file's app has not",
  },
  'POST /api/stripe/webhook': {
    coveredBy: ['src/server/payments/stripe-gateway.test.ts', 'src/server/features/donations/donations.test.ts'],
    why: 'only Stripe may call it: the body must be signed with STRIPE_WEBHOOK_SECRET, whoever sends it (in test mode always 400)',
  },

  'GET /api/site': { ...anyone },
  'GET /api/site/manifest.webmanifest': { ...anyone },
  'GET /api/site/demo-content': { ...adminOnly },
  'DELETE /api/site/demo-content': { ...adminOnly },
  'PUT /api/site': {
    ...adminOnly,
    request: async () => {
      const { donationAmounts: _, ...settings } = siteSettingsSchema.parse(await (await t.api('/api/site')).json());
      return { path: '/api/site', body: settings };
    },
  },

  'GET /api/users/me': { ...anyone },
  'GET /api/users/me/export': { ...signedIn },
  'PUT /api/users/me/language': { ...signedIn, request: () => ({ path: '/api/users/me/language', body: { language: 'en' } }) },
  'GET /api/language/:language': {
    coveredBy: ['src/server/http/page-language.test.ts', 'src/server/features/users/language.test.ts'],
    why: 'public: the language menu’s plain link sets the lang cookie (and a signed-in caller’s choice) and redirects back (303)',
  },
  'HEAD /api/language/:language': {
    coveredBy: ['src/server/http/page-language.test.ts'],
    why: "Fastify's HEAD twin of GET /api/language/:language: the same handler, answering without a body",
  },
  'DELETE /api/users/me': {
    ...signedIn,
    endsCaller: true,
    request: (caller) => ({ path: '/api/users/me', body: { confirm: (caller.account ?? donator()).email } }),
  },
  'GET /api/users': { ...adminOnly },
  'GET /api/users/account/:id': { ...selfOrAdmin, request: () => ({ path: `/api/users/account/${donator().id}` }) },
  'GET /api/users/:email': { ...selfOrAdmin, request: () => ({ path: `/api/users/${encodeURIComponent(donator().email)}` }) },
  'POST /api/users': {
    ...signedIn,
    request: (caller) => ({ path: '/api/users', body: { displayName: caller.account?.name ?? 'Someone' } }),
  },
  'PUT /api/users': {
    ...signedIn,
    request: () => ({ path: '/api/users', body: { address: '1 Harbour Road', age: '34', education: 'College', occupation: 'Nurse' } }),
  },
  'PUT /api/users/role': {
    ...adminOnly,
    request: async () => ({ path: '/api/users/role', body: { email: (await insertAccount(t.app.db)).email, role: 'volunteer' } }),
  },
  'DELETE /api/users/:id': { ...adminOnly, request: async () => ({ path: `/api/users/${(await insertAccount(t.app.db)).id}` }) },
  'PUT /api/users/photo': { ...signedIn, request: () => ({ path: '/api/users/photo', ...picture() }) },

  'GET /api/images/:id': { ...anyone, request: () => ({ path: `/api/images/${imageId}` }) },
  'POST /api/images': { ...adminOnly, request: () => ({ path: '/api/images', ...picture() }) },

  'POST /api/register': {
    ...signedIn,
    request: async () => ({ path: '/api/register', body: { eventId: (await insertEvent(t.app.db)).id } }),
  },
  'GET /api/register': { ...adminOnly },
  'GET /api/register/export.csv': { ...adminOnly },
  'GET /api/register/event/:email': {
    ...selfOrAdmin,
    request: () => ({ path: `/api/register/event/${encodeURIComponent(donator().email)}` }),
  },
  'GET /api/register/:id': { ...selfOrAdmin, request: () => ({ path: `/api/register/${registrationId}` }) },
  'DELETE /api/register/:id': { ...selfOrAdmin, request: async () => ({ path: `/api/register/${await freshRegistration()}` }) },
  'GET /api/register/:id/pass': { ...selfOrAdmin, request: () => ({ path: `/api/register/${registrationId}/pass` }) },

  'POST /api/notices': { ...adminOnly, request: () => ({ path: '/api/notices', body: { notice: 'The van leaves at nine.' } }) },
  'GET /api/notices': { ...volunteerOrAdmin },
  'PUT /api/notices/:id': {
    ...adminOnly,
    request: () => ({ path: `/api/notices/${noticeId}`, body: { notice: 'The van leaves at ten.' } }),
  },
  'DELETE /api/notices/:id': { ...adminOnly, request: async () => ({ path: `/api/notices/${await freshNotice()}` }) },

  'POST /api/create-payment-intent': {
    ...signedIn,
    request: () => ({ path: '/api/create-payment-intent', body: { eventId, attemptId: randomUUID() } }),
  },
  // The donor is the caller (DECISIONS 2): only the account that paid may record its payment, admins included.
  'POST /api/payment': {
    ...selfOrAdmin,
    admin: 403,
    request: async () => ({ path: '/api/payment', body: { transaction: (await paidPayment(t, donator(), eventId)).paymentId } }),
  },
  // Someone else's payment is answered as not found: its client secret tells the caller nothing.
  'POST /api/test-payments/confirm': {
    anonymous: 401,
    donator: 'ok',
    volunteer: 404,
    other: 404,
    doorStaff: 404,
    admin: 404,
    request: async () => {
      const { clientSecret, card } = await startPayment(t, donator(), eventId);
      return { path: '/api/test-payments/confirm', body: { clientSecret, card } };
    },
  },
  'GET /api/payment': { ...adminOnly },
  'GET /api/payment/export.csv': { ...adminOnly },
  'GET /api/payment/:email': { ...selfOrAdmin, request: () => ({ path: `/api/payment/${encodeURIComponent(donator().email)}` }) },
  'GET /api/payment/:id/receipt': { ...selfOrAdmin, request: () => ({ path: `/api/payment/${donationId}/receipt` }) },
  'GET /api/payment/:id/receipt.pdf': { ...selfOrAdmin, request: () => ({ path: `/api/payment/${donationId}/receipt.pdf` }) },
  'POST /api/payment/:id/refund': {
    ...adminOnly,
    request: async () => ({ path: `/api/payment/${await donate(t, donator(), eventId)}/refund` }),
  },

  // A monthly gift is its donor's: anyone else is answered as if there were none; an admin may read and cancel it.
  'POST /api/subscriptions': {
    ...signedIn,
    request: () => ({ path: '/api/subscriptions', body: { amount: 3000, eventId, attemptId: randomUUID() } }),
  },
  'GET /api/subscriptions': { ...signedIn },
  'GET /api/subscriptions/totals': { ...adminOnly },
  'GET /api/subscriptions/export.csv': { ...adminOnly },
  'GET /api/subscriptions/:id': { ...donorsGift, request: async () => ({ path: `/api/subscriptions/${await freshGift()}` }) },
  'PUT /api/subscriptions/:id': {
    ...donorsGift,
    request: async () => ({ path: `/api/subscriptions/${await freshGift()}`, body: { action: 'cancel' } }),
  },
  // Only the donor changes the card; an admin may not.
  'POST /api/subscriptions/:id/card': {
    ...donorsGift,
    admin: 403,
    request: async () => ({ path: `/api/subscriptions/${await freshGift()}/card`, body: { card: accessCard } }),
  },
  'POST /api/subscriptions/:id/test-renewal': {
    ...adminOnly,
    request: async () => ({ path: `/api/subscriptions/${await freshGift()}/test-renewal` }),
  },
  // Whoever holds a gift's manage link, signed in or not.
  'GET /api/subscriptions/link/:token': { ...anyone, request: async () => ({ path: `/api/subscriptions/link/${await giftLink()}` }) },
  'PUT /api/subscriptions/link/:token': {
    ...anyone,
    request: async () => ({ path: `/api/subscriptions/link/${await giftLink()}`, body: { action: 'pause', months: 1 } }),
  },
  'POST /api/subscriptions/link/:token/card': {
    ...anyone,
    request: async () => ({ path: `/api/subscriptions/link/${await giftLink()}/card`, body: { card: accessCard } }),
  },

  'GET /api/health': { ...anyone },

  'GET /api/events': { ...anyone },
  'GET /api/events/:id': { ...anyone, request: () => ({ path: `/api/events/${eventId}` }) },
  'POST /api/events': { ...adminOnly, request: () => ({ path: '/api/events', body: eventBody('Food bank sorting') }) },
  'PUT /api/events/:id': {
    ...adminOnly,
    request: async () => ({ path: `/api/events/${(await insertEvent(t.app.db)).id}`, body: eventBody('Food bank sorting, moved') }),
  },
  'DELETE /api/events/:id': { ...adminOnly, request: async () => ({ path: `/api/events/${(await insertEvent(t.app.db)).id}` }) },
  'GET /api/events/:id/shifts': { ...anyone, request: () => ({ path: `/api/events/${eventId}/shifts` }) },
  'POST /api/events/:id/shifts': {
    ...adminOnly,
    request: async () => {
      const row = await insertEvent(t.app.db);
      return { path: `/api/events/${row.id}/shifts`, body: { role: 'Driver', startsAt: `${row.date}T08:00`, endsAt: `${row.date}T10:00` } };
    },
  },
  'PUT /api/shifts/:id': {
    ...adminOnly,
    request: async () => ({
      path: `/api/shifts/${(await insertShift(t.app.db, await insertEvent(t.app.db))).id}`,
      body: { role: 'Packer' },
    }),
  },
  'DELETE /api/shifts/:id': {
    ...adminOnly,
    request: async () => ({ path: `/api/shifts/${(await insertShift(t.app.db, await insertEvent(t.app.db))).id}` }),
  },
  'POST /api/events/:id/copy': {
    ...adminOnly,
    request: async () => ({ path: `/api/events/${(await insertEvent(t.app.db)).id}/copy`, body: { date: dayFrom(new Date(), 30) } }),
  },
  'POST /api/events/:id/repeat': {
    ...adminOnly,
    request: async () => ({ path: `/api/events/${(await insertEvent(t.app.db)).id}/repeat`, body: { weeks: 2 } }),
  },
  'GET /api/events/:id/questions': { ...adminOnly, request: () => ({ path: `/api/events/${eventId}/questions` }) },
  'PUT /api/events/:id/questions': {
    ...adminOnly,
    request: async () => ({
      path: `/api/events/${(await insertEvent(t.app.db)).id}/questions`,
      body: { questions: [{ id: 'shirt', type: 'choice', label: 'T-shirt size', options: ['S', 'M', 'L'] }] },
    }),
  },
  'PUT /api/events/:id/waiver': {
    ...adminOnly,
    request: async () => ({
      path: `/api/events/${(await insertEvent(t.app.db)).id}/waiver`,
      body: { text: 'I take part at my own risk.' },
    }),
  },
  'DELETE /api/events/:id/waiver': {
    ...adminOnly,
    request: async () => ({ path: `/api/events/${(await insertEvent(t.app.db)).id}/waiver` }),
  },
  'GET /api/events/:id/messages': { ...adminOnly, request: () => ({ path: `/api/events/${eventId}/messages` }) },
  'GET /api/events/:id/messages/audience': {
    ...adminOnly,
    request: () => ({ path: `/api/events/${eventId}/messages/audience?audience=everyone` }),
  },
  'POST /api/events/:id/messages': {
    ...adminOnly,
    request: async () => ({
      path: `/api/events/${(await insertEvent(t.app.db)).id}/messages`,
      body: {
        subject: 'Venue change',
        body: 'We meet at the hall.',
        audience: 'registered',
        sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
  },
  'POST /api/events/:id/messages/test': {
    ...adminOnly,
    request: () => ({ path: `/api/events/${eventId}/messages/test`, body: { subject: 'Venue change', body: 'We meet at the hall.' } }),
  },
  'GET /api/events/:id/messages/after-event': { ...adminOnly, request: () => ({ path: `/api/events/${eventId}/messages/after-event` }) },
  'PUT /api/events/:id/messages/after-event': {
    ...adminOnly,
    request: async () => ({ path: `/api/events/${(await insertEvent(t.app.db)).id}/messages/after-event`, body: { enabled: true } }),
  },
  'DELETE /api/events/:id/messages/:messageId': {
    ...adminOnly,
    request: async () => {
      const scheduled = await insertEvent(t.app.db);
      const [message] = await t.app.db
        .insert(eventMessage)
        .values({
          eventId: scheduled.id,
          audience: 'everyone',
          subject: 'Venue change',
          body: 'We meet at the hall.',
          authorName: 'Ada Admin',
          authorEmail: 'ada@example.org',
          sendAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: eventMessage.id });
      return { path: `/api/events/${scheduled.id}/messages/${message?.id}` };
    },
  },
  'GET /api/site/questions': { ...adminOnly, request: () => ({ path: '/api/site/questions' }) },
  'GET /api/events/:id/waivers': { ...adminOnly, request: () => ({ path: `/api/events/${eventId}/waivers` }) },
  'GET /api/register/:id/waiver': { ...selfOrAdmin, request: () => ({ path: `/api/register/${signed.registrationId}/waiver` }) },
  'GET /api/waivers/:id': { ...selfOrAdmin, request: () => ({ path: `/api/waivers/${signed.signatureId}` }) },
  'PUT /api/register/:id/answers': {
    ...selfOrAdmin,
    request: () => ({ path: `/api/register/${registrationId}/answers`, body: { answers: {} } }),
  },
  'GET /api/events/:id/roster': { ...doorOrAdmin, request: () => ({ path: `/api/events/${eventId}/roster` }) },
  'GET /api/events/:id/roster.csv': { ...doorOrAdmin, request: () => ({ path: `/api/events/${eventId}/roster.csv` }) },
  'GET /api/events/:id/checkins': { ...doorOrAdmin, request: () => ({ path: `/api/events/${eventId}/checkins` }) },
  'GET /api/events/:id/staff': { ...adminOnly, request: () => ({ path: `/api/events/${eventId}/staff` }) },
  'POST /api/events/:id/staff': {
    ...adminOnly,
    request: async () => ({
      path: `/api/events/${(await insertEvent(t.app.db)).id}/staff`,
      body: { email: callers.volunteer.account?.email },
    }),
  },
  'DELETE /api/events/:id/staff/:accountId': {
    ...adminOnly,
    request: async () => {
      const { id } = await insertEvent(t.app.db);
      await t.app.db.insert(eventStaff).values({ eventId: id, accountId: callers.volunteer.account?.id ?? '' });
      return { path: `/api/events/${id}/staff/${callers.volunteer.account?.id}` };
    },
  },
  'GET /api/door/events': { ...signedIn },
  'GET /api/events/:id/calendar.ics': { ...anyone, request: () => ({ path: `/api/events/${eventId}/calendar.ics` }) },

  'GET /api/review': { ...anyone },
  'GET /api/review/:email': { ...selfOrAdmin, request: () => ({ path: `/api/review/${encodeURIComponent(donator().email)}` }) },
  'POST /api/review': {
    ...signedIn,
    request: () => ({ path: '/api/review', body: { message: 'Well run', review: 'A friendly morning.' } }),
  },
  'GET /api/reviews': { ...adminOnly },
  'PATCH /api/review/:id': {
    ...adminOnly,
    request: async () => ({ path: `/api/review/${await donatorsReview()}`, body: { status: 'approved' } }),
  },
  'DELETE /api/review/:id': { ...adminOnly, request: async () => ({ path: `/api/review/${await donatorsReview()}` }) },

  'GET /api/overview': { ...adminOnly },
  'GET /api/outbox': { ...adminOnly },
  'POST /api/outbox/:id/send-again': { ...adminOnly, request: () => ({ path: `/api/outbox/${outboxId}/send-again` }) },

  'GET /api/users/me/email-preferences': { ...signedIn },
  'PUT /api/users/me/email-preferences': {
    ...signedIn,
    request: () => ({ path: '/api/users/me/email-preferences', body: { reminders: true, events: true, notices: false } }),
  },
  // The signed link is the permission (RFC 8058: a mail program calls it with no session).
  'POST /api/mail/unsubscribe': { ...anyone, request: () => ({ path: `/api/mail/unsubscribe?${unsubscribeLink()}` }) },
  'GET /api/mail/unsubscribe': { ...anyone, request: () => ({ path: `/api/mail/unsubscribe?${unsubscribeLink()}` }) },
  'GET /api/mail/subscription': { ...anyone, request: () => ({ path: `/api/mail/subscription?${unsubscribeLink()}` }) },
  'PUT /api/mail/subscription': {
    ...anyone,
    request: () => ({ path: `/api/mail/subscription?${unsubscribeLink()}`, body: { subscribed: true } }),
  },

  // The API reference describes the API and holds no one's data.
  'GET /api/openapi.json': { ...anyone },
  'GET /api/docs': { ...anyone },
  'HEAD /api/docs/': { ...anyone },
  'GET /api/docs/static/index.html': { ...anyone },
  'GET /api/docs/static/swagger-initializer.js': { ...anyone },
  'GET /api/docs/json': { ...anyone },
  'GET /api/docs/yaml': { ...anyone },
  'GET /api/docs/static/*': { ...anyone, request: () => ({ path: '/api/docs/static/swagger-ui.css' }) },
  'HEAD /api/docs/static/*': { ...anyone, request: () => ({ path: '/api/docs/static/swagger-ui.css' }) },

  // The feed's token is the secret a calendar program holds, so the feed needs no session.
  'GET /api/calendar/:token.ics': {
    ...anyone,
    request: async () => ({ path: `/api/calendar/${await calendarTokenOf(t.app.db, donator().id)}.ics` }),
  },
  'GET /api/users/me/calendar': { ...signedIn },
  'POST /api/users/me/calendar': { ...signedIn },

  'POST /api/checkin': {
    ...doorOrAdmin,
    request: async () => ({ path: '/api/checkin', body: { ...(await freshPlace()), key: randomUUID() } }),
  },
  'DELETE /api/checkin/:registrationId': {
    ...doorOrAdmin,
    request: async () => {
      const checkedIn = await freshPlace();
      await call(t, 'POST', '/api/checkin', checkedIn, callers.admin.headers);
      return { path: `/api/checkin/${checkedIn.registrationId}` };
    },
  },
  'PATCH /api/checkin/:registrationId': { ...adminOnly, request: () => ({ path: `/api/checkin/${registrationId}`, body: { hours: 2 } }) },

  'GET /api/impact/:email': { ...selfOrAdmin, request: () => ({ path: `/api/impact/${encodeURIComponent(donator().email)}` }) },
  'GET /api/impact/:email/certificate.pdf': {
    ...selfOrAdmin,
    request: () => ({ path: `/api/impact/${encodeURIComponent(donator().email)}/certificate.pdf` }),
  },

  'GET /api/audit': { ...adminOnly },
  'GET /api/audit.csv': { ...adminOnly },
};

const refusalCodes = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' } as const;

function errorCodeOf(text: string): string | undefined {
  try {
    return errorBodySchema.parse(JSON.parse(text)).error.code;
  } catch {
    return undefined;
  }
}

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const isCoveredElsewhere = (rule: Rule | CoveredElsewhere): rule is CoveredElsewhere => 'coveredBy' in rule;

/**
 * The rule of a route. Fastify adds a HEAD route beside each GET route, with the same guards: it
 * follows its GET route's rule (and is called, to prove the guards came with it), unless it has its own.
 */
function ruleOf(route: { method: string; url: string }): Rule | CoveredElsewhere | undefined {
  const own = rules[key(route)];
  if (own || route.method !== 'HEAD') return own;
  return rules[key({ method: 'GET', url: route.url })];
}

beforeAll(async () => {
  // ADMIN_MFA as in production: the admin caller works as admin only after the second factor.
  ({ t, routes: registered } = await startTestAppRecordingRoutes({ adminMfa: 'required' }));
  // The mail and reminder jobs would change the outbox on their own, between two fingerprints of a
  // refused call; messages stay queued instead (what is sent is the outbox's own tests' concern).
  await t.app.outbox.stop();
  await t.app.reminders.stop();
  callers = await signUpCallers(t);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
  eventId = (await insertEvent(t.app.db, { inDays: 5 })).id;
  await nameDoorStaff(eventId);
  registrationId = await register(t, donator(), eventId);
  signed = await signedRegistration();
  donationId = await donate(t, donator(), eventId);
  noticeId = await freshNotice();
  // A banner: an account's picture would be replaced (and deleted) by the calls that set it.
  const banner = await callAs(t, 'POST', { path: '/api/images', ...picture() }, callers.admin);
  imageId = (JSON.parse(banner.text) as { url: string }).url.split('/').pop() ?? '';
  const [message] = await t.app.db.select({ id: outboxMessage.id }).from(outboxMessage).limit(1);
  outboxId = message?.id ?? '';
  tables = (await publicTables(t.app.db)).filter((name) => !mayChangeWhenRefused.has(name));
});
afterAll(() => t?.close());

describe('the access table', () => {
  it('has a rule for every route the app registers', () => {
    expect(registered.length).toBeGreaterThan(100);
    const missing = registered.filter((route) => !ruleOf(route)).map((route) => `no access rule for ${key(route)}`);
    expect(missing).toEqual([]);
  });

  it('has no rule for a route that no longer exists', () => {
    const routes = new Set(registered.map(key));
    expect(Object.keys(rules).filter((name) => !routes.has(name))).toEqual([]);
  });

  it('names, for each route it does not call, test files that exist', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const elsewhere = Object.entries(rules).filter((entry): entry is [string, CoveredElsewhere] => isCoveredElsewhere(entry[1]));
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const [name, rule] of elsewhere) {
      expect(rule.coveredBy.length, name).toBeGreaterThan(0);
      expect(rule.why, name).not.toBe('');
      for (const file of rule.coveredBy) expect(existsSync(`${root}${file}`), `${name}: ${file}`).toBe(true);
    }
  });

  it('calls as an admin who passed the second factor, with ADMIN_MFA=required as in production', async () => {
    expect(t.config.adminMfa).toBe('required');
    expect(await me(t, callers.admin.headers)).toMatchObject({ role: 'admin', twoFactorEnabled: true, mfaRequired: null });
    expect(await me(t, callers.other.headers)).toMatchObject({ role: 'donator' });
    expect(await me(t, callers.volunteer.headers)).toMatchObject({ role: 'volunteer' });
  });

  it('compares every table in the schema but those a refused call may renew', () => {
    expect(tables).toEqual(expect.arrayContaining(['account', 'event', 'registration', 'donation', 'review', 'notice', 'audit_entry']));
    expect(tables).not.toContain('session');
  });

  it('sees a row added, a row changed and a row removed in the fingerprint', async () => {
    const before = await fingerprint(t.app.db, tables);
    const added = await insertReview(t.app.db, { message: 'Added' });
    const withRow = await fingerprint(t.app.db, tables);
    const reviews = before.review?.rows ?? 0;
    expect(changedTables(before, withRow)).toContain(`review: ${reviews} rows → ${reviews + 1} rows`);
    await t.app.db.update(review).set({ message: 'Changed' }).where(eq(review.id, added.id));
    const changed = await fingerprint(t.app.db, tables);
    expect(changed.review?.rows).toBe(withRow.review?.rows);
    expect(changedTables(withRow, changed)).toEqual([`review: ${reviews + 1} rows → ${reviews + 1} rows`]);
    await t.app.db.delete(review).where(eq(review.id, added.id));
    // The review table is as it was (the running totals keep a row for the new status, at zero).
    expect((await fingerprint(t.app.db, tables)).review).toEqual(before.review);
  });
});

/**
 * Those a route lets through are called first, so that a reply the app keeps in memory for them
 * (`config.cache`) is there to be wrongly given to the callers refused after them.
 */
const callOrder: readonly CallerName[] = ['admin', 'doorStaff', 'donator', 'volunteer', 'other', 'anonymous'];

/** Routes called so far, and how many calls (cells) were made and refused. */
const checked = new Set<string>();
let cells = 0;
let refusedCells = 0;

/** Calls one route as each caller: what went against its rule, if anything. */
async function checkRoute(route: { method: string; url: string }, rule: Rule): Promise<string[]> {
  const problems: string[] = [];
  checked.add(key(route));
  for (const name of callOrder) {
    const expected = rule[name];
    const caller = rule.endsCaller && name !== 'anonymous' ? await signUpCaller(t, name) : callers[name];
    const request = rule.request ? await rule.request(caller) : { path: route.url };
    const cell = `${key(route)} as ${name}`;
    cells += 1;
    if (expected === 'ok') {
      const answer = await callAs(t, route.method, request, caller);
      if (answer.status < 200 || answer.status >= 400)
        problems.push(`${cell}: expected to be let through, got ${answer.status} ${answer.text.slice(0, 160)}`);
      continue;
    }
    refusedCells += 1;
    const before = await fingerprint(t.app.db, tables);
    const answer = await callAs(t, route.method, request, caller);
    const after = await fingerprint(t.app.db, tables);
    if (answer.status !== expected) problems.push(`${cell}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 160)}`);
    // The error body says why (a HEAD answer has no body): never mfa_required, as the admin passed the second factor.
    if (route.method !== 'HEAD' && answer.status === expected && errorCodeOf(answer.text) !== refusalCodes[expected])
      problems.push(`${cell}: ${expected} without the error code ${refusalCodes[expected]}: ${answer.text.slice(0, 160)}`);
    const changed = changedTables(before, after);
    if (changed.length > 0) problems.push(`${cell}: refused, yet changed ${changed.join(', ')}`);
  }
  return problems;
}

describe('every route, called as each of six callers: whom it lets through, and that a refused call changes nothing', () => {
  for (const [name, rule] of Object.entries(rules)) {
    if (isCoveredElsewhere(rule)) continue;
    const [method = '', url = ''] = name.split(' ');
    it(name, async () => {
      const problems = await checkRoute({ method, url }, rule);
      // Fastify's HEAD twin of a GET route, with the same guards, follows the same rule.
      const twin = { method: 'HEAD', url };
      if (method === 'GET' && !rules[key(twin)] && registered.some((route) => key(route) === key(twin)))
        problems.push(...(await checkRoute(twin, rule)));
      expect(problems).toEqual([]);
    });
  }

  it('called every route the app registers that has a rule to call it by', () => {
    const uncalled = registered.filter((route) => {
      const rule = ruleOf(route);
      return rule && !isCoveredElsewhere(rule) && !checked.has(key(route));
    });
    expect(uncalled.map(key)).toEqual([]);
    console.info(`access matrix: ${checked.size} routes called, ${cells} calls (${refusedCells} refused)`);
    expect(cells).toBe(checked.size * callerNames.length);
    expect([...callOrder].sort()).toEqual([...callerNames].sort());
  });
});
