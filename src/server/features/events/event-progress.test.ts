import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { donation } from '../../db/schema.ts';
import { call, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/** An event's goal, and what it has raised and from how many people: refunds left out, one currency only. */

let t: TestApp;
let admin: TestAccount;
let ana: TestAccount;
let ben: TestAccount;

sharedApp({ admin: { role: 'admin' }, ana: {}, ben: {} }, (started) => ({ t, admin, ana, ben } = started));

async function donate(who: TestAccount, eventId: string, amount?: number): Promise<string> {
  const body: Record<string, unknown> = { eventId, attemptId: randomUUID(), ...(amount === undefined ? {} : { amount }) };
  const started = await (await call(t, 'POST', '/api/create-payment-intent', body, who.auth)).json();
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' };
  await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card }, who.auth);
  return (await (await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, who.auth)).json()).insertedId;
}

const progressOf = async (eventId: string) => {
  const one = await (await t.api(`/api/events/${eventId}`)).json();
  const listed = ((await (await t.api('/api/events?limit=100')).json()) as { _id: string }[]).find((e) => e._id === eventId);
  expect(listed).toMatchObject({ goal: one.goal, raised: one.raised, donors: one.donors });
  return { goal: one.goal, raised: one.raised, donors: one.donors };
};

describe('an event’s goal and progress', () => {
  it('is set, changed and cleared by admins in cents, and checked', async () => {
    const base = {
      title: 'Shelter Winter Appeal',
      desc: 'Blankets and hot meals.',
      banner: '/images/events/food-bank.svg',
      date: '2031-01-10',
    };
    const created = await call(t, 'POST', '/api/events', { ...base, goal: 250_000 }, admin.auth);
    expect(created.status).toBe(200);
    const { insertedId } = await created.json();
    expect(await progressOf(insertedId)).toEqual({ goal: 250_000, raised: 0, donors: 0 });
    // Left out: kept. Text from a form: read as cents. Empty: no goal.
    expect((await call(t, 'PUT', `/api/events/${insertedId}`, base, admin.auth)).status).toBe(200);
    expect((await progressOf(insertedId)).goal).toBe(250_000);
    expect((await call(t, 'PUT', `/api/events/${insertedId}`, { ...base, goal: '300000' }, admin.auth)).status).toBe(200);
    expect((await progressOf(insertedId)).goal).toBe(300_000);
    expect((await call(t, 'PUT', `/api/events/${insertedId}`, { ...base, goal: '' }, admin.auth)).status).toBe(200);
    expect((await progressOf(insertedId)).goal).toBeNull();
    for (const [goal, message] of [
      [0, 'Goal must be more than 0, or empty for no goal'],
      [99.5, "Goal must be a whole number of the currency's minor unit (cents for USD)"],
      ['lots', 'Goal must be a number'],
      [3_000_000_000, 'Goal is too large'],
    ] as const) {
      const res = await call(t, 'PUT', `/api/events/${insertedId}`, { ...base, goal }, admin.auth);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.goal).toBe(message);
    }
    expect((await call(t, 'PUT', `/api/events/${insertedId}`, { ...base, goal: 5000 }, ana.auth)).status).toBe(403);
  });

  it('counts what donations raised and from how many people, and leaves a refund out', async () => {
    const { id } = await insertEvent(t.app.db, { title: 'River Clean-up', goalCents: 20_000 });
    expect(await progressOf(id)).toEqual({ goal: 20_000, raised: 0, donors: 0 });
    await donate(ana, id);
    const second = await donate(ana, id);
    await donate(ben, id);
    expect(await progressOf(id)).toEqual({ goal: 20_000, raised: 9000, donors: 2 });
    expect((await call(t, 'POST', `/api/payment/${second}/refund`, {}, admin.auth)).status).toBe(200);
    expect(await progressOf(id)).toEqual({ goal: 20_000, raised: 6000, donors: 2 });
  });

  it('adds only donations in the site’s currency', async () => {
    const { id } = await insertEvent(t.app.db, { title: 'Library Book Sale' });
    await donate(ana, id);
    await t.app.db.insert(donation).values({
      amountCents: 9999,
      currency: 'eur',
      paymentCreatedAt: new Date(),
      transaction: `pi_elsewhere_${randomUUID()}`,
      email: 'giver@example.org',
      eventId: id,
      eventTitle: 'Library Book Sale',
      eventBanner: '',
    });
    expect(await progressOf(id)).toMatchObject({ raised: 3000, donors: 1 });
  });
});
