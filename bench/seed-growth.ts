import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/catalog.ts';
import type { Database } from '../src/server/db/client.ts';

/** Rows of each kind per event: registrations 10, accounts ½, donations 1, reviews, notices ⅒, mail 1. */
export const perEvent = { registrations: 10, accounts: 0.5, donations: 1, reviews: 0.1, notices: 0.1, mail: 1 };

/** A search that matches exactly one account (and its 20 registrations, 2 donations) at every size. */
export const onePerson = { number: 123, email: 'person123@example.org' };

/**
 * Grows the charity from `from` events to `to` (0 for a new database), each kind in proportion, one
 * statement a table. Rows keep their numbers as the charity grows, so the data at 10,000 events is the
 * data at 1,000 and 9,000 more: each step seeds only what is new. Events go back in time as they are
 * numbered (five a day; a charity's history grows, not its calendar): the first 900 are still to come,
 * the rest past. Event g has title 'Bench event g day'; registration r is for event r/10 by account
 * (r/200)·10 + r%10 and donation g by account g/2, so each event has 10 people and each account 20
 * events and 2 donations, whatever the size.
 *
 * The indexes of the two big tables are set aside during the insert and rebuilt after it (as a restore
 * does): adding a million rows one index entry at a time took the embedded database many minutes.
 */
export async function growCharity(db: Database, from: number, to: number) {
  const range = (per: number) => sql.raw(`${Math.floor(from * per) + 1}, ${Math.floor(to * per)}`);
  await db.execute(sql`
    insert into event (title, "desc", banner, date, time)
    select 'Bench event ' || g || ' day', 'A benchmark event number ' || g || '.', '/images/events/food-bank.svg',
           current_date + 180 - g / 5, case when g % 3 = 0 then time '10:00' end
    from generate_series(${range(1)}) g`);
  await db.execute(sql`
    insert into account (id, name, email, role, created_at)
    select 'bench-' || g, 'Person ' || g, 'person' || g || '@example.org', 'donator', now() - (g || ' minutes')::interval
    from generate_series(${range(perEvent.accounts)}) g`);
  await withIndexesRebuilt(db, 'registration', () =>
    db.execute(sql`
      insert into registration (account_id, event_id, name, email, created_at)
      select 'bench-' || a, event.id, 'Person ' || a, 'person' || a || '@example.org', now() - (r || ' seconds')::interval
      from generate_series(${range(perEvent.registrations)}) r
      cross join lateral (select (r - 1) / 200 * 10 + (r - 1) % 10 + 1 as a, (r - 1) / 10 + 1 as e) pair
      join event on event.index = pair.e`),
  );
  await withIndexesRebuilt(db, 'donation', () =>
    db.execute(sql`
      insert into donation (amount_cents, payment_created_at, transaction, last4, account_id, email, event_title, event_banner, created_at)
      select 1000 + g % 7 * 500, now() - (g || ' minutes')::interval, 'pi_bench_' || g, '4242', 'bench-' || a,
             'person' || a || '@example.org', 'Bench event ' || g || ' day', '/images/events/food-bank.svg',
             now() - (g || ' minutes')::interval
      from generate_series(${range(perEvent.donations)}) g
      cross join lateral (select (g + 1) / 2 as a) who`),
  );
  await db.execute(sql`
    insert into review (account_id, email, name, message, review, status, created_at)
    select 'bench-' || g, 'person' || g || '@example.org', 'Person ' || g, 'A good day', 'Review number ' || g,
           (array['approved', 'pending', 'hidden'])[g % 3 + 1]::review_status, now() - (g || ' hours')::interval
    from generate_series(${range(perEvent.reviews)}) g`);
  await db.execute(sql`
    insert into notice (account_id, email, name, notice, created_at)
    select 'bench-' || g, 'person' || g || '@example.org', 'Person ' || g, 'Notice number ' || g, now() - (g || ' hours')::interval
    from generate_series(${range(perEvent.notices)}) g`);
  await db.execute(sql`
    insert into outbox_message (key, kind, "to", subject, html, text, status, sent_at, created_at)
    select 'bench-' || g, 'registration-confirmed', 'person' || g || '@example.org', 'You are registered ' || g,
           '<p>You are registered.</p>', 'You are registered.', 'sent', now(), now() - (g || ' minutes')::interval
    from generate_series(${range(perEvent.mail)}) g`);
}

async function withIndexesRebuilt(db: Database, table: string, insert: () => Promise<unknown>) {
  const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table}
        and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`,
  );
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  await insert();
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
}
