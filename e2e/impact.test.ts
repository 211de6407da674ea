import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, type Session, signedInPage, signUpThroughApi, uniqueEmail, volunteerSession } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';
import { donateThroughApi } from './support/donations.ts';

/**
 * The pass and a person's impact, as they see them: the QR code on My Events that the door phone
 * scans, and My Impact with the events they were checked in at, their hours and their donations;
 * and, for admins, an event's hours on its form and a person's hours on the roster.
 */

/** The calendar day `offset` days from today on this machine's clock, as YYYY-MM-DD. */
function localDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * An event the day after tomorrow, 09:00 to 12:30 (3.5 hours from start to end), made by the admin
 * through the API; `capacity` places when given.
 */
async function newEvent(admin: Session, what: string, extra: Record<string, unknown> = {}) {
  const title = `${what} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const day = localDay(2);
  const res = await apiCall(admin, 'POST', '/events', {
    title,
    desc: 'Sorting donated food into parcels for families before the weekend.',
    banner: '/images/events/coat-drive.svg',
    date: `${day}T09:00`,
    end: `${day}T12:30`,
    location: 'Church hall, Mill Lane',
    ...extra,
  });
  if (res.status !== 200) throw new Error(`adding ${title} failed: ${res.status} ${await res.text()}`);
  const { insertedId } = (await res.json()) as { insertedId: string };
  return { eventId: insertedId, title, day };
}

/**
 * The event takes place: moved to yesterday, same hours (registrations and check-ins are made while it
 * is still to come; hours count once it has ended). Returns its new day.
 */
async function heldYesterday(admin: Session, eventId: string, title: string): Promise<string> {
  const day = localDay(-1);
  const res = await apiCall(admin, 'PUT', `/events/${eventId}`, {
    title,
    desc: 'Sorting donated food into parcels for families before the weekend.',
    date: `${day}T09:00`,
    end: `${day}T12:30`,
  });
  if (res.status !== 200) throw new Error(`moving ${title} to yesterday failed: ${res.status} ${await res.text()}`);
  return day;
}

async function register(who: Session, eventId: string) {
  const res = await apiCall(who, 'POST', '/register', { eventId });
  if (res.status !== 201) throw new Error(`registering ${who.email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { insertedId: string; status: 'registered' | 'waitlisted' };
}

/**
 * Checked in at 10:00 on `day` (the event's, now past), as a phone kept offline at the door sends it:
 * the door takes check-ins only while the event is on.
 */
async function checkIn(admin: Session, eventId: string, registrationId: string, day: string) {
  const at = new Date(`${day}T10:00`).toISOString();
  const res = await apiCall(admin, 'POST', '/checkin', { eventId, registrationId, at });
  if (res.status !== 200) throw new Error(`checking in ${registrationId} failed: ${res.status} ${await res.text()}`);
}

/** What a phone's camera would read from the QR code as drawn on the screen: a picture of it, decoded. */
async function readQrCode(code: Locator): Promise<string | null> {
  const png = await code.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return read?.data ?? null;
}

/** The page's headings as 'h1 My Impact', in the order they come. */
const headings = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('heading')
    .evaluateAll((found) => found.map((h) => `${h.tagName.toLowerCase()} ${h.textContent?.trim()}`));

/** The value beside a term in the summary's description list. */
const figure = (page: Page, term: string) =>
  page
    .getByTestId('impact-summary')
    .locator('div', { has: page.locator('dt', { hasText: term }) })
    .locator('dd');

describe('the pass on My Events', () => {
  it('shows each place held as a QR code that reads back as the token the server gives, and no pass for a place on the waitlist', async () => {
    const admin = await adminSession();
    const held = await newEvent(admin, 'Pass test');
    const full = await newEvent(admin, 'Full pass test', { capacity: '1' });
    await register(await signUpThroughApi({ email: uniqueEmail('first'), name: 'Fay First' }), full.eventId);
    const volunteer = await volunteerSession();
    const place = await register(volunteer, held.eventId);
    expect(place.status).toBe('registered');
    expect((await register(volunteer, full.eventId)).status).toBe('waitlisted');

    const page = await signedInPage(volunteer, { width: 390, height: 844 });
    await page.goto('/dashboard/myEvents');
    const card = (title: string) => page.getByTestId('registration-card').filter({ hasText: title });
    await card(held.title).waitFor();
    await card(full.title).getByText('Waitlisted: number 1').waitFor();
    expect(await card(full.title).getByRole('button', { name: 'Show pass' }).count()).toBe(0);

    const show = card(held.title).getByRole('button', { name: 'Show pass' });
    await show.click();
    const dialog = page.getByRole('dialog', { name: `Pass for ${held.title}` });
    await dialog.waitFor();
    await dialog.getByText('Val Volunteer', { exact: true }).waitFor();
    const code = dialog.getByRole('img', { name: `QR code of your pass for ${held.title}` });
    await code.waitFor();
    // One picture for a screen reader, not the drawing inside it as well.
    expect(await code.getByRole('img').count()).toBe(0);

    // Big enough to scan from a phone's screen, and it holds the pass the server signed for this registration.
    const box = await code.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(280);
    expect(box?.height).toBeGreaterThanOrEqual(280);
    const pass = await apiCall(volunteer, 'GET', `/register/${place.insertedId}/pass`);
    expect(pass.status).toBe(200);
    const { token, registrationId } = (await pass.json()) as { token: string; registrationId: string };
    expect(registrationId).toBe(place.insertedId);
    expect(token.length).toBeGreaterThan(20);
    expect(await readQrCode(code)).toBe(token);
    await expectAccessible(page);

    // Escape closes it and puts focus back on the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => show.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps the QR library off pages that show no pass', async () => {
    const volunteer = await volunteerSession();
    const page = await signedInPage(volunteer);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/dashboard/myEvents');
    await page.getByRole('heading', { level: 1, name: 'My Events' }).waitFor();
    await page.getByRole('link', { name: 'Browse events' }).waitFor();
    const beforeAnyPass = [...scripts];
    const admin = await adminSession();
    const held = await newEvent(admin, 'Lazy pass test');
    await register(volunteer, held.eventId);
    await page.reload();
    await page.getByRole('button', { name: 'Show pass' }).click();
    await page
      .getByRole('dialog', { name: `Pass for ${held.title}` })
      .getByTestId('qr-code')
      .waitFor();
    const loadedForThePass = scripts.filter((url) => !beforeAnyPass.includes(url));
    // The code is drawn by a script that only opening a pass loaded.
    expect(loadedForThePass.length).toBeGreaterThan(0);
    const qrSource = async (url: string) => (await (await fetch(url)).text()).includes('Too few arguments provided');
    expect((await Promise.all(beforeAnyPass.map(qrSource))).some(Boolean)).toBe(false);
    expect((await Promise.all(loadedForThePass.map(qrSource))).some(Boolean)).toBe(true);
  });
});

describe('My Impact', () => {
  it('shows the events a person was checked in at with their hours, the totals and their donations, and downloads their certificate', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Impact test');
    const volunteer = await volunteerSession();
    const { insertedId } = await register(volunteer, eventId);
    const gift = await donateThroughApi(volunteer, eventId);
    const given = `$${(gift.amount / 100).toFixed(2)}`;
    const day = await heldYesterday(admin, eventId, title);
    await checkIn(admin, eventId, insertedId, day);

    const page = await signedInPage(volunteer);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Impact' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/impact');
    await page.getByRole('heading', { level: 1, name: 'My Impact' }).waitFor();
    expect(await page.title()).toContain('My Impact');

    const attended = page.getByRole('table', { name: 'Events attended, latest first' });
    const row = attended.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toBe(title);
    expect(cells[1]).toMatch(/\d{4}/);
    expect(cells[2]).toBe('3.5 hours');
    expect(await row.getByRole('link', { name: title }).getAttribute('href')).toBe(`/eventDetails/${eventId}`);

    // This year's hours count events dated this year: yesterday was last year on the 1st of January.
    const thisYear = day.startsWith(String(new Date().getFullYear())) ? '3.5 hours' : '0 hours';
    expect(await figure(page, 'Hours this year').textContent()).toBe(thisYear);
    expect(await figure(page, 'Hours in all').textContent()).toBe('3.5 hours');
    expect(await figure(page, 'Events attended').textContent()).toBe('1');
    expect(await figure(page, 'Given in all').textContent()).toBe(given);

    const donations = page.getByRole('region', { name: 'Donations' });
    await donations.getByText(`${given} in 1 donation.`).waitFor();
    const years = donations.getByRole('table', { name: 'Donations per year, latest first' });
    expect(await years.getByRole('row').nth(1).textContent()).toBe(`${new Date().getFullYear()}${given}`);
    expect(await donations.getByRole('link', { name: 'Donation statement' }).getAttribute('href')).toBe('/dashboard/donation');

    expect(await headings(page)).toEqual(['h1 My Impact', 'h2 Events attended', 'h2 Donations']);
    await expectAccessible(page);

    // The certificate: a PDF the browser saves, for this person only.
    const link = page.getByRole('link', { name: 'Download certificate' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`/api/impact/${encodeURIComponent(volunteer.email)}/certificate.pdf`);
    const fetched = await page.context().request.get(href);
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await fetched.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // From the statement link, My Donation with the year's statement.
    await donations.getByRole('link', { name: 'Donation statement' }).click();
    await page.getByRole('heading', { level: 2, name: `Donation statement for ${new Date().getFullYear()}` }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('tells a new account it has attended no events yet, with the way to one, after saying it is loading', async () => {
    const newcomer = await signUpThroughApi({ email: uniqueEmail('newcomer'), name: 'Nia New' });
    const page = await signedInPage(newcomer);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/impact/**', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/dashboard/impact');
    await page.getByRole('status').filter({ hasText: 'Loading your impact' }).waitFor();
    answer();

    const attended = page.getByRole('region', { name: 'Events attended' });
    await attended.getByText('No events attended yet').waitFor();
    expect(await attended.getByRole('link', { name: 'Find an event to volunteer at' }).getAttribute('href')).toBe('/events');
    await page.getByRole('region', { name: 'Donations' }).getByText('No donations yet').waitFor();
    expect(await figure(page, 'Hours in all').textContent()).toBe('0 hours');
    expect(await figure(page, 'Given in all').textContent()).toBe('$0.00');
    expect(await page.getByRole('link', { name: 'Download certificate' }).count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Impact' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await headings(page)).toEqual(['h1 My Impact', 'h2 Events attended', 'h2 Donations']);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe("admin: an event's hours", () => {
  it('saves the hours an event credits from Update Event, says what is wrong beside the field, and shows them again', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Hours form test');
    const page = await signedInPage(admin);
    await page.goto(`/dashboard/eventUpdatePage/${eventId}`);
    const update = page.getByRole('form', { name: 'Update Event' });
    const hours = update.getByLabel('Hours credited (optional)');
    await hours.waitFor();
    expect(await hours.inputValue()).toBe('');
    await update.getByText('Leave empty to count from start to end').waitFor();

    await hours.fill('2.1');
    await update.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => hours.getAttribute('aria-invalid')).toBe('true');
    await update.getByText('Hours go in quarter hours (e.g. 1.25, 2.5)').waitFor();
    await expectAccessible(page);

    await hours.fill('5.75');
    await update.getByRole('button', { name: 'Update' }).click();
    await toast(page, `${title} Updated Successful`).waitFor();
    expect(((await (await apiCall(null, 'GET', `/events/${eventId}`)).json()) as { hours: number | null }).hours).toBe(5.75);
    await page.reload();
    await expect.poll(() => update.getByLabel('Hours credited (optional)').inputValue()).toBe('5.75');
  });

  it('shows on the roster who was checked in, and lets an admin adjust one person’s hours, which their impact then counts', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Roster hours test');
    const came = await signUpThroughApi({ email: uniqueEmail('came'), name: 'Cal Came' });
    const away = await signUpThroughApi({ email: uniqueEmail('away'), name: 'Ava Away' });
    const { insertedId } = await register(came, eventId);
    await register(away, eventId);
    await checkIn(admin, eventId, insertedId, await heldYesterday(admin, eventId, title));

    const page = await signedInPage(admin);
    await page.goto(`/dashboard/events/${eventId}/roster`);
    await page.getByRole('heading', { level: 1, name: `Roster: ${title}` }).waitFor();
    await page.getByTestId('checked-in-count').getByText('1 of 2 checked in').waitFor();
    const registered = page.getByRole('table', { name: 'Registered, by name' });
    const rowOf = (name: string) => registered.getByRole('row').filter({ hasText: name });
    await rowOf('Cal Came').getByText('3.5 hours').waitFor();
    expect(await rowOf('Cal Came').locator('time').count()).toBeGreaterThan(1);
    await rowOf('Ava Away').getByText('Not yet').waitFor();

    await rowOf('Cal Came').getByRole('button', { name: 'Adjust hours of Cal Came' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust hours: Cal Came' });
    const field = dialog.getByLabel('Hours credited');
    await field.fill('30');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await dialog.getByText('Hours must be at most 24').waitFor();
    await expectAccessible(page);
    await field.fill('2.25');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('Cal Came').getByText('2.25 hours').waitFor();
    await rowOf('Cal Came').getByText('(set by hand)').waitFor();

    // The event has taken place: their impact counts it.
    const impact = await signedInPage(came);
    await impact.goto('/dashboard/impact');
    await impact
      .getByRole('table', { name: 'Events attended, latest first' })
      .getByRole('row')
      .filter({ hasText: title })
      .getByText('2.25 hours')
      .waitFor();
    expect(await figure(impact, 'Hours in all').textContent()).toBe('2.25 hours');

    // Back to the event's own hours.
    await rowOf('Cal Came').getByRole('button', { name: 'Adjust hours of Cal Came' }).click();
    await dialog.getByRole('button', { name: "Use the event's hours" }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('Cal Came').getByText('3.5 hours').waitFor();
    expect(await rowOf('Cal Came').getByText('(set by hand)').count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
});
