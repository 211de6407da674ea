import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Account, AccountListQuery, ProfileUpdate, Role } from '../../../shared/accounts.ts';
import { deletedDonorDomain } from '../../../shared/donations.ts';
import type { Language } from '../../../shared/language.ts';
import { wallClockAt } from '../../../shared/time-zone.ts';
import type { Database } from '../../db/client.ts';
import { after, cursorFrom, cursorKey, nextCursor, orderOf, sortKeysOf } from '../../db/cursor.ts';
import { account, notice, registration, review } from '../../db/schema.ts';
import { contains, throughIndexes } from '../../db/search.ts';
import { listTotal } from '../../db/totals.ts';
import { AppError } from '../../errors.ts';
import { forgetRecipient } from '../../mail/outbox.ts';
import type { SigningSite } from '../../mail/unsubscribe.ts';
import { forgetAuthor } from '../event-messages/service.ts';
import { fillFreedPlaces, lockEventPlaces } from '../events/places.ts';
import { deleteImageByUrl } from '../images/service.ts';
import { forgetGiver } from '../subscriptions/service.ts';
import { forgetSigner } from '../waivers/service.ts';

type AccountRow = typeof account.$inferSelect;

export function toAccount(row: AccountRow): Account {
  return {
    _id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: row.name,
    name: row.name,
    photoURL: row.image,
    role: row.role,
    address: row.address,
    age: row.age,
    education: row.education,
    occupation: row.occupation,
  };
}

export async function findAccountById(db: Database, id: string) {
  const [row] = await db.select().from(account).where(eq(account.id, id));
  return row;
}

export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db.select().from(account).where(eq(account.email, email.toLowerCase()));
  return row;
}

const sortable = {
  name: { expr: sql`lower(${account.name})`, type: 'text' },
  email: { expr: account.email, type: 'text' },
  role: { expr: account.role, type: 'text' },
  age: { expr: account.age, type: 'text', nullable: true },
  education: { expr: sql`lower(${account.education})`, type: 'text', nullable: true },
  occupation: { expr: sql`lower(${account.occupation})`, type: 'text', nullable: true },
  address: { expr: sql`lower(${account.address})`, type: 'text', nullable: true },
} as const;

/** With no sort asked for: by email (unique, so it needs no tie-break). */
const byEmail = [{ expr: account.email, type: 'text', descending: false }] as const;

export function listAccounts(db: Database, query: AccountListQuery) {
  return query.q ? throughIndexes(db, (tx) => accountsPage(tx, query)) : accountsPage(db, query);
}

async function accountsPage(db: Database, query: AccountListQuery) {
  const where = query.q ? or(contains(account.name, query.q), contains(account.email, query.q)) : undefined;
  const keys = sortKeysOf(query.sort, sortable, [...byEmail], { expr: account.id, type: 'text' });
  const from = cursorFrom(query.cursor, keys);
  const [rows, total] = await Promise.all([
    db
      .select({ ...getTableColumns(account), cursorKey: cursorKey(keys) })
      .from(account)
      .where(and(where, from && after(keys, from)))
      .orderBy(...orderOf(keys))
      .limit(query.limit)
      .offset(query.offset),
    listTotal(db, account, where, 'account'),
  ]);
  return { accounts: rows.map(toAccount), total, next: nextCursor(rows, query.limit) };
}

export async function updateProfile(db: Database, accountId: string, profile: ProfileUpdate) {
  const rows = await db
    .update(account)
    .set({
      ...(profile.displayName ? { name: profile.displayName } : {}),
      address: profile.address,
      age: profile.age,
      education: profile.education,
      occupation: profile.occupation,
    })
    .where(eq(account.id, accountId))
    .returning({ id: account.id });
  return rows.length;
}

export async function updateDisplayName(db: Database, accountId: string, displayName: string | undefined) {
  if (!displayName) return 0;
  const rows = await db.update(account).set({ name: displayName }).where(eq(account.id, accountId)).returning({ id: account.id });
  return rows.length;
}

/** Keeps the language the person chose on their account: their pages and mail follow it on every device. */
export async function saveLanguage(db: Database, accountId: string, language: Language) {
  await db.update(account).set({ language }).where(eq(account.id, accountId));
}

/**
 * Sets the picture. The person's registrations, reviews and notices show it too, so they follow;
 * then the picture it replaces is removed, if the app stored it.
 */
export async function setPhoto(db: Database, accountId: string, photoUrl: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ image: account.image }).from(account).where(eq(account.id, accountId)).for('update');
    await tx.update(account).set({ image: photoUrl }).where(eq(account.id, accountId));
    await setAuthorPicture(tx, accountId, photoUrl);
    if (before?.image && before.image !== photoUrl) await deleteImageByUrl(tx, before.image);
  });
}

export async function setAuthorPicture(db: Database, accountId: string, url: string | null) {
  await db.update(registration).set({ image: url }).where(eq(registration.accountId, accountId));
  await db.update(review).set({ img: url }).where(eq(review.accountId, accountId));
  await db.update(notice).set({ img: url }).where(eq(notice.accountId, accountId));
}

const lastAdminMessage = 'This is the only admin account. Make another account admin first, so someone can still run the site.';

/**
 * Locks every admin row, so two admins demoting or deleting each other at once cannot leave the
 * site without one; refuses when `targetId` is the only admin left.
 */
export async function refuseLastAdmin(tx: Database, targetId: string) {
  // Always in id order, so two transactions locking admins cannot deadlock.
  const admins = await tx.select({ id: account.id }).from(account).where(eq(account.role, 'admin')).orderBy(asc(account.id)).for('update');
  if (admins.length === 1 && admins[0]?.id === targetId) throw new AppError('conflict', lastAdminMessage);
}

export async function changeRole(db: Database, email: string, role: Role): Promise<number> {
  return db.transaction(async (tx) => {
    const target = await findAccountByEmail(tx, email);
    if (!target) throw new AppError('not_found', `No account with the email ${email}`);
    if (target.role === role) return 0;
    if (target.role === 'admin') await refuseLastAdmin(tx, target.id);
    await tx.update(account).set({ role }).where(eq(account.id, target.id));
    return 1;
  });
}

/** The events an account is registered for (or waiting for), in id order. */
async function eventsOf(tx: Database, accountId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ eventId: registration.eventId })
    .from(registration)
    .where(eq(registration.accountId, accountId))
    .orderBy(asc(registration.eventId));
  return rows.map((row) => row.eventId);
}

/**
 * The address a deleted account leaves on what is kept of it (its donations, the mail it was sent):
 * one per account, so counts of distinct donors stay as they were; drawn at random, so nothing in it
 * comes from the person; at `.invalid`, so nothing can be sent there.
 */
export function deletedAccountAddress(): string {
  return `deleted-${randomUUID().replaceAll('-', '').slice(0, 12)}@${deletedDonorDomain}`;
}

/**
 * Removes an account with its sign-in methods, sessions and registrations (the database cascades);
 * its donations stay, as financial records, with the email they were made with. Mail not yet sent to
 * it goes, and what was sent stays in the outbox under a placeholder address (forgetRecipient). The
 * places its registrations held go to the first people waiting, in the same transaction.
 */
export async function deleteAccount(db: Database, id: string, site: SigningSite): Promise<number> {
  const now = wallClockAt(site.timeZone);
  // One placeholder for the mail it was sent, the waivers it signed and its gifts (kept as records).
  const placeholder = deletedAccountAddress();
  return db.transaction(async (tx) => {
    // Its monthly gifts first (stopped: no card is charged for someone who left), as a renewal holds its
    // gift before it names the account. Its events next, as a registration locks its event before it
    // names the account: one lock order, no deadlock. Then admin rows, as changeRole does, then the target.
    await forgetGiver(tx, id, placeholder);
    const events = [];
    for (const eventId of await eventsOf(tx, id)) {
      const locked = await lockEventPlaces(tx, eventId);
      if (locked) events.push(locked);
    }
    await refuseLastAdmin(tx, id);
    const [target] = await tx.select().from(account).where(eq(account.id, id)).for('update');
    if (!target) return 0;
    // A registration made between the first read and the account's lock.
    for (const eventId of await eventsOf(tx, id)) {
      if (events.some((e) => e.id === eventId)) continue;
      const locked = await lockEventPlaces(tx, eventId);
      if (locked) events.push(locked);
    }
    // Reviews and notices outlive the account; the picture, personal data, does not.
    await setAuthorPicture(tx, id, null);
    await forgetSigner(tx, id, placeholder);
    await forgetAuthor(tx, id, placeholder);
    await tx.delete(account).where(eq(account.id, id));
    await deleteImageByUrl(tx, target.image);
    await forgetRecipient(tx, target.email, placeholder);
    for (const locked of events) await fillFreedPlaces(tx, locked, now);
    return 1;
  });
}
