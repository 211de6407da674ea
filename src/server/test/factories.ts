import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { account, donation, event, review, shift } from '../db/schema.ts';
import { dayFrom } from '../db/seed.ts';

let counter = 0;

export async function insertEvent(db: Database, fields: Partial<typeof event.$inferInsert> & { inDays?: number } = {}) {
  counter += 1;
  const { inDays = 7, ...rest } = fields;
  const [row] = await db
    .insert(event)
    .values({
      title: `Test event ${counter}`,
      desc: `A description of test event ${counter}.`,
      banner: '/images/events/food-bank.svg',
      date: dayFrom(new Date(), inDays),
      ...rest,
    })
    .returning();
  if (!row) throw new Error('event not inserted');
  return row;
}

/**
 * A shift of an event: by default 'Helper' from 09:00 to 11:00 on the event's day (`at` hours shifts it,
 * `hours` sets its length), with `capacity` places (none: no limit).
 */
export async function insertShift(
  db: Database,
  eventRow: { id: string; date: string },
  fields: Partial<typeof shift.$inferInsert> & { at?: number; hours?: number } = {},
) {
  const { at = 9, hours = 2, ...rest } = fields;
  const wall = (h: number) => {
    const day = new Date(Date.parse(`${eventRow.date}T00:00:00Z`) + h * 3_600_000);
    return day.toISOString().slice(0, 19).replace('T', ' ');
  };
  const [row] = await db
    .insert(shift)
    .values({ eventId: eventRow.id, role: 'Helper', startsAt: wall(at), endsAt: wall(at + hours), ...rest })
    .returning();
  if (!row) throw new Error('shift not inserted');
  return row;
}

export async function insertReview(db: Database, fields: Partial<typeof review.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(review)
    .values({
      email: `reviewer${counter}@example.org`,
      name: `Reviewer ${counter}`,
      message: `Message ${counter}`,
      review: `Review ${counter}`,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('review not inserted');
  return row;
}

/** An account that never signs in (no password, no session): someone for an admin to act on. */
export async function insertAccount(db: Database, fields: Partial<typeof account.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(account)
    .values({ id: randomUUID(), name: `Account ${counter}`, email: `account${counter}-${randomUUID()}@example.org`, ...fields })
    .returning();
  if (!row) throw new Error('account not inserted');
  return row;
}

/** A donation of $30 by `who` to an event, paid with the test card, written straight to the database: its row. */
export async function insertDonation(
  db: Database,
  who: { id: string; email: string },
  ev: { id: string; title: string; banner: string },
  fields: Partial<typeof donation.$inferInsert> = {},
) {
  const [row] = await db
    .insert(donation)
    .values({
      amountCents: 3000,
      paymentCreatedAt: new Date(),
      transaction: `pi_test_${randomUUID()}`,
      last4: '4242',
      accountId: who.id,
      email: who.email,
      eventId: ev.id,
      eventTitle: ev.title,
      eventBanner: ev.banner,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('donation not inserted');
  return row;
}
