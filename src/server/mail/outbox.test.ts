import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { outboxMessage } from '../db/schema.ts';
import { signUp, type TestAccount } from '../test/accounts.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../test/smtp-stand-in.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { enqueue, type OutgoingMessage } from './outbox.ts';

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;

const fast = (smtpUrl: string | undefined) => ({ ...loadConfig().mail, smtpUrl, pollMs: 100, retryDelaysS: [1] });

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await startTestApp({ mail: fast(smtp.url) });
  admin = await signUp(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
function message(fields: Partial<OutgoingMessage> = {}): OutgoingMessage {
  n += 1;
  return {
    key: `test:${n}:${Date.now()}`,
    kind: 'test',
    to: `reader${n}-${Date.now()}@example.org`,
    subject: `Message ${n}`,
    html: `<p>Open <a href="https://example.org/open/${n}">this</a></p>`,
    text: `Open https://example.org/open/${n}`,
    ...fields,
  };
}

async function row(key: string) {
  const [found] = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.key, key));
  return found;
}

describe('the outbox', () => {
  it('sends a queued message once, with its attachment and headers, and records it as sent', async () => {
    const m = message({
      attachments: [{ filename: 'event.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN:VCALENDAR').toString('base64') }],
      headers: { 'List-Unsubscribe': '<https://example.org/unsubscribe>' },
    });
    expect(await enqueue(t.app.db, m)).toBe(true);
    // The same cause again: nothing more is queued.
    expect(await enqueue(t.app.db, { ...m, subject: 'Again' })).toBe(false);

    const [mail] = await smtp.mailTo(m.to);
    expect(mail?.subject).toBe(m.subject);
    expect(mail?.text.trim()).toBe(m.text);
    expect(mail?.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['event.ics', 'BEGIN:VCALENDAR']]);
    expect(mail?.header('list-unsubscribe')).toBe('<https://example.org/unsubscribe>');
    await expect.poll(async () => (await row(m.key))?.status).toBe('sent');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await smtp.mailTo(m.to)).toHaveLength(1);
  });

  it('keeps a message SMTP refuses queued with the reason, and sends it once when SMTP takes mail again', async () => {
    smtp.set('refuse');
    const m = message();
    await enqueue(t.app.db, m);
    await expect.poll(async () => (await row(m.key))?.lastError, { timeout: 5000 }).toMatch(/451|temporarily unavailable/i);
    expect((await row(m.key))?.status).toBe('queued');

    smtp.set('accept');
    expect(await smtp.mailTo(m.to, { timeoutMs: 10_000 })).toHaveLength(1);
    await expect.poll(async () => (await row(m.key))?.status).toBe('sent');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await smtp.mailTo(m.to)).toHaveLength(1);
  });

  it('lists messages for admins, searched and by status, and sends one again on request', async () => {
    const m = message({ subject: `Findable ${Date.now()}` });
    await enqueue(t.app.db, m);
    await smtp.mailTo(m.to);
    await expect.poll(async () => (await row(m.key))?.status).toBe('sent');

    const listed = await t.api(`/api/outbox?q=${encodeURIComponent(m.subject)}&status=sent`, { headers: admin.auth });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('1');
    const [found] = await listed.json();
    expect(found).toMatchObject({ to: m.to, subject: m.subject, status: 'sent', attempts: 1, lastError: null });

    const again = await t.api(`/api/outbox/${found._id}/send-again`, { method: 'POST', headers: admin.auth });
    expect(again.status).toBe(200);
    expect(await smtp.mailTo(m.to, { count: 2 })).toHaveLength(2);

    const person = await signUp(t);
    expect((await t.api('/api/outbox', { headers: person.auth })).status).toBe(403);
    expect((await t.api('/api/outbox')).status).toBe(401);
    expect((await t.api('/api/outbox?status=lost', { headers: admin.auth })).status).toBe(400);
    const unknown = await t.api('/api/outbox/00000000-0000-4000-8000-000000000000/send-again', { method: 'POST', headers: admin.auth });
    expect(unknown.status).toBe(404);
  });
});

describe('the outbox without SMTP_URL', () => {
  it('writes each message to the log once, with its recipient, subject and links, and keeps it as logged', async () => {
    const lines: string[] = [];
    const quiet = await startTestApp({ mail: fast(undefined), logLevel: 'info' }, { logTo: (line) => lines.push(line) });
    try {
      const m = message({ text: 'Confirm: https://example.org/verify?token=abc and https://example.org/help' });
      await enqueue(quiet.app.db, m);
      await expect
        .poll(async () => (await quiet.app.db.select().from(outboxMessage).where(eq(outboxMessage.key, m.key)))[0]?.status)
        .toBe('logged');
      const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.outbox?.to === m.to);
      expect(logged).toHaveLength(1);
      expect(logged[0].outbox).toMatchObject({
        to: m.to,
        subject: m.subject,
        links: ['https://example.org/verify?token=abc', 'https://example.org/help'],
      });
    } finally {
      await quiet.close();
    }
  });
});
