import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';

/**
 * The size the admin pages must cope with: 20,000 events, 5,000 accounts and 100,000
 * registrations (20 per account, spread over every event), plus 20,000 donations.
 */
export async function seedLargeCharity(db: Database) {
  await db.execute(sql`
    insert into event (title, "desc", banner, date, time)
    select 'Bench event ' || g, 'A benchmark event number ' || g || '.', '/images/events/food-bank.svg',
           current_date + (g % 730 - 365), case when g % 3 = 0 then time '10:00' end
    from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into account (id, name, email, role)
    select 'bench-' || g, 'Person ' || g, 'person' || g || '@example.org', 'donator'
    from generate_series(1, 5000) g`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by index) - 1 as n from event)
    insert into registration (account_id, event_id, name, email, created_at)
    select 'bench-' || (a + 1), numbered.id, 'Person ' || (a + 1), 'person' || (a + 1) || '@example.org',
           now() - (g || ' seconds')::interval
    from generate_series(0, 99999) g
    cross join lateral (select g % 5000 as a, (g / 5000) * 1000 + (g % 5000) % 1000 as e) pair
    join numbered on numbered.n = pair.e`);
  await db.execute(sql`
    insert into donation (amount_cents, payment_created_at, transaction, last4, account_id, email, event_title, event_banner, created_at)
    select 3000, now() - (g || ' minutes')::interval, 'pi_bench_' || g, '4242', 'bench-' || (g % 5000 + 1),
           'person' || (g % 5000 + 1) || '@example.org', 'Bench event ' || (g % 20000 + 1), '/images/events/food-bank.svg',
           now() - (g || ' minutes')::interval
    from generate_series(1, 20000) g`);
}
