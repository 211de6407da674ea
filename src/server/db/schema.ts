import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Answers, Question } from '../../shared/questions.ts';
import type { EventWaiver } from '../../shared/waivers.ts';

/**
 * The whole data model. Accounts, sessions, credentials and verifications follow the shape the
 * sign-in library expects (its "user", "session", "account" and "verification" models), under the
 * product's own names; the rest are the product's records (spec section 3, DECISIONS.md section 3).
 *
 * The admin lists page through tens of thousands of rows: an index on a list's sort key (`*_sort_idx`,
 * the key then the id that breaks ties) lets `ORDER BY … LIMIT` read just one page, and a trigram
 * index (`*_trgm_idx`, pg_trgm) lets a substring search (`ILIKE '%text%'`) skip the rows that cannot match.
 */

/**
 * Trigram indexes write each new row straight into the index rather than into a pending list: the
 * embedded database has no autovacuum to merge that list, and every search would read it whole.
 */
const trigramIndexOptions = { fastupdate: false };

export const role = pgEnum('role', ['donator', 'volunteer', 'admin']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A person who signs in: the sign-in library's "user", plus the profile and role of the product. */
export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: role('role').notNull().default('donator'),
    address: text('address'),
    age: text('age'),
    education: text('education'),
    occupation: text('occupation'),
    /** Email preferences (the profile page): the day-before reminders, changes to events, new notices (opt-in). */
    emailReminders: boolean('email_reminders').notNull().default(true),
    emailEvents: boolean('email_events').notNull().default(true),
    emailNotices: boolean('email_notices').notNull().default(false),
    /** The language the person chose to read the product and its mail in ('en', 'bn'); null: not chosen. */
    language: text('language'),
    /** The secret in the address of the person's calendar feed (GET /api/calendar/{token}.ics); null until first asked for. */
    calendarToken: text('calendar_token').unique(),
    /** Two-step sign-in (an authenticator app's codes) is on: a password sign-in then asks for a code. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * When a password was first set through a link mailed to the address (or a sign-in provider made
     * the account, vouching for the address): proof that the mailbox owner holds the account, which
     * ADMIN_EMAILS asks before it makes an account admin. Null until then.
     */
    mailboxProvenAt: timestamp('mailbox_proven_at', { withTimezone: true }),
    /** The last authenticator time-step (30 s) whose code was accepted: each step's code works once. */
    totpLastStep: integer('totp_last_step'),
    ...timestamps,
  },
  (t) => [
    index('account_name_sort_idx').on(sql`lower(${t.name})`, t.id),
    index('account_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(trigramIndexOptions),
    index('account_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with(trigramIndexOptions),
    check('account_language_known', sql`${t.language} is null or ${t.language} in ('en', 'bn')`),
  ],
);

/** A way to sign in to an account: a password, or a link to an identity provider. */
export const credential = pgTable(
  'credential',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('credential_user_id_idx').on(t.userId), uniqueIndex('credential_provider_account_uq').on(t.providerId, t.accountId)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** This session passed the second factor (a code at sign-in, or one entered since): admin calls need it. */
    secondFactor: boolean('second_factor').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/**
 * An account's authenticator app: its secret and the unused recovery codes, both encrypted with the
 * auth secret. `verified` turns true once a code from the app has been entered.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('two_factor_user_id_uq').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * A charity event. `date` is a calendar day; `time` a local wall-clock time when the event has one;
 * `endAt` the wall-clock end, in the site's time zone like the start. `capacity` is the number of
 * volunteer places (null: unlimited); registrations beyond it wait on the waitlist.
 */
export const event = pgTable(
  'event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    index: serial('index').notNull(),
    key: text('key').notNull().default(sql`gen_random_uuid()::text`),
    title: text('title').notNull(),
    desc: text('desc').notNull(),
    banner: text('banner').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: time('time', { precision: 0 }),
    location: text('location'),
    endAt: timestamp('end_at', { precision: 0, mode: 'string' }),
    capacity: integer('capacity'),
    /** What the organisation hopes to raise for it, in minor units of the site's currency (cents; yen for JPY); null: no goal shown. */
    goalCents: integer('goal_cents'),
    /** The minutes each person who came is credited with, set by an admin; null: its start to its end. */
    hoursMinutes: integer('hours_minutes'),
    /** How long before its start the door may check people in (until its end), in minutes. */
    checkinOpensMinutes: integer('checkin_opens_minutes').notNull().default(120),
    /** What registering asks (shared/questions.ts): `[{ id, type, label, required, options, staffOnly, sensitive }]`. */
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    /** The waiver registering asks people to sign, as it reads now (its versions in `waiver_version`); null: none. */
    waiver: jsonb('waiver').$type<EventWaiver>(),
    ...timestamps,
  },
  (t) => [
    check('event_capacity_positive', sql`${t.capacity} is null or ${t.capacity} >= 1`),
    check('event_goal_positive', sql`${t.goalCents} is null or ${t.goalCents} >= 1`),
    check('event_hours_minutes_range', sql`${t.hoursMinutes} is null or ${t.hoursMinutes} between 0 and 1440`),
    check('event_checkin_opens_range', sql`${t.checkinOpensMinutes} between 0 and 1440`),
    // Events begun before today that end later (several days long): found by their end, not by a scan.
    index('event_end_at_idx').on(t.endAt).where(sql`${t.endAt} is not null`),
    index('event_date_idx').on(t.date, t.time, t.id),
    index('event_title_sort_idx').on(sql`lower(${t.title})`, t.id),
    index('event_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with(trigramIndexOptions),
  ],
);

/**
 * A shift of an event: a role (a short name, 'Driver'), when it starts and ends (wall clock in the site's
 * time zone, like the event's end) and its own places (`capacity`, null: unlimited). A person may take
 * several shifts of one event when they do not overlap; each is a registration of its own, with its own
 * waitlist. An event without shifts has one pool of places, its `capacity`.
 */
export const shift = pgTable(
  'shift',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { precision: 0, mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { precision: 0, mode: 'string' }).notNull(),
    capacity: integer('capacity'),
    ...timestamps,
  },
  (t) => [
    check('shift_capacity_positive', sql`${t.capacity} is null or ${t.capacity} >= 1`),
    check('shift_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('shift_event_starts_idx').on(t.eventId, t.startsAt, t.id),
    // Tomorrow's shifts, for their reminders, whatever their events' dates.
    index('shift_starts_idx').on(t.startsAt),
  ],
);

/**
 * The people who may run an event's door and read its roster without being admins (door staff and
 * shift leads): nothing else of the dashboard opens to them.
 */
export const eventStaff = pgTable(
  'event_staff',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.accountId] }), index('event_staff_account_idx').on(t.accountId)],
);

export const registrationStatus = pgEnum('registration_status', ['registered', 'waitlisted']);

/**
 * An account's sign-up as a volunteer for an event: one per account and event. A registration made
 * when the event is full is `waitlisted`, with its `position` (1 is next); it moves up when a place frees.
 * At the door an admin checks the person in (`checked_in_at`, by whom, and the key the admin's phone
 * gave that check-in, so the same check-in sent again is recognised); `hours_minutes` is the admin's
 * own figure for this person, in place of the event's.
 */
export const registration = pgTable(
  'registration',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    /** The shift taken, on an event staffed by shifts (each with its own places and waitlist); null: the event's own places. */
    shiftId: uuid('shift_id').references(() => shift.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    image: text('image'),
    role: role('role'),
    status: registrationStatus('status').notNull().default('registered'),
    position: integer('position'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by').references(() => account.id, { onDelete: 'set null' }),
    checkinKey: uuid('checkin_key'),
    hoursMinutes: integer('hours_minutes'),
    /** The person's answers to the event's questions, keyed by question id; null: none asked or given. */
    answers: jsonb('answers').$type<Answers>(),
    /** The waiver the person signed registering (one signature for all their shifts of the event); null: none asked. */
    waiverSignatureId: uuid('waiver_signature_id').references(() => waiverSignature.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('registration_hours_minutes_range', sql`${t.hoursMinutes} is null or ${t.hoursMinutes} between 0 and 1440`),
    // One registration per person and event, or, on an event staffed by shifts, per person and shift.
    uniqueIndex('registration_account_event_uq').on(t.accountId, t.eventId).where(sql`${t.shiftId} is null`),
    uniqueIndex('registration_account_shift_uq').on(t.accountId, t.shiftId).where(sql`${t.shiftId} is not null`),
    index('registration_event_status_idx').on(t.eventId, t.status, t.position),
    index('registration_shift_status_idx').on(t.shiftId, t.status, t.position).where(sql`${t.shiftId} is not null`),
    index('registration_account_id_idx').on(t.accountId),
    index('registration_event_id_idx').on(t.eventId),
    index('registration_waiver_signature_idx').on(t.waiverSignatureId).where(sql`${t.waiverSignatureId} is not null`),
    index('registration_created_at_idx').on(t.createdAt, t.id),
    index('registration_name_sort_idx').on(sql`lower(${t.name})`, t.id),
    index('registration_email_idx').on(t.email, t.id),
    index('registration_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(trigramIndexOptions),
    index('registration_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with(trigramIndexOptions),
  ],
);

/**
 * Each text an event's waiver has had: version 1, 2, … (a new one for every change), with a SHA-256 of
 * the text. Kept when the event is deleted: signatures name it.
 */
export const waiverVersion = pgTable(
  'waiver_version',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    textHash: text('text_hash').notNull(),
    createdBy: text('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waiver_version_event_uq').on(t.eventId, t.version)],
);

/**
 * A signed waiver: a record kept like a donation. It outlives the registration, the account (its email
 * then a placeholder, shown as 'Deleted account') and the event (whose title it keeps).
 */
export const waiverSignature = pgTable(
  'waiver_signature',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    waiverVersionId: uuid('waiver_version_id')
      .notNull()
      .references(() => waiverVersion.id, { onDelete: 'restrict' }),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'set null' }),
    eventTitle: text('event_title').notNull(),
    accountId: text('account_id').references(() => account.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    signedName: text('signed_name').notNull(),
    guardianName: text('guardian_name'),
    /** The network address the signature came from. */
    address: text('address').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waiver_signature_event_idx').on(t.eventId, t.signedAt), index('waiver_signature_account_idx').on(t.accountId)],
);

/**
 * A confirmed card payment. A financial record: it outlives the account and the event that it
 * names, so it keeps their email, title and banner as they were, and is unique per payment.
 */
/**
 * A monthly gift (DECISIONS §5.7): its donor's card charged once a month through the gateway, each payment
 * a donation. `period` is the number of the payment due next (1 is the first); a payment recorded for a
 * period moves it on in the same transaction, so each month is charged and recorded once.
 */
export const subscription = pgTable(
  'subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').references(() => account.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'set null' }),
    /** The event's title when the gift began (kept when the event goes), or null for a gift to the organisation. */
    eventTitle: text('event_title'),
    /** `incomplete` until its first payment succeeds (never listed), then active, paused, cancelled or ended. */
    status: text('status').notNull().default('incomplete'),
    gateway: text('gateway').notNull(),
    /** The provider's own subscription (Stripe's `sub_…`); null in test mode. */
    gatewayId: text('gateway_id').unique(),
    /** Donor, attempt, amount, currency and event: the same start again is the same gift. */
    startKey: text('start_key').notNull().unique(),
    period: integer('period').notNull().default(1),
    /** When the first payment was made: later payments fall on the same day of each month. */
    anchorAt: timestamp('anchor_at', { withTimezone: true }),
    nextPaymentAt: timestamp('next_payment_at', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Refused tries of the payment due; four ends the gift. */
    failedTries: integer('failed_tries').notNull().default(0),
    last4: text('last4'),
    /** What later payments are taken from: Stripe's payment method, or in test mode one of Stripe's published test card numbers. */
    paymentMethod: text('payment_method'),
    /** Counts changes, so each change's confirmation is sent once. */
    version: integer('version').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The admin who cancelled it, when one did. */
    endedBy: text('ended_by').references(() => account.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // The renewals due: read by the renewal job in test mode.
    index('subscription_due_idx').on(t.nextPaymentAt).where(sql`${t.status} in ('active', 'paused')`),
    index('subscription_account_idx').on(t.accountId),
    index('subscription_created_at_idx').on(t.createdAt, t.id),
    index('subscription_email_idx').on(t.email),
  ],
);

export const donation = pgTable(
  'donation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentCreatedAt: timestamp('payment_created_at', { withTimezone: true }).notNull(),
    transaction: text('transaction').notNull().unique(),
    last4: text('last4'),
    accountId: text('account_id').references(() => account.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'set null' }),
    eventTitle: text('event_title').notNull(),
    eventBanner: text('event_banner').notNull(),
    /** The monthly gift this payment was one month of, or null for a single donation. */
    subscriptionId: uuid('subscription_id').references(() => subscription.id, { onDelete: 'set null' }),
    /** Given back: when, by whom (null when through the provider's own dashboard), and the provider's refund. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: text('refunded_by').references(() => account.id, { onDelete: 'set null' }),
    refundId: text('refund_id'),
    /** What the kept totals group donations by (row_total, migration 0011): the currency, and ':refunded' once given back. */
    tally: text('tally').generatedAlwaysAs(sql`currency || case when refunded_at is null then '' else ':refunded' end`),
    ...timestamps,
  },
  (t) => [
    index('donation_email_idx').on(t.email),
    index('donation_subscription_idx').on(t.subscriptionId),
    // An event's progress: what its donations raised, refunds left out.
    index('donation_event_idx').on(t.eventId, t.currency).where(sql`${t.refundedAt} is null`),
    index('donation_created_at_idx').on(t.createdAt, t.id),
    index('donation_event_title_sort_idx').on(sql`lower(${t.eventTitle})`, t.id),
    index('donation_amount_sort_idx').on(t.amountCents, t.id),
    index('donation_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with(trigramIndexOptions),
    index('donation_event_title_trgm_idx').using('gin', t.eventTitle.op('gin_trgm_ops')).with(trigramIndexOptions),
    index('donation_transaction_trgm_idx').using('gin', t.transaction.op('gin_trgm_ops')).with(trigramIndexOptions),
  ],
);

/** A payment provider's notification, kept so that each is handled once. */
export const paymentEvent = pgTable('payment_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reviewStatus = pgEnum('review_status', ['pending', 'approved', 'hidden']);

/** A review reaches the public pages only once an admin has approved it (`status`). */
export const review = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').references(() => account.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    img: text('img'),
    message: text('message').notNull(),
    review: text('review').notNull(),
    status: reviewStatus('status').notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    index('review_created_at_idx').on(t.createdAt, t.id),
    index('review_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('review_email_idx').on(t.email),
  ],
);

/**
 * How many rows a table has (and, for donations, their sum in cents), kept by statement triggers
 * (migration 0010) so that a list's `X-Total-Count` is read, not counted: counting a million
 * registrations took longer than the page itself. `name` is the table, or `table:status` for the
 * lists shown by status. Each connection adds to its own `slot` (its backend's number modulo 8), so
 * concurrent writers do not queue on one row; a total is the sum of its slots. Derived from the
 * rows, so backups leave it out and a restore rebuilds it.
 */
export const rowTotal = pgTable(
  'row_total',
  {
    name: text('name').notNull(),
    slot: integer('slot').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);

export const notice = pgTable(
  'notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').references(() => account.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    img: text('img'),
    notice: text('notice').notNull(),
    ...timestamps,
  },
  (t) => [index('notice_created_at_idx').on(t.createdAt, t.id)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A picture people uploaded (profile pictures, event banners), already re-encoded by the server.
 * Kept in the database so that every app instance can serve it.
 */
export const image = pgTable('image', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by').references(() => account.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The organisation's own details (name, contact, time zone, policies …), edited by admins: one row,
 * its `settings` checked by the shared schema on every write and read (src/shared/site.ts).
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    updatedBy: text('updated_by').references(() => account.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

/** Values the app generates once and every instance shares (the session-signing secret). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment of the built-in test-mode gateway (used when no Stripe keys are set). Shaped like a
 * Stripe PaymentIntent; it never holds more of a card than its last four digits.
 */
export const testPayment = pgTable('test_payment', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  last4: text('last4'),
  /** The card paid with, kept only when it is one of Stripe's published test cards: what a monthly gift's later payments use. */
  paymentMethod: text('payment_method'),
  failureMessage: text('failure_message'),
  metadata: text('metadata').notNull(),
  /** The refund of this payment, once given back (one per payment, as the product asks for the whole amount). */
  refundId: text('refund_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const outboxStatus = pgEnum('outbox_status', ['queued', 'sending', 'sent', 'failed', 'logged']);

/**
 * A message to send, written in the same transaction as the change that causes it, so it is never
 * lost when the process dies; `key` makes it once per cause (a second insert with the same key is
 * ignored). The outbox worker sends it, with retries; without SMTP it is written to the log ('logged').
 */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** JSON: `[{ filename, contentType, content (base64) }]`. */
    attachments: text('attachments').notNull().default('[]'),
    /** JSON: extra headers (`List-Unsubscribe`, …). */
    headers: text('headers').notNull().default('{}'),
    /**
     * JSON: what its template (`kind`) needs to write the message, while it waits to be written; null
     * once written (subject, html, text, attachments and headers then hold the message). The worker
     * writes it after the commit that queued it (docs/decisions/040-messages-rendered-after-commit.md).
     */
    input: text('input'),
    status: outboxStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: until when this claim holds; after it, another instance may take the message. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The message to many people this copy belongs to (`event-message:<id>`), so its copies are counted
     * by status through an index; null for a message to one person.
     */
    source: text('source'),
    ...timestamps,
  },
  (t) => [
    index('outbox_message_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_message_source_idx').on(t.source, t.status).where(sql`${t.source} is not null`),
    index('outbox_message_created_at_idx').on(t.createdAt, t.id),
    index('outbox_message_to_trgm_idx').using('gin', t.to.op('gin_trgm_ops')).with(trigramIndexOptions),
    index('outbox_message_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')).with(trigramIndexOptions),
  ],
);

export const eventMessageAudience = pgEnum('event_message_audience', ['registered', 'waitlisted', 'checkedIn', 'notCheckedIn', 'everyone']);
export const eventMessageStatus = pgEnum('event_message_status', ['scheduled', 'sending', 'sent', 'cancelled']);

/**
 * A message an admin wrote to an event's people (issue 34, docs/decisions/053): kept as written, sent
 * at `send_at` by the job in src/server/features/event-messages/job.ts, which queues one outbox copy
 * per person (`outbox_message.source` = `event-message:<id>`). `scheduled` until its time, `sending`
 * while its copies are queued, `sent` once all are, or `cancelled` before it started.
 */
export const eventMessage = pgTable(
  'event_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    /**
     * One shift's people only. No foreign key: a deleted shift's message keeps naming it (and its
     * role and start below), and one still scheduled then reaches nobody, as the shift has no people.
     */
    shiftId: uuid('shift_id'),
    shiftRole: text('shift_role'),
    shiftStartsAt: text('shift_starts_at'),
    audience: eventMessageAudience('audience').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    authorId: text('author_id').references(() => account.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: eventMessageStatus('status').notNull().default('scheduled'),
    /** People it reaches: counted when written, and again when it goes. */
    recipients: integer('recipients').notNull().default(0),
    /** People in the audience who turned event updates off, left out. */
    leftOut: integer('left_out').notNull().default(0),
    /** When every copy was queued. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /**
     * One of the event's after-event messages (`thankYou`, `missedYou`: the product's words, in each
     * person's language, the day after the event), each once per event; null: written by an admin.
     */
    kind: text('kind'),
    ...timestamps,
  },
  (t) => [
    index('event_message_due_idx').on(t.status, t.sendAt),
    index('event_message_event_idx').on(t.eventId, t.createdAt),
    uniqueIndex('event_message_after_event_uq').on(t.eventId, t.kind).where(sql`${t.kind} is not null`),
  ],
);

/**
 * What admins did and which personal data they read in bulk (DECISIONS.md §4.3): who (the account,
 * and its email and role as they were, kept when the account goes), when, what, to which record, and
 * from where. Written by src/server/features/audit; kept for AUDIT_RETENTION_DAYS.
 */
export const auditEntry = pgTable(
  'audit_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => account.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorRole: role('actor_role').notNull(),
    /** A short stable name: `event.delete`, `account.role`, `export.registrations.csv`, … */
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    /** The record as a person would name it (an event's title, an account's email), as it was. */
    targetLabel: text('target_label'),
    /** What changed (e.g. `{ from, to }` of a role); never secrets or message bodies. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The client's address as the server sees it (X-Forwarded-For only with TRUST_PROXY). */
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_entry_at_idx').on(t.at, t.id),
    index('audit_entry_action_idx').on(t.action, t.at, t.id),
    index('audit_entry_actor_email_idx').on(t.actorEmail, t.at, t.id),
    index('audit_entry_actor_id_idx').on(t.actorId),
    index('audit_entry_action_trgm_idx').using('gin', t.action.op('gin_trgm_ops')).with(trigramIndexOptions),
    index('audit_entry_actor_email_trgm_idx').using('gin', t.actorEmail.op('gin_trgm_ops')).with(trigramIndexOptions),
    index('audit_entry_target_label_trgm_idx').using('gin', t.targetLabel.op('gin_trgm_ops')).with(trigramIndexOptions),
  ],
);
