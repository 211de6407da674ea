import { describe, expect, it } from 'vitest';
import { adminEmail, adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast, toasts } from './support/browser.ts';
import { mailbox } from './support/server.ts';

/**
 * Messages to an event's people (issue 34), through the page: an admin opens the messages page from the
 * roster, writes to the waitlisted people of one shift (the page counts them), sends a test to themself
 * (it arrives), then schedules the message and cancels it; nobody else gets anything.
 */

/** 'YYYY-MM-DDTHH:MM' on the browser's (and this machine's) clock, `hours` from now. */
function localWall(hours: number): string {
  const at = new Date(Date.now() + hours * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const title = `Messages journey ${Date.now()}`;
const subject = 'A place may free up on Saturday';

describe('writing to an event’s people', () => {
  it('an admin writes to the waitlisted people of one shift, tests it on themself, schedules it and cancels it', async () => {
    const admin = await adminSession();
    const made = await apiCall(admin, 'POST', '/events', {
      title,
      desc: 'Delivering food parcels across town.',
      banner: '/images/events/food-bank.svg',
      date: localWall(7 * 24),
      end: localWall(7 * 24 + 8),
    });
    expect(made.status).toBe(200);
    const eventId = (await made.json()).insertedId as string;
    const shift = async (role: string, capacity: number) => {
      const added = await apiCall(admin, 'POST', `/events/${eventId}/shifts`, {
        role,
        startsAt: localWall(7 * 24),
        endsAt: localWall(7 * 24 + 3),
        capacity,
      });
      expect(added.status).toBe(201);
      return (await added.json()).insertedId as string;
    };
    const driver = await shift('Driver', 1);
    const cook = await shift('Cook', 5);
    const paula = await signUpThroughApi({ email: uniqueEmail('paula'), name: 'Paula Place' });
    const wes = await signUpThroughApi({ email: uniqueEmail('wes'), name: 'Wes Waiting' });
    const cara = await signUpThroughApi({ email: uniqueEmail('cara'), name: 'Cara Cook' });
    for (const [who, shiftId] of [
      [paula, driver],
      [wes, driver],
      [cara, cook],
    ] as const) {
      expect((await apiCall(who, 'POST', '/register', { eventId, shiftIds: [shiftId] })).status).toBe(201);
    }

    const page = await signedInPage(admin);
    await page.goto(`/dashboard/events/${eventId}/roster`);
    await page.getByRole('link', { name: 'Write to these people' }).click();
    await page.getByRole('heading', { level: 1, name: `Messages to the people of ${title}` }).waitFor();
    await page.getByText('No messages yet.').waitFor();

    const form = page.getByRole('form', { name: 'Write a message' });
    const reach = form.getByRole('status');
    // Everyone of every shift: the three of them.
    await expect.poll(() => reach.textContent()).toBe('This will reach 3 people.');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form
      .getByRole('textbox', { name: 'Message' })
      .fill('Thank you for waiting.\n\nOne driver may drop out: we will tell you by Friday. Route map: https://example.org/route');
    await form.getByRole('radio', { name: 'Waitlisted', exact: true }).check();
    await expect.poll(() => reach.textContent()).toBe('This will reach 1 person.');
    const shiftSelect = form.getByRole('combobox', { name: 'Shift' });
    const driverOption = await shiftSelect.locator('option', { hasText: 'Driver' }).getAttribute('value');
    expect(driverOption).toBe(driver);
    await shiftSelect.selectOption(driver);
    await expect.poll(() => reach.textContent()).toBe('This will reach 1 person.');
    await shiftSelect.selectOption(cook);
    await expect.poll(() => reach.textContent()).toBe('This will reach 0 people.');
    await shiftSelect.selectOption(driver);
    await expect.poll(() => reach.textContent()).toBe('This will reach 1 person.');

    // The test goes to the admin alone.
    await form.getByRole('button', { name: 'Send me a test' }).click();
    await toast(page, `Test sent to ${adminEmail}`).waitFor();
    const [test] = await mailbox.mailTo(adminEmail, { subject: /^\[Test\] A place may free up on Saturday$/ });
    expect(test?.text).toContain('One driver may drop out');
    expect(test?.html).toContain('href="https://example.org/route"');

    // Scheduled for tomorrow, after its question.
    await form.getByRole('radio', { name: 'Send later' }).check();
    await form.getByLabel('Send at').fill(localWall(24));
    await form.getByRole('button', { name: 'Schedule' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/^Send this message to 1 person at /).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Yes, schedule it' }).click();
    await toasts(page)
      .getByText(/^Message scheduled for /)
      .waitFor();
    const history = page.getByRole('region', { name: 'Messages sent and scheduled' });
    const row = history.getByRole('row').filter({ hasText: subject });
    await row.getByText('Scheduled', { exact: true }).waitFor();
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual(expect.arrayContaining(['Waitlisted: Driver', 'Scheduled', '1']));
    expect(await form.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
    await expectAccessible(page);

    // Cancelled, after its question: it stays in the list, and nobody gets it.
    await history.getByRole('button', { name: `Cancel the message ${subject}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(await history.getByRole('button', { name: `Cancel the message ${subject}` }).count()).toBe(0);
    const listed = await (await apiCall(admin, 'GET', `/events/${eventId}/messages`)).json();
    expect(listed).toEqual([
      expect.objectContaining({ subject, audience: 'waitlisted', shiftId: driver, status: 'cancelled', recipients: 1 }),
    ]);

    // The thank-you and 'missed you' for the day after, switched on by keyboard.
    const after = page.getByRole('region', { name: 'After the event' });
    await after.getByRole('status').getByText('Off.').waitFor();
    const afterSwitch = after.getByRole('switch', { name: 'Thank those who came, and tell those who did not come that we missed them' });
    await afterSwitch.focus();
    await page.keyboard.press('Space');
    await toast(page, 'After-event messages on').waitFor();
    await after
      .getByRole('status')
      .getByText(/^They go on /)
      .waitFor();
    expect(await afterSwitch.isChecked()).toBe(true);
    await history.getByRole('row').filter({ hasText: 'Thank you for coming to' }).getByText('After the event').waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
