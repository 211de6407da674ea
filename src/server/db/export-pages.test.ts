import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../test/accounts.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The CSV exports read a thousand rows a query, each page after the last row's key. Rows written in
 * one transaction share their instant to the microsecond; a key rounded to the millisecond (as a
 * JavaScript Date is) lost every such row after the first page.
 */
let t: TestApp;
let admin: TestAccount;
const rows = 1_500;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signUp(t, { role: 'admin' });
  const person = await signUp(t);
  // One statement each: every row has the same created_at, now() of the transaction.
  await t.app.db.execute(sql`
    insert into event (title, "desc", banner, date)
    select 'Export event ' || g, 'An event.', '/images/events/food-bank.svg', current_date + 30 from generate_series(1, ${rows}) g`);
  await t.app.db.execute(sql`
    insert into registration (account_id, event_id, name, email)
    select ${person.id}, id, 'Person', ${person.email} from event`);
  await t.app.db.execute(sql`
    insert into donation (amount_cents, payment_created_at, transaction, email, event_title, event_banner)
    select 1000, now(), 'pi_export_' || g, ${person.email}, 'Export event', '/images/events/food-bank.svg'
    from generate_series(1, ${rows}) g`);
});
afterAll(() => t.close());

describe('CSV exports of more rows than a page, all written in the same instant', () => {
  for (const url of ['/api/register/export.csv', '/api/payment/export.csv']) {
    it(`${url} has every row once`, async () => {
      const res = await t.api(url, { headers: admin.auth });
      expect(res.status).toBe(200);
      const lines = (await res.text()).trim().split('\r\n');
      expect(lines.length).toBe(rows + 1);
      expect(new Set(lines).size).toBe(rows + 1);
    });
  }
});
