import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { loadConfig } from '../config.ts';
import { backupDatabase } from '../db/backup.ts';
import { derivedTable } from '../db/catalog.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { seedDemoContent } from '../db/seed.ts';
import { insertEvent } from './factories.ts';
import { createTestDatabase } from './test-database.ts';

/** For the backup tests: a database with rows in every table, backed up once, and ways to compare copies of it. */

export const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  // Kept by triggers from the other tables' rows: never in a backup, rebuilt by a restore.
  .filter((name) => name !== derivedTable)
  .sort();

/** A picture's bytes: every byte value, then enough noise that rows are fetched and inserted a few at a time. */
const smallPicture = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
export const largePicture = randomBytes(1536 * 1024);
const awkward = 'Zoë "Zed" O\'Brien \\ 🎉\n\tsecond line, ‘quotes’ and \u2028 too';

/** Rows in every table of the schema, with the values a copy most easily gets wrong. */
export async function fillEveryTable(db: Database) {
  await seedDemoContent(db);
  const tag = randomBytes(4).toString('hex');
  const people = (['admin', 'volunteer', 'donator'] as const).map((role, i) => ({
    id: `acct-${tag}-${i}`,
    name: i === 0 ? awkward : `Person ${i}`,
    email: `person${i}-${tag}@example.org`,
    emailVerified: i === 0,
    role,
    address: i === 1 ? '1 Long Road\nSecond Town' : null,
    age: '34',
    calendarToken: i === 1 ? `cal-${tag}` : null,
  }));
  await db.insert(schema.account).values(people);
  await db.execute(sql`update account set created_at = '2026-03-04 05:06:07.123456+00' where id = ${people[0]!.id}`);
  await db.insert(schema.credential).values(
    people.map((p, i) => ({
      id: `cred-${tag}-${i}`,
      accountId: p.id,
      providerId: 'credential',
      userId: p.id,
      password: `hash:${i}:${tag}`,
    })),
  );
  await db.insert(schema.session).values({
    id: `sess-${tag}`,
    token: `token-${tag}`,
    userId: people[1]!.id,
    expiresAt: new Date(Date.now() + 86_400_000),
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
  });
  await db.insert(schema.verification).values({ id: `ver-${tag}`, identifier: people[2]!.email, value: 'code', expiresAt: new Date() });
  // An admin's second factor: its secret and recovery codes must come back exactly.
  await db.insert(schema.twoFactor).values({
    id: `2fa-${tag}`,
    secret: `secret-${tag}`,
    backupCodes: `codes-${tag}`,
    userId: people[0]!.id,
    failedVerificationCount: 2,
    lockedUntil: new Date('2030-01-01T00:00:00Z'),
  });
  const event = await insertEvent(db, { title: awkward, time: '14:30:00', location: awkward, endAt: '2030-01-02 17:45:00', capacity: 2 });
  // A deleted event used an index: a restored database must not hand it out again.
  await db.delete(schema.event).where(eq(schema.event.id, (await insertEvent(db)).id));
  await db.insert(schema.registration).values(
    people.map((p, i) => ({
      accountId: p.id,
      eventId: event.id,
      name: p.name,
      email: p.email,
      role: p.role,
      image: null,
      ...(i === 2 ? { status: 'waitlisted' as const, position: 1 } : {}),
    })),
  );
  // A shift with a registration of its own, and a person who may run the event's door.
  const [driving] = await db
    .insert(schema.shift)
    .values({
      eventId: event.id,
      role: awkward,
      description: awkward,
      startsAt: '2030-01-01 08:00:00',
      endsAt: '2030-01-01 10:30:00',
      capacity: 3,
    })
    .returning();
  // The event's waiver, signed with that registration.
  const [version] = await db
    .insert(schema.waiverVersion)
    .values({ eventId: event.id, version: 1, text: awkward, textHash: 'a'.repeat(64), createdBy: people[0]!.id })
    .returning();
  const [signature] = await db
    .insert(schema.waiverSignature)
    .values({
      waiverVersionId: version!.id,
      eventId: event.id,
      eventTitle: awkward,
      accountId: people[0]!.id,
      email: people[0]!.email,
      signedName: awkward,
      address: '203.0.113.7',
    })
    .returning();
  await db
    .update(schema.event)
    .set({ waiver: { version: 1, text: awkward } })
    .where(eq(schema.event.id, event.id));
  await db.insert(schema.registration).values({
    accountId: people[0]!.id,
    eventId: event.id,
    shiftId: driving!.id,
    name: people[0]!.name,
    email: people[0]!.email,
    role: people[0]!.role,
    image: null,
    answers: { shirt: awkward },
    waiverSignatureId: signature!.id,
  });
  await db.insert(schema.eventStaff).values({ eventId: event.id, accountId: people[1]!.id, addedBy: people[0]!.id });
  const [gift] = await db
    .insert(schema.subscription)
    .values({
      accountId: people[2]!.id,
      email: people[2]!.email,
      amountCents: 3000,
      currency: 'usd',
      eventId: event.id,
      eventTitle: event.title,
      status: 'active',
      gateway: 'test',
      startKey: `${tag}:monthly`,
      period: 2,
      anchorAt: new Date(),
      nextPaymentAt: new Date(Date.now() + 30 * 86_400_000),
      last4: '4242',
      paymentMethod: 'pm_card_visa',
    })
    .returning();
  await db.insert(schema.donation).values([
    {
      amountCents: 3000,
      paymentCreatedAt: new Date(),
      transaction: `pi_${tag}_1`,
      last4: '4242',
      accountId: people[2]!.id,
      email: people[2]!.email,
      eventId: event.id,
      eventTitle: event.title,
      eventBanner: event.banner,
      subscriptionId: gift!.id,
    },
    {
      amountCents: 1250,
      paymentCreatedAt: new Date(),
      transaction: `pi_${tag}_2`,
      email: 'gone@example.org',
      eventTitle: 'An event since deleted',
      eventBanner: '/images/events/food-bank.svg',
    },
  ]);
  await db.insert(schema.paymentEvent).values({ id: `evt_${tag}`, type: 'payment_intent.succeeded' });
  await db.insert(schema.review).values({
    accountId: people[1]!.id,
    email: people[1]!.email,
    name: awkward,
    message: 'Thanks',
    review: 'Great day',
    status: 'approved',
  });
  // Past a thousand rows: batches on both sides of the copy.
  await db.execute(sql`insert into review (email, name, message, review)
                       select 'bulk' || g || '@example.org', 'Bulk reviewer ' || g, 'Message ' || g, 'Review ' || g from generate_series(1, 2500) g`);
  await db.insert(schema.notice).values({ accountId: people[0]!.id, email: people[0]!.email, name: people[0]!.name, notice: awkward });
  await db.insert(schema.image).values([
    { contentType: 'image/png', bytes: smallPicture, width: 16, height: 32, uploadedBy: people[0]!.id },
    { contentType: 'image/webp', bytes: largePicture, width: 1600, height: 1200, uploadedBy: null },
    { contentType: 'image/webp', bytes: largePicture.subarray(1000), width: 1500, height: 1100, uploadedBy: people[1]!.id },
  ]);
  await db.insert(schema.appSetting).values({ key: 'auth_secret', value: randomBytes(32).toString('base64') });
  // The demo content stored settings already: replaced by values a copy most easily gets wrong.
  await db.update(schema.siteSettings).set({ settings: { name: awkward, nested: { list: [1, 'two', null] } }, updatedBy: people[0]!.id });
  await db.insert(schema.outboxMessage).values({
    key: `test:${tag}`,
    kind: 'test',
    to: people[0]!.email,
    subject: awkward.slice(0, 60),
    html: `<p>${awkward}</p>`,
    text: awkward,
    attachments: JSON.stringify([{ filename: 'a.ics', contentType: 'text/calendar', content: 'QkVHSU4=' }]),
    status: 'failed',
    attempts: 8,
    lastError: '451 Mailbox temporarily unavailable',
    source: `event-message:${tag}`,
  });
  // A message to the event's people, still scheduled, for one shift.
  await db.insert(schema.eventMessage).values({
    eventId: event.id,
    shiftId: driving!.id,
    shiftRole: awkward,
    shiftStartsAt: '2026-12-05T09:00',
    audience: 'notCheckedIn',
    subject: awkward,
    body: `${awkward}\n\n${awkward}`,
    authorId: people[0]!.id,
    authorName: awkward,
    authorEmail: people[0]!.email,
    sendAt: new Date(Date.now() + 86_400_000),
    recipients: 1,
    leftOut: 1,
  });
  await db.insert(schema.auditEntry).values([
    {
      actorId: people[0]!.id,
      actorEmail: people[0]!.email,
      actorRole: 'admin',
      action: 'event.update',
      targetKind: 'event',
      targetId: event.id,
      targetLabel: awkward,
      details: { from: awkward, nested: { list: [1, 'two', null] } },
      address: '203.0.113.7',
      userAgent: awkward,
    },
    // The account it was is gone: who it was stays.
    { actorId: null, actorEmail: 'gone@example.org', actorRole: 'admin', action: 'outbox.read' },
  ]);
  await db.insert(schema.testPayment).values({
    id: `pi_test_${tag}`,
    clientSecret: `pi_test_${tag}_secret`,
    idempotencyKey: `idem-${tag}`,
    amountCents: 3000,
    currency: 'usd',
    status: 'succeeded',
    last4: '4242',
    metadata: JSON.stringify({ eventId: event.id, note: awkward }),
  });
}

/**
 * Every table's rows as PostgreSQL writes them out (every column, to the microsecond), in a fixed order;
 * or, given `columns`, only those tables and columns.
 */
export async function contents(db: Database, columns?: Map<string, string[]>): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const tables = columns
      ? [...columns.keys()]
      : (
          (await tx.execute(
            sql`select tablename::text as name from pg_tables where schemaname = current_schema() and tablename <> ${derivedTable} order by 1`,
          )) as unknown as {
            rows: { name: string }[];
          }
        ).rows.map((r) => r.name);
    const result: Record<string, string[]> = {};
    for (const table of tables) {
      const only = columns?.get(table);
      const row = only
        ? sql`row(${sql.join(
            only.map((c) => sql`r.${sql.identifier(c)}`),
            sql`, `,
          )})`
        : sql`(r.*)`;
      const { rows } = (await tx.execute(sql`select ${row}::text as row from ${sql.identifier(table)} r`)) as unknown as {
        rows: { row: string }[];
      };
      result[table] = rows.map((r) => r.row).sort();
    }
    return result;
  });
}

export const rowCounts = (tables: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length]));

/** The last event index the database handed out. */
const lastEventIndexUsed = async (db: Database) =>
  ((await db.execute(sql`select last_value::int as used from event_index_seq`)) as unknown as { rows: { used: number }[] }).rows[0]!.used;

/** A fresh, migrated, empty database of that kind (the embedded one in memory). */
export async function openFresh(kind: 'embedded' | 'server'): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const database = await createTestDatabase(kind === 'server' ? loadConfig().databaseUrl : undefined);
  const handle = await openDatabase(database);
  await handle.migrate();
  return {
    handle,
    async drop() {
      await handle.close();
      await database.drop();
    },
  };
}

/** A database that has never been migrated: a new one on the server, or an embedded one booted empty. */
export async function openBlank(kind: 'embedded' | 'server'): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const database = kind === 'server' ? await createTestDatabase(loadConfig().databaseUrl) : undefined;
  const handle = await openDatabase({ databaseUrl: database?.databaseUrl, dataDir: 'memory://' });
  return {
    handle,
    async drop() {
      await handle.close();
      await database?.drop();
    },
  };
}

export interface BackedUpSource {
  kind: 'embedded' | 'server';
  /** The suite's kind of database, filled by fillEveryTable. */
  handle: DatabaseHandle;
  databaseUrl: string | undefined;
  /** Its contents when it was backed up. */
  original: Record<string, string[]>;
  /** The last event index it ever handed out (one of a deleted event). */
  lastEventIndex: number;
  /** A temporary folder for the test's files, removed by close(). */
  work: string;
  /** The backup of `original`. */
  backupFile: string;
  close(): Promise<void>;
}

/** A fresh database of the suite's kind with rows in every table, and a backup of it under a new temporary folder. */
export async function backedUpSource(): Promise<BackedUpSource> {
  const databaseUrl = loadConfig().databaseUrl;
  const database = await createTestDatabase(databaseUrl);
  const handle = await openDatabase(database);
  const work = await mkdtemp(path.join(tmpdir(), 'hh-backup-'));
  const close = async () => {
    await handle.close();
    await database.drop();
    await rm(work, { recursive: true, force: true });
  };
  try {
    await handle.migrate();
    await fillEveryTable(handle.db);
    const backupFile = path.join(work, 'backups', 'first.jsonl.gz');
    const original = await contents(handle.db);
    const lastEventIndex = await lastEventIndexUsed(handle.db);
    await backupDatabase(handle, backupFile);
    return {
      kind: databaseUrl ? 'server' : 'embedded',
      handle,
      databaseUrl: database.databaseUrl,
      original,
      lastEventIndex,
      work,
      backupFile,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
