import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { outboxMessage } from '../db/schema.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { sharedApp } from '../test/shared-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { enqueue } from './outbox.ts';

// The worker's own look comes once an hour here: a message that goes out sooner was sent because the
// database said it was queued (migration 0019), not because a route or the clock woke the worker.
const hour = 3_600_000;
let t: TestApp;
let admin: TestAccount;

sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started), {
  mail: { ...loadConfig().mail, smtpUrl: undefined, pollMs: hour },
});

async function statusOf(where: { key?: string; to?: string }) {
  const [row] = await t.app.db
    .select({ status: outboxMessage.status })
    .from(outboxMessage)
    .where(where.key ? eq(outboxMessage.key, where.key) : eq(outboxMessage.to, where.to ?? ''));
  return row?.status;
}

describe('the outbox worker', () => {
  it('is woken by the database when a route queues a message', async () => {
    const volunteer = await signUp(t);
    const event = await insertEvent(t.app.db, { title: 'Woken by the database' });
    const res = await call(t, 'POST', '/api/register', { eventId: event.id }, volunteer.auth);
    expect(res.status).toBe(201);
    await expect
      .poll(
        async () => {
          const rows = await t.app.db
            .select({ kind: outboxMessage.kind, status: outboxMessage.status })
            .from(outboxMessage)
            .where(eq(outboxMessage.to, volunteer.email));
          return rows.find((r) => r.kind === 'registration-confirmed')?.status;
        },
        { timeout: 10_000 },
      )
      .toBe('logged');
  });

  it('is woken by a message queued outside any route, as another instance or a job would', async () => {
    const key = `woken-${Date.now()}`;
    await enqueue(t.app.db, { key, kind: 'test', to: 'woken@example.org', subject: 'Woken', html: '<p>Woken</p>', text: 'Woken' });
    await expect.poll(() => statusOf({ key }), { timeout: 10_000 }).toBe('logged');
  });

  it('is woken when an admin sends a message again', async () => {
    const key = `again-${Date.now()}`;
    await enqueue(t.app.db, { key, kind: 'test', to: 'again@example.org', subject: 'Again', html: '<p>Again</p>', text: 'Again' });
    await expect.poll(() => statusOf({ key }), { timeout: 10_000 }).toBe('logged');
    const [row] = await t.app.db.select({ id: outboxMessage.id }).from(outboxMessage).where(eq(outboxMessage.key, key));
    await t.app.db.update(outboxMessage).set({ status: 'failed' }).where(eq(outboxMessage.key, key));
    const res = await call(t, 'POST', `/api/outbox/${row?.id}/send-again`, undefined, admin.auth);
    expect(res.status).toBe(200);
    await expect.poll(() => statusOf({ key }), { timeout: 10_000 }).toBe('logged');
  });
});
