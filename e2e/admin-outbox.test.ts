import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';
import { upcomingDemoEvents } from './support/events.ts';
import { configureServer, mailbox } from './support/server.ts';

// A refused message is tried again every 3 s here rather than every second: on a busy machine the
// page's reloads while SMTP refuses must not outlast the eight tries after which it is marked failed.
configureServer(async () => ({ mail: { ...loadConfig().mail, smtpUrl: mailbox.url, pollMs: 100, retryDelaysS: [3] } }));

const confirmation = /^You are registered/;

describe('the outbox page', () => {
  it('shows a message SMTP refused as queued with the reason, then sent, and sends it again on request', async () => {
    const admin = await adminSession();
    const who = await signUpThroughApi({ email: uniqueEmail('outbox'), name: 'Olly Outbox' });
    const [event] = await upcomingDemoEvents(1);

    mailbox.set('refuse');
    try {
      expect((await apiCall(who, 'POST', '/register', { eventId: event!._id })).status).toBe(201);
      const page = await signedInPage(admin);
      await page.goto(`/dashboard/outbox?q=${encodeURIComponent(who.email)}`);
      const row = page.getByRole('row').filter({ hasText: 'You are registered' });
      // The worker tries at once; SMTP refuses, and the page says so after a reload.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('heading', { level: 1, name: /^Outbox: / }).waitFor();
            return (await row.count()) > 0 ? await row.innerText() : '';
          },
          { interval: 500 },
        )
        .toMatch(/Last error: .*(451|temporarily unavailable)/i);
      expect(await row.innerText()).toMatch(/queued|sending/i);
      await expectAccessible(page);

      mailbox.set('accept');
      await expect
        .poll(
          async () => {
            await page.reload();
            await row.waitFor();
            return row.innerText();
          },
          { interval: 500 },
        )
        .toMatch(/\bsent\b/i);
      // Each state's badge is readable (the Sent one as well as the Queued one above).
      await expectAccessible(page);
      expect(await mailbox.mailTo(who.email, { subject: confirmation })).toHaveLength(1);

      await row.getByRole('button', { name: /^Send again: You are registered/ }).click();
      await toast(page, `The message to ${who.email} is queued to send again`).waitFor();
      expect(await mailbox.mailTo(who.email, { subject: confirmation, count: 2 })).toHaveLength(2);
      expect(pageProblems(page)).toEqual([]);
    } finally {
      mailbox.set('accept');
    }
  });
});
