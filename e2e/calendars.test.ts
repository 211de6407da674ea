import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcStamp } from '../src/shared/event-calendar.ts';
import { instantOf } from '../src/shared/time-zone.ts';
import { apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { upcomingDemoEvents } from './support/events.ts';

/** The page may write to and read the clipboard, as a person who allowed it would. */
async function allowClipboard(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** A browser without the Web Share API (most desktop browsers), whatever this one has. */
const withoutWebShare = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });

describe('calendars and sharing on an event’s page', () => {
  it('offers the event’s calendar file and a Google Calendar entry at the event’s time, and Share copies the link', async () => {
    const [event] = await upcomingDemoEvents(1);
    const { timeZone } = (await (await apiCall(null, 'GET', '/site')).json()) as { timeZone: string };
    const page = await newPage();
    await withoutWebShare(page);
    await allowClipboard(page);
    await page.goto(`/eventDetails/${event!._id}`);
    await page.getByRole('heading', { level: 1, name: event!.title }).waitFor();

    const calendar = page.getByRole('group', { name: 'Add to calendar' });
    const file = calendar.getByRole('link', { name: 'Add to calendar', exact: true });
    expect(await file.getAttribute('href')).toBe(`/api/events/${event!._id}/calendar.ics`);
    const download = await page.request.get(`/api/events/${event!._id}/calendar.ics`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await download.text()).toContain(`UID:event-${event!._id}@`);

    const google = calendar.getByRole('link', { name: 'Add to Google Calendar' });
    const href = new URL((await google.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(href.searchParams.get('action')).toBe('TEMPLATE');
    expect(href.searchParams.get('text')).toBe(event!.title);
    expect(href.searchParams.get('details')).toContain(`${baseURL}/eventDetails/${event!._id}`);
    const [start, end] = (href.searchParams.get('dates') ?? '').split('/');
    if (event!.date.length > 10) {
      expect(start).toBe(utcStamp(instantOf(event!.date, timeZone)));
      expect(end).toMatch(/^\d{8}T\d{6}Z$/);
      expect(end! > start!).toBe(true);
    } else {
      expect(start).toBe(event!.date.replace(/-/g, ''));
      expect(end).toMatch(/^\d{8}$/);
    }
    expect(await google.getAttribute('target')).toBe('_blank');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Share' }).click();
    await toast(page, 'Link copied').waitFor();
    expect(await clipboardText(page)).toBe(`${baseURL}/eventDetails/${event!._id}`);
    expect(pageProblems(page)).toEqual([]);
  });

  it('hands the link to the Web Share API where the browser has one', async () => {
    const [event] = await upcomingDemoEvents(1);
    const page = await newPage();
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        value: async (data: ShareData) => void shared.push(data),
        configurable: true,
      });
    });
    await page.goto(`/eventDetails/${event!._id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title: event!.title, url: `${baseURL}/eventDetails/${event!._id}` }]);
    expect(await toast(page, 'Link copied').count()).toBe(0);
  });
});

describe('the calendar feed on the profile page', () => {
  it('copies the feed address, and a new link replaces it so the old address answers 404', async () => {
    const who = await signUpThroughApi({ email: uniqueEmail('calendar'), name: 'Cal Endar' });
    const [event] = await upcomingDemoEvents(1);
    expect((await apiCall(who, 'POST', '/register', { eventId: event!._id })).ok).toBe(true);
    const page = await signedInPage(who);
    await allowClipboard(page);
    await page.goto('/dashboard/profile');

    const section = page.getByRole('group', { name: 'Calendar feed' });
    const address = section.getByRole('textbox', { name: 'Feed address' });
    await address.waitFor();
    const old = await address.inputValue();
    expect(old).toMatch(new RegExp(`^${baseURL}/api/calendar/[\\w-]{43,}\\.ics$`));
    expect(await address.getAttribute('readonly')).not.toBeNull();
    const feed = await page.request.get(old);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(`UID:event-${event!._id}@`);
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, 'Link copied').waitFor();
    expect(await clipboardText(page)).toBe(old);

    // Asked first: 'No' keeps the link.
    await section.getByRole('button', { name: 'Make a new link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new calendar link?' });
    await dialog.getByText('The old link stops working').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await address.inputValue()).toBe(old);
    expect((await page.request.get(old)).status()).toBe(200);

    await section.getByRole('button', { name: 'Make a new link' }).click();
    await dialog.getByRole('button', { name: 'Yes, make a new link' }).click();
    await toast(page, 'A new calendar link is ready: the old one no longer works').waitFor();
    await expect.poll(() => address.inputValue()).not.toBe(old);
    const fresh = await address.inputValue();
    expect((await page.request.get(old)).status()).toBe(404);
    expect((await page.request.get(fresh)).status()).toBe(200);
    await page.reload();
    await expect.poll(() => address.inputValue()).toBe(fresh);
    expect(pageProblems(page)).toEqual([]);
  });
});
