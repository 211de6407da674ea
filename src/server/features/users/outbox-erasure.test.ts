import { eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donation, outboxMessage } from '../../db/schema.ts';
import { markFailed } from '../../mail/outbox.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertDonation, insertEvent } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

// Deleting an account reaches the outbox (docs/decisions/035-erasure-reaches-the-outbox.md): the
// address leaves every message kept, and nothing can be sent to it again.

let t: TestApp;
let admin: TestAccount;
sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started));

const placeholderPattern = /^deleted-[0-9a-f]{12}@deleted\.invalid$/;
const dayMs = 24 * 60 * 60 * 1000;

/** A message to the person in the given state, with a body, an attachment and headers that name the person. */
async function mailTo(who: TestAccount, status: 'queued' | 'sending' | 'sent' | 'failed' | 'logged') {
  const [row] = await t.app.db
    .insert(outboxMessage)
    .values({
      key: `test:${crypto.randomUUID()}`,
      kind: 'donation-receipt',
      to: who.email,
      subject: 'Your receipt: $30.00 to Helping Hands',
      html: `<p>Dear ${who.name}, thank you. <a href="https://example.org/r?token=secret-token-1">Receipt</a></p>`,
      text: `Dear ${who.name}, thank you. https://example.org/r?token=secret-token-1`,
      attachments: JSON.stringify([
        { filename: 'receipt.pdf', contentType: 'application/pdf', content: Buffer.from(who.email).toString('base64') },
      ]),
      headers: JSON.stringify({ 'List-Unsubscribe': `<https://example.org/unsubscribe?who=${who.email}>` }),
      status,
      lastError: status === 'sent' || status === 'logged' ? null : `550 5.1.1 <${who.email}>: mailbox full`,
      // Not due: the worker leaves queued ones alone while the test looks.
      nextAttemptAt: new Date(Date.now() + dayMs),
      sentAt: status === 'sent' || status === 'logged' ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

async function rowsWithIds(ids: string[]) {
  return t.app.db.select().from(outboxMessage).where(inArray(outboxMessage.id, ids));
}

async function giveTo(who: TestAccount) {
  return insertDonation(t.app.db, who, await insertEvent(t.app.db, { title: 'Canal Clean-up' }));
}

/** 'Send again' on each message: every one answers 409 with the reason, and none goes back to the queue. */
async function expectNotSentAgain(ids: string[]) {
  const before = await rowsWithIds(ids);
  for (const id of ids) {
    const res = await call(t, 'POST', `/api/outbox/${id}/send-again`, {}, admin.auth);
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error).toEqual({
      code: 'conflict',
      message: 'This message cannot be sent again: the account it went to was deleted, and its address with it',
    });
  }
  expect(await rowsWithIds(ids)).toEqual(before);
  const queued = await t.app.db.select().from(outboxMessage).where(like(outboxMessage.to, '%@deleted.invalid'));
  expect(queued.filter((row) => row.status === 'queued')).toEqual([]);
}

/** The messages kept, as the test made them, now carry `placeholder` and nothing of the person. */
function expectErased(rows: (typeof outboxMessage.$inferSelect)[], who: TestAccount, placeholder: string) {
  for (const row of rows) {
    expect(row).toMatchObject({
      to: placeholder,
      subject: 'Your receipt: $30.00 to Helping Hands',
      html: '',
      text: '',
      attachments: '[]',
      headers: '{}',
    });
    expect(JSON.stringify(row)).not.toContain(who.email);
    expect(JSON.stringify(row)).not.toContain(who.name);
  }
}

describe('deleting one’s own account', () => {
  it('replaces the address in every message kept with its donations’ placeholder, drops what was not sent, and refuses Send again with 409', async () => {
    const person = await signUp(t, { name: 'Olga Leaving' });
    const bystander = await signUp(t);
    const gift = await giveTo(person);
    const kept = [await mailTo(person, 'sent'), await mailTo(person, 'logged'), await mailTo(person, 'sending')];
    const waiting = [await mailTo(person, 'queued'), await mailTo(person, 'failed')];
    const theirs = await mailTo(bystander, 'sent');

    expect((await call(t, 'DELETE', '/api/users/me', { confirm: person.email }, person.auth)).status).toBe(200);

    const [keptDonation] = await t.app.db.select().from(donation).where(eq(donation.id, gift.id));
    const placeholder = keptDonation?.email ?? 'none';
    expect(placeholder).toMatch(placeholderPattern);
    const after = await rowsWithIds(kept.map((row) => row.id));
    expect(after.map((row) => row.status).sort()).toEqual(['logged', 'sending', 'sent']);
    expectErased(after, person, placeholder);
    expect(after.find((row) => row.status === 'sending')?.lastError).toBe(`550 5.1.1 <${placeholder}>: mailbox full`);
    expect(await rowsWithIds(waiting.map((row) => row.id))).toEqual([]);
    expect(await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, person.email))).toEqual([]);
    const [untouched] = await rowsWithIds([theirs.id]);
    expect(untouched).toMatchObject({ to: bystander.email, text: theirs.text });

    // The admin's outbox lists them under the placeholder, and cannot send them again.
    const listed = await (await call(t, 'GET', `/api/outbox?q=${encodeURIComponent(person.email)}`, undefined, admin.auth)).json();
    expect(listed).toEqual([]);
    await expectNotSentAgain(after.filter((row) => row.status !== 'sending').map((row) => row.id));
    // Someone else's message still goes again.
    expect((await call(t, 'POST', `/api/outbox/${theirs.id}/send-again`, {}, admin.auth)).status).toBe(200);
  });

  it('does not try again a message that fails while its account is being deleted', async () => {
    const person = await signUp(t);
    const inFlight = await mailTo(person, 'sending');
    expect((await call(t, 'DELETE', '/api/users/me', { confirm: person.email }, person.auth)).status).toBe(200);

    // The worker held the message as it was before the deletion; the SMTP server refused it.
    await markFailed(t.app.db, { ...inFlight, attempts: 1 }, 'connection refused', [1]);
    const [after] = await rowsWithIds([inFlight.id]);
    expect(after?.status).toBe('failed');
    expect(after?.to).toMatch(placeholderPattern);
    await expectNotSentAgain([inFlight.id]);
  });
});

describe('an admin deleting an account', () => {
  it('replaces the address in every message kept with one placeholder, drops what was not sent, and refuses Send again with 409', async () => {
    const person = await signUp(t, { name: 'Piet Removed' });
    const kept = [await mailTo(person, 'sent'), await mailTo(person, 'logged')];
    const waiting = [await mailTo(person, 'queued'), await mailTo(person, 'failed')];

    const res = await call(t, 'DELETE', `/api/users/${person.id}`, undefined, admin.auth);
    expect(await res.json()).toEqual({ deletedCount: 1 });

    const after = await rowsWithIds(kept.map((row) => row.id));
    const placeholders = new Set(after.map((row) => row.to));
    expect(placeholders.size).toBe(1);
    const [placeholder = 'none'] = placeholders;
    expect(placeholder).toMatch(placeholderPattern);
    expectErased(after, person, placeholder);
    expect(await rowsWithIds(waiting.map((row) => row.id))).toEqual([]);
    expect(await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, person.email))).toEqual([]);
    await expectNotSentAgain(after.map((row) => row.id));
  });
});
