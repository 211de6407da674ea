import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, type Session, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { pastDemoEvents, upcomingDemoEvents } from './support/events.ts';

async function registerThroughApi(session: Session, eventId: string) {
  expect((await apiCall(session, 'POST', '/register', { eventId })).status).toBe(201);
}

async function registrationsOf(session: Session): Promise<{ eventId: string }[]> {
  const res = await apiCall(session, 'GET', `/register/event/${encodeURIComponent(session.email)}`);
  expect(res.status).toBe(200);
  return res.json();
}

const cards = (page: Page) => page.getByTestId('registration-card');

describe('volunteering: event registration', () => {
  it('registers for an event from the read-only form, shows it in My Events, and says so on a second visit', async () => {
    const event = (await upcomingDemoEvents(3))[2]!;
    const who = await signUpThroughApi({ email: uniqueEmail('register'), name: 'Rita Register' });
    const page = await signedInPage(who);

    await page.goto(`/eventDetails/${event._id}`);
    await page.getByRole('link', { name: 'Event Register' }).click();
    await page.waitForURL(`**/events/register/${event._id}`);
    await page.getByRole('heading', { level: 1, name: `Register for ${event.title}` }).waitFor();
    expect(await page.title()).toContain(`Register for ${event.title}`);

    const form = page.getByRole('form', { name: 'Event registration' });
    for (const [label, value] of [
      ['Name', 'Rita Register'],
      ['Email', who.email],
      ['Title', event.title],
      ['Description', event.desc],
    ]) {
      expect(await form.getByLabel(label!, { exact: true }).inputValue()).toBe(value);
      expect(await form.getByLabel(label!, { exact: true }).getAttribute('readonly')).not.toBeNull();
    }
    expect(await form.getByLabel('Date', { exact: true }).inputValue()).toContain(event.date.slice(0, 4));
    expect(await form.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('/images/default-avatar.svg');
    const register = form.getByRole('button', { name: 'Register' });
    await expect.poll(() => register.isEnabled()).toBe(true);
    await expectAccessible(page);

    await register.click();
    await toast(page, 'Successfully registered').waitFor();
    await page.getByText('You are registered for this event').waitFor();
    expect(await form.getByRole('button', { name: 'Register' }).count()).toBe(0);
    await expectAccessible(page);
    expect(await registrationsOf(who)).toEqual([expect.objectContaining({ eventId: event._id })]);

    await page.getByRole('link', { name: 'My Events' }).first().click();
    await page.waitForURL((url) => url.pathname === '/dashboard/myEvents');
    await page.getByRole('heading', { level: 1, name: 'My Events' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(1);
    const card = cards(page).first();
    // The whole title, as a link to the event; the description cut to 150 and '...' (spec section 9).
    await card.getByRole('heading', { name: event.title }).waitFor();
    expect(await card.getByRole('link', { name: event.title, exact: true }).getAttribute('href')).toBe(`/eventDetails/${event._id}`);
    expect(await card.getByText(`${event.desc.slice(0, 150).trimEnd()}...`, { exact: true }).isVisible()).toBe(true);
    await card.getByText('Volunteer', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Cancel Event' }).waitFor();
    await expectAccessible(page);

    // Back on the form: already registered, and no button to register twice.
    await page.goto(`/events/register/${event._id}`);
    await page.getByText('You are already registered for this event').waitFor();
    expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'My Events' }).getAttribute('href')).toBe('/dashboard/myEvents');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('says already registered when the server answers 409 to a second Register', async () => {
    const event = (await upcomingDemoEvents(4))[3]!;
    const who = await signUpThroughApi({ email: uniqueEmail('twice') });
    const page = await signedInPage(who);
    await page.goto(`/events/register/${event._id}`);
    const register = page.getByRole('button', { name: 'Register' });
    await expect.poll(() => register.isEnabled()).toBe(true);
    // Registered meanwhile in another tab.
    await registerThroughApi(who, event._id);
    await register.click();
    await page.getByText('You are already registered for this event').waitFor();
    expect(await register.count()).toBe(0);
  });

  it('cancels a registration only after the confirm dialog says yes', async () => {
    const event = (await upcomingDemoEvents(2))[1]!;
    const who = await signUpThroughApi({ email: uniqueEmail('cancel') });
    await registerThroughApi(who, event._id);
    const page = await signedInPage(who);
    await page.goto('/dashboard/myEvents');
    await expect.poll(() => cards(page).count()).toBe(1);

    await cards(page).first().getByRole('button', { name: 'Cancel Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await toast(page, `${event.title} not deleted`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(1);
    expect(await registrationsOf(who)).toHaveLength(1);

    // Escape is a 'no' too.
    await cards(page).first().getByRole('button', { name: 'Cancel Event' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await registrationsOf(who)).toHaveLength(1);

    await cards(page).first().getByRole('button', { name: 'Cancel Event' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, `${event.title} deleted successfully`).waitFor();
    await expect.poll(() => cards(page).count()).toBe(0);
    expect(await registrationsOf(who)).toEqual([]);
    await page.getByRole('heading', { name: 'You have not registered for any events yet' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe('/events');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('offers no Register button for an event that has taken place', async () => {
    const past = (await pastDemoEvents())[0]!;
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('late') }));
    await page.goto(`/events/register/${past._id}`);
    await page.getByText('This event has already taken place').waitFor();
    expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
    await expectAccessible(page);
  });

  it('says an unknown event is not found', async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('unknown') }));
    await page.goto('/events/register/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10');
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
    await expectAccessible(page);
  });

  it('sends a signed-out visitor to /login first', async () => {
    const upcoming = (await upcomingDemoEvents())[0]!;
    const page = await newPage();
    await page.goto(`/events/register/${upcoming._id}`);
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
