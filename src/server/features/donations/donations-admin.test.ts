import { describe, expect, it } from 'vitest';
import { donation, registration } from '../../db/schema.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestAccount;
let donator: TestAccount;
let volunteer: TestAccount;

const parseCsv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

sharedApp(
  { admin: { role: 'admin' }, donator: { name: '=HYPERLINK("http://evil.example","Click")' }, volunteer: { role: 'volunteer' } },
  async (started) => {
    ({ t, admin, donator, volunteer } = started);
    const ev = await insertEvent(t.app.db, { title: 'Soup, "Supper" and Song' });
    const base = Date.now() - 2000 * 1000;
    // More than one export page (1000 rows), in known amounts.
    await t.app.db.insert(donation).values(
      Array.from({ length: 1003 }, (_, i) => ({
        amountCents: i === 0 ? 1250 : 3000,
        paymentCreatedAt: new Date(base + i * 1000),
        transaction: `pi_bulk_${String(i).padStart(4, '0')}`,
        last4: '4242',
        accountId: donator.id,
        email: i % 2 ? donator.email : `@evil${i}@example.org`,
        eventId: ev.id,
        eventTitle: ev.title,
        eventBanner: ev.banner,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await t.app.db
      .insert(registration)
      .values({ accountId: donator.id, eventId: ev.id, name: '=HYPERLINK("http://evil.example","Click")', email: donator.email });
  },
);

describe('CSV exports', () => {
  it.each(['/api/payment/export.csv', '/api/register/export.csv'])('%s is for admins only', async (path) => {
    expect((await call(t, 'GET', path)).status).toBe(401);
    for (const who of [donator, volunteer]) expect((await call(t, 'GET', path, undefined, who.auth)).status).toBe(403);
  });

  it('exports every donation, across pages, quoted and with formulas neutralised', async () => {
    const res = await call(t, 'GET', '/api/payment/export.csv', undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="donations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = parseCsv(await res.text());
    expect(lines[0]).toBe('Amount,Currency,Transaction,Card last 4,Email,Event,Paid at,Recorded at,Refunded at');
    expect(lines).toHaveLength(1 + 1003);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[2])).size).toBe(1003);
    const newest = lines[1]!;
    expect(newest).toMatch(/^30\.00,USD,pi_bulk_1002,4242,/);
    expect(newest).toContain(',"Soup, ""Supper"" and Song",');
    const oldest = lines[1003]!;
    expect(oldest).toMatch(/^12\.50,USD,pi_bulk_0000,4242,'@evil0@example\.org,/);
  });

  it("exports registrations with the registrant's formula-looking name neutralised", async () => {
    const res = await call(t, 'GET', '/api/register/export.csv', undefined, admin.auth);
    const lines = parseCsv(await res.text());
    expect(lines[0]).toBe(
      'Title,Event date,Name,Email,Role,Status,Waitlist number,Registered at,Shift,Shift starts,Shift ends,Answers,Waiver signed',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",${donator.email},donator,`);
  });
});

describe('GET /api/payment for the admin table', () => {
  it('answers the total raised by the matching donations', async () => {
    const res = await call(t, 'GET', '/api/payment?limit=1', undefined, admin.auth);
    expect(res.headers.get('x-total-count')).toBe('1003');
    expect(res.headers.get('x-total-amount')).toBe(String(1250 + 1002 * 3000));
  });

  it('sorts by amount, either way', async () => {
    const cheapest = await (await call(t, 'GET', '/api/payment?sort=amount&limit=1', undefined, admin.auth)).json();
    expect(cheapest[0].amount).toBe(1250);
    const dearest = await (await call(t, 'GET', '/api/payment?sort=-amount&limit=1', undefined, admin.auth)).json();
    expect(dearest[0].amount).toBe(3000);
    expect((await call(t, 'GET', '/api/payment?sort=password', undefined, admin.auth)).status).toBe(400);
  });
});

describe('sorting the other admin lists', () => {
  it('sorts accounts and registrations by the column asked for', async () => {
    const names = async (sort: string) =>
      (await (await call(t, 'GET', `/api/users?sort=${sort}`, undefined, admin.auth)).json()).map((a: { name: string }) => a.name);
    const ascending = await names('name');
    expect(ascending).toEqual([...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await names('-name')).toEqual([...ascending].reverse());
    const roles = (await (await call(t, 'GET', '/api/users?sort=role', undefined, admin.auth)).json()).map((a: { role: string }) => a.role);
    expect(roles).toEqual(['donator', 'volunteer', 'admin']);
  });

  it('sorts registrations by when they were made, either way', async () => {
    // Three more registrations a minute apart, older than the one made in beforeAll.
    const made = Date.now() - 10 * 60_000;
    const ids: string[] = [];
    for (const [i, title] of ['Early', 'Middle', 'Late'].entries()) {
      const ev = await insertEvent(t.app.db, { title: `Sorted ${title}` });
      const [row] = await t.app.db
        .insert(registration)
        .values({
          accountId: volunteer.id,
          eventId: ev.id,
          name: volunteer.name,
          email: volunteer.email,
          createdAt: new Date(made + i * 60_000),
        })
        .returning({ id: registration.id });
      ids.push(row!.id);
    }
    const order = async (sort: string) => {
      const res = await call(t, 'GET', `/api/register?sort=${sort}`, undefined, admin.auth);
      expect(res.status).toBe(200);
      return (await res.json()).map((r: { _id: string }) => r._id).filter((id: string) => ids.includes(id));
    };
    expect(await order('registeredAt')).toEqual(ids);
    expect(await order('-registeredAt')).toEqual([...ids].reverse());
  });
});
