import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessage } from '../db/schema.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { mailingApp, mailSettingsFor } from './../test/mailing-app.ts';
import type { SmtpStandIn } from '../test/smtp-stand-in.ts';
import type { TestApp } from '../test/test-app.ts';
import { claimDue, enqueue, enqueueUnwritten, forgetRecipient, type OutgoingMessage } from './outbox.ts';
import { mailEvent } from './templates/event-links.ts';
import { registrationConfirmedMessage } from './templates/registration-confirmed.tsx';
import { OutboxWorker } from './worker.ts';

let smtp: SmtpStandIn;
let t: TestApp;

mailingApp(async (started) => {
  ({ smtp, t } = started);
  // The app's own worker stops here: each test starts the workers it watches.
  await t.app.outbox.stop();
});

function worker(claimSeconds?: number) {
  return new OutboxWorker(t.app.db, mailSettingsFor(smtp.url), t.app.log, t.config.publicUrl, () => t.app.mailSite(), claimSeconds);
}

async function row(key: string) {
  const [found] = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.key, key));
  return found;
}

let n = 0;
function message(): OutgoingMessage {
  n += 1;
  return {
    key: `claims:${n}:${Date.now()}`,
    kind: 'test',
    to: `claims${n}-${Date.now()}@example.org`,
    subject: `Claimed ${n}`,
    html: '<p>Hi</p>',
    text: 'Hi',
  };
}

/** The calendar file without the instant it was made: the same event, the same file. */
const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*$/m, '');

describe('messages written after the commit', () => {
  it('a registration queues only its input; the worker writes the same confirmation as before, once', async () => {
    const who: TestAccount = await signUp(t);
    const e = await insertEvent(t.app.db, { title: 'Beach clean-up' });
    const res = await call(t, 'POST', '/api/register', { eventId: e.id }, who.auth);
    expect(res.status).toBe(201);
    const { insertedId } = await res.json();
    const key = `registration-confirmed:${insertedId}`;

    // Committed with the registration: the subject (for the outbox screen) and the input, no body yet.
    const queued = await row(key);
    expect(queued?.status).toBe('queued');
    expect(queued?.html).toBe('');
    expect(queued?.text).toBe('');
    expect(queued?.attachments).toBe('[]');
    expect(JSON.parse(queued?.input ?? 'null')).toMatchObject({ registrationId: insertedId, to: who.email, event: { id: e.id } });

    // What the registration wrote before this change, in its transaction.
    const site = await t.app.mailSite();
    const before = await registrationConfirmedMessage({
      site,
      registrationId: insertedId,
      accountId: who.id,
      to: who.email,
      name: who.name,
      event: mailEvent(e),
    });
    expect(queued?.subject).toBe(before.subject);

    const w = worker();
    w.start();
    try {
      const [mail] = await smtp.mailTo(who.email);
      await expect.poll(async () => (await row(key))?.status).toBe('sent');
      const sent = await row(key);
      expect(sent?.input).toBeNull();
      expect(sent?.html).toBe(before.html);
      expect(sent?.text).toBe(before.text);
      expect(JSON.parse(sent?.headers ?? '{}')).toEqual(before.headers);
      expect(mail?.subject).toBe(before.subject);
      expect(mail?.text.trim()).toBe(before.text.trim());
      expect(mail?.html).toContain(`${t.config.publicUrl}/dashboard/myEvents`);
      expect(mail?.header('list-unsubscribe')).toBe(before.headers?.['List-Unsubscribe']);
      const files = Object.fromEntries(mail?.attachments.map((a) => [a.filename, a.content]) ?? []);
      const [ics, pass] = before.attachments ?? [];
      expect(Object.keys(files).sort()).toEqual(['event.ics', 'pass.png']);
      expect(withoutStamp(files['event.ics']?.toString() ?? '')).toBe(withoutStamp(Buffer.from(ics?.content ?? '', 'base64').toString()));
      expect(files['pass.png']?.equals(Buffer.from(pass?.content ?? '', 'base64'))).toBe(true);

      // 'Send again' sends what was written, not a new writing.
      const again = await call(t, 'POST', `/api/outbox/${sent?.id}/send-again`, undefined, (await signUp(t, { role: 'admin' })).auth);
      expect(again.status).toBeLessThan(300);
      w.kick();
      const both = await smtp.mailTo(who.email, { count: 2 });
      expect(both).toHaveLength(2);
      expect(both[1]?.html).toBe(mail?.html);
      expect((await row(key))?.html).toBe(before.html);
    } finally {
      await w.stop();
    }
  });

  it('a message its template cannot write is marked failed with the reason, and the queue goes on', async () => {
    const broken = `broken:${Date.now()}`;
    await enqueueUnwritten(t.app.db, {
      key: broken,
      kind: 'registration-confirmed',
      to: 'broken@example.org',
      subject: 'Broken',
      input: '{}',
    });
    await enqueueUnwritten(t.app.db, {
      key: `${broken}:unknown`,
      kind: 'no-such-template',
      to: 'unknown@example.org',
      subject: 'Unknown',
      input: '{}',
    });
    const fine = message();
    await enqueue(t.app.db, fine);
    const w = worker();
    w.start();
    try {
      expect(await smtp.mailTo(fine.to)).toHaveLength(1);
      await expect.poll(async () => (await row(broken))?.status).toBe('failed');
      expect((await row(broken))?.lastError).toMatch(/^could not write the message/);
      expect((await row(`${broken}:unknown`))?.lastError).toMatch(/no template named no-such-template/);
      expect(smtp.received.filter((m) => m.to.includes('broken@example.org'))).toHaveLength(0);
    } finally {
      await w.stop();
    }
  });

  it('erasure takes the input of a message not yet written, which holds the name and address', async () => {
    const to = `erased-${Date.now()}@example.org`;
    const input = JSON.stringify({ to, name: 'Erin Erased' });
    const kept = `erasure:${Date.now()}:sending`;
    const dropped = `erasure:${Date.now()}:queued`;
    await enqueueUnwritten(t.app.db, { key: kept, kind: 'registration-confirmed', to, subject: 'Kept', input });
    // Claimed (being sent at the moment of the deletion): kept in the history, without the input.
    await t.app.db.update(outboxMessage).set({ status: 'sending' }).where(eq(outboxMessage.key, kept));
    await enqueueUnwritten(t.app.db, { key: dropped, kind: 'registration-confirmed', to, subject: 'Dropped', input });
    expect(await forgetRecipient(t.app.db, to, 'deleted-0123456789ab@deleted.invalid')).toEqual({ dropped: 1, kept: 1 });
    expect(await row(dropped)).toBeUndefined();
    expect(await row(kept)).toMatchObject({ to: 'deleted-0123456789ab@deleted.invalid', input: null, html: '', subject: 'Kept' });
    await t.app.db.delete(outboxMessage).where(eq(outboxMessage.key, kept));
  });
});

describe('the outbox claim', () => {
  it('an orderly stop gives back the messages claimed and not sent: due at once, their try not counted', async () => {
    smtp.answerAfter(1500);
    const messages = [message(), message(), message()];
    for (const m of messages) await enqueue(t.app.db, m);
    const w = worker();
    w.start();
    try {
      // One of them is at the SMTP server (which answers in 1.5 s); the other two wait in the worker's hands.
      await expect.poll(() => smtp.received.filter((r) => messages.some((m) => r.to.includes(m.to))).length).toBe(1);
      expect((await Promise.all(messages.map((m) => row(m.key)))).map((r) => r?.status)).toEqual(['sending', 'sending', 'sending']);
    } finally {
      await w.stop();
      smtp.answerAfter(0);
    }
    const rows = await Promise.all(messages.map((m) => row(m.key)));
    expect(rows.map((r) => r?.status).sort()).toEqual(['queued', 'queued', 'sent']);
    const now = Date.now();
    for (const r of rows.filter((r) => r?.status === 'queued')) {
      expect(r?.attempts).toBe(0);
      expect(r?.lockedUntil).toBeNull();
      expect(r?.nextAttemptAt.getTime()).toBeLessThanOrEqual(now);
    }
    // The next worker sends each of them at once, and each once.
    const next = worker();
    next.start();
    try {
      for (const m of messages) expect(await smtp.mailTo(m.to, { timeoutMs: 3000 })).toHaveLength(1);
    } finally {
      await next.stop();
    }
  });

  it('a claim is renewed while its message is sent: a send longer than the claim is not taken by another worker', async () => {
    smtp.answerAfter(3500);
    const m = message();
    await enqueue(t.app.db, m);
    const w = worker(1);
    w.start();
    try {
      await expect.poll(async () => (await row(m.key))?.status).toBe('sending');
      // Another instance looks for due messages, over and over, well past the one-second claim.
      const started = Date.now();
      while (Date.now() - started < 3000) {
        expect(await claimDue(t.app.db, 10, 1)).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await expect.poll(async () => (await row(m.key))?.status, { timeout: 5000 }).toBe('sent');
    } finally {
      await w.stop();
      smtp.answerAfter(0);
    }
    expect(await smtp.mailTo(m.to)).toHaveLength(1);
    expect((await row(m.key))?.attempts).toBe(1);
  });
});
