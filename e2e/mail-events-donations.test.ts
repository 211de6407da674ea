import { describe, expect, it } from 'vitest';
import { readCalendar } from '../src/server/test/calendar.ts';
import { utcStamp } from '../src/shared/event-calendar.ts';
import { instantOf } from '../src/shared/time-zone.ts';
import { apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';
import { donateThroughApi, donationForm as form, payButton } from './support/donations.ts';
import { upcomingDemoEvents } from './support/events.ts';
import { mailbox as smtp } from './support/server.ts';

/**
 * The messages a volunteer and a donor get, as they get them: this file's server sends its mail to
 * a real SMTP server on localhost, and the journeys open the links in the mail they received.
 */

/** The address of the first link in a message's text that starts with `prefix`. */
function linkIn(text: string, prefix: string): string {
  const found = text.match(/https?:\/\/[^\s<>")\]]+/g)?.find((link) => new URL(link).pathname.startsWith(prefix));
  if (!found) throw new Error(`no ${prefix} link in: ${text}`);
  return found;
}

describe('mail about events and donations', () => {
  it('registering for an event sends the confirmation with the event as a calendar file, and its link opens My Events', async () => {
    const event = (await upcomingDemoEvents(2))[1]!;
    const who = await signUpThroughApi({ email: uniqueEmail('confirmed'), name: 'Vera Volunteer' });
    const page = await signedInPage(who);

    await page.goto(`/events/register/${event._id}`);
    const register = page.getByRole('form', { name: 'Event registration' }).getByRole('button', { name: 'Register' });
    await expect.poll(() => register.isEnabled()).toBe(true);
    await register.click();
    await toast(page, 'Successfully registered').waitFor();

    const [mail, ...more] = await smtp.mailTo(who.email, { subject: /^You are registered/ });
    expect(more).toEqual([]);
    expect(mail?.subject).toContain(`You are registered: ${event.title}`);
    const ics = mail?.attachments.find((a) => a.filename === 'event.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const { event: entry } = readCalendar(ics?.content.toString('utf8') ?? '');
    expect(entry.UID).toMatch(/^registration-[0-9a-f-]{36}@127\.0\.0\.1$/);
    // A timed event at its wall-clock time in the site's time zone, written in UTC; a day-only one all-day.
    const { timeZone } = (await (await apiCall(null, 'GET', '/site')).json()) as { timeZone: string };
    if (event.date.length > 10) expect(entry.DTSTART).toBe(utcStamp(instantOf(event.date, timeZone)));
    else expect(entry['DTSTART;VALUE=DATE']).toBe(event.date.replace(/-/g, ''));
    expect(entry.SUMMARY).toBe(event.title.replace(/([,;])/g, '\\$1'));
    expect(entry.URL).toBe(new URL(`/eventDetails/${event._id}`, page.url()).href);

    await page.goto(linkIn(mail?.text ?? '', '/dashboard/myEvents'));
    await page.getByRole('heading', { level: 1, name: 'My Events' }).waitFor();
    await page.getByTestId('registration-card').getByRole('heading', { name: event.title }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('donating sends the receipt, whose link opens a printable receipt with the amount', async () => {
    const [event] = await upcomingDemoEvents();
    const who = await signUpThroughApi({ email: uniqueEmail('receipt'), name: 'Rhea Receipt' });
    const page = await signedInPage(who);

    await page.goto(`/donation/${event!._id}`);
    await form(page).getByLabel('Card number').fill('4242 4242 4242 4242');
    await form(page)
      .getByLabel('Expiry (MM / YY)')
      .fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
    await form(page).getByLabel('CVC').fill('123');
    await form(page).getByLabel('Postal code').fill('SW1A 1AA');
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    await payButton(page).click();
    await toast(page, 'Successfully paid $30').waitFor();

    const [mail] = await smtp.mailTo(who.email, { subject: /^Your receipt/ });
    expect(mail?.subject).toBe('Your receipt: $30.00 to Helping Hands');
    expect(mail?.text).toContain('Card ending 4242');
    const receiptLink = linkIn(mail?.text ?? '', '/dashboard/donation/');
    expect(new URL(receiptLink).pathname).toMatch(/^\/dashboard\/donation\/[0-9a-f-]{36}\/receipt$/);

    await page.goto(receiptLink);
    const receipt = page.getByRole('article', { name: 'Donation receipt' });
    await receipt.waitFor();
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$30.00 (USD)');
    await receipt.getByText('Card ending 4242', { exact: true }).waitFor();
    await receipt.getByText(event!.title, { exact: true }).waitFor();
    // The charity as its settings name it (the demo's, which say they are demo values).
    await receipt.getByText('DEMO-000000', { exact: true }).waitFor();
    await receipt.getByText('Demo address: 1 Example Street, Exampletown', { exact: true }).waitFor();
    expect(await receipt.getByRole('link', { name: 'demo@example.org' }).getAttribute('href')).toBe('mailto:demo@example.org');
    expect(await page.title()).toContain('Donation receipt');
    await expectAccessible(page);

    // Printed: the receipt alone, without the site's navigation, the dashboard menu or the buttons.
    const print = receipt.getByRole('button', { name: 'Print' });
    await print.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await print.isVisible()).toBe(false);
    expect(await page.getByTestId('receipt-amount').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // My Donation links each donation to its receipt.
    await page.goto('/dashboard/donation');
    await page.getByRole('link', { name: `Receipt for ${event!.title}` }).click();
    await page.waitForURL(receiptLink);
    await receipt.waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it("does not show someone else's receipt", async () => {
    const [event] = await upcomingDemoEvents();
    const donor = await signUpThroughApi({ email: uniqueEmail('owner') });
    const { insertedId } = await donateThroughApi(donor, event!._id);
    const stranger = await signUpThroughApi({ email: uniqueEmail('stranger') });
    const page = await signedInPage(stranger);
    await page.goto(`/dashboard/donation/${insertedId}/receipt`);
    await page.getByRole('heading', { level: 1, name: 'Not your receipt' }).waitFor();
    expect(await page.getByTestId('receipt-amount').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to My Donation' }).waitFor();
    await expectAccessible(page);
  });
});
