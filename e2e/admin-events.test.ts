import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  apiCall,
  type Session,
  signedInPage,
  signUpThroughApi,
  tinyPngFile,
  uniqueEmail,
  volunteerSession,
} from './support/accounts.ts';
import { baseURL, expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { expectFocused, expectNoProblem, expectProblemBeside, saidBeside } from './support/form-fields.ts';

interface StoredEvent {
  _id: string;
  index: number;
  key: string;
  title: string;
  desc: string;
  banner: string;
  date: string;
}

/** Banners linked from elsewhere come from this host; the browser is answered with a small PNG. */
const bannerHost = 'https://banners.example.org';
const futureDay = `${new Date().getFullYear() + 1}-06-15`;

function uniqueTitle(what: string): string {
  return `${what} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * The events these journeys make, deleted when the file ends: the server is shared with the other
 * journeys, whose pages would otherwise list events whose banners only this file's pages can load.
 */
const made = new Set<string>();
afterAll(async () => {
  const admin = await adminSession();
  // Every one is tried, whatever happens to the others; then any that failed, or remain, are named.
  const failed: string[] = [];
  for (const id of made) {
    const status = (await apiCall(admin, 'DELETE', `/events/${id}`)).status;
    if (status !== 200) failed.push(`DELETE /api/events/${id}: ${status}`);
  }
  for (const id of made) {
    const { status } = await storedEvent(id);
    if (status !== 404) failed.push(`GET /api/events/${id} after clean-up: ${status}`);
  }
  expect(failed).toEqual([]);
});

async function storedEvent(id: string): Promise<{ status: number; event?: StoredEvent }> {
  const res = await fetch(`${baseURL}/api/events/${id}`);
  return { status: res.status, event: res.status === 200 ? ((await res.json()) as StoredEvent) : undefined };
}

async function createEvent(admin: Session, title: string): Promise<StoredEvent> {
  const res = await apiCall(admin, 'POST', '/events', {
    title,
    desc: 'Litter pickers and bags are provided. Meet at the boathouse.',
    banner: `${bannerHost}/${encodeURIComponent(title)}.png`,
    date: `${futureDay}T10:30`,
  });
  expect(res.status).toBe(200);
  const { insertedId } = (await res.json()) as { insertedId: string };
  made.add(insertedId);
  return (await storedEvent(insertedId)).event!;
}

/** The event just added, from the page's link to it (and remembered for clean-up). */
async function addedEventId(page: Page, title: string): Promise<string> {
  const href = await page.getByRole('link', { name: `View ${title}` }).getAttribute('href');
  expect(href).toMatch(/^\/eventDetails\/[0-9a-f-]{36}$/);
  const id = href!.replace('/eventDetails/', '');
  made.add(id);
  return id;
}

async function serveLinkedBanners(page: Page) {
  const png = readFileSync(tinyPngFile());
  await page.route(`${bannerHost}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
}

/** Every call that would change events or store a picture, as 'POST /api/events'. */
function watchWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (request.method() !== 'GET' && /^\/api\/(events|images)/.test(pathname)) writes.push(`${request.method()} ${pathname}`);
  });
  return writes;
}

const form = (page: Page, name: string) => page.getByRole('form', { name });
/** A text field by its accessible name (Mantine's required asterisk is not part of it). */
const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const pictureInput = (scope: Locator) => scope.getByLabel('Upload a banner picture', { exact: true });

async function fillEvent(scope: Locator, values: { title: string; desc: string; banner?: string; day: string; time?: string }) {
  await field(scope, 'Event Title').fill(values.title);
  await field(scope, 'Description').fill(values.desc);
  if (values.banner !== undefined) await field(scope, 'Banner (optional)').fill(values.banner);
  await field(scope, 'Event Date').fill(values.day);
  if (values.time !== undefined) await field(scope, 'Start Time (optional)').fill(values.time);
}

describe('admin: Add Event', () => {
  it('adds an event from the form, says so, empties the form and the event is found on /events', async () => {
    const page = await signedInPage(await adminSession());
    await serveLinkedBanners(page);
    const writes = watchWrites(page);
    await page.goto('/dashboard/addEvent');
    await page.getByRole('heading', { level: 1, name: 'Add Event' }).waitFor();
    expect(await page.title()).toContain('Add Event');
    const add = form(page, 'Add Event');
    await expectAccessible(page);

    const title = uniqueTitle('Riverside clean-up');
    const banner = `${bannerHost}/riverside.png`;
    await fillEvent(add, { title, desc: 'Gloves provided.\nMeet at the boathouse.', banner, day: futureDay, time: '09:30' });
    await add.getByRole('button', { name: 'Add Event' }).click();

    await toast(page, `${title} Added Successfully`).waitFor();
    expect(writes).toEqual(['POST /api/events']);
    // A fresh form for the next event.
    for (const label of ['Event Title', 'Description', 'Banner (optional)', 'Event Date', 'Start Time (optional)']) {
      expect(await field(add, label).inputValue(), label).toBe('');
    }
    // The link to the new event's page says what the server stored.
    const id = await addedEventId(page, title);
    const { event } = await storedEvent(id);
    expect(event).toMatchObject({ title, desc: 'Gloves provided.\nMeet at the boathouse.', banner, date: `${futureDay}T09:30` });
    // Index and key are not on the form (the API still takes them): the server made them up.
    expect(await field(add, 'Event Index').count()).toBe(0);
    expect(await field(add, 'Event Key').count()).toBe(0);
    expect(Number.isInteger(event!.index)).toBe(true);
    expect(event!.key).not.toBe('');
    expect(pageProblems(page)).toEqual([]);

    await page.goto('/events');
    await page.getByLabel('Search events').fill(title);
    await page.getByTestId('events-heading').filter({ hasText: title }).waitFor();
    await expect.poll(() => page.getByTestId('event-card').count()).toBe(1);
    const card = page.getByTestId('event-card').filter({ hasText: title });
    await card.getByRole('link', { name: /view event/i }).click();
    await page.waitForURL(`**/eventDetails/${id}`);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('sends nothing while required fields are empty, and says what is wrong beside each field', async () => {
    const page = await signedInPage(await adminSession());
    const writes = watchWrites(page);
    await page.goto('/dashboard/addEvent');
    const add = form(page, 'Add Event');
    await add.getByRole('button', { name: 'Add Event' }).click();

    await expectProblemBeside(field(add, 'Event Title'), 'Title is required');
    await expectProblemBeside(field(add, 'Description'), 'Description is required');
    await expectProblemBeside(field(add, 'Event Date'), 'Date is required');
    // The optional ones are fine empty (a new event without a banner gets the site's own); focus goes to the first problem.
    await expectNoProblem(field(add, 'Banner (optional)'));
    await expectNoProblem(field(add, 'Start Time (optional)'));
    await expectFocused(field(add, 'Event Title'));
    await expectAccessible(page);

    // Wrong rather than missing: the same rules the server has.
    await field(add, 'Banner (optional)').fill('ftp://files.example.org/banner.png');
    await add.getByRole('button', { name: 'Add Event' }).click();
    await expectProblemBeside(field(add, 'Banner (optional)'), 'Banner must be an http(s) image address or an uploaded picture');
    await expectFocused(field(add, 'Event Title'));

    // Typing in a field takes its message away.
    await field(add, 'Event Title').fill('Beach tidy');
    await expectNoProblem(field(add, 'Event Title'));
    expect(await saidBeside(field(add, 'Event Title'))).not.toContain('Title is required');

    expect(writes).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it("shows the server's own field messages beside the fields", async () => {
    const page = await signedInPage(await adminSession());
    await serveLinkedBanners(page);
    await page.goto('/dashboard/addEvent');
    const add = form(page, 'Add Event');
    const title = uniqueTitle('Harbour walk');
    await fillEvent(add, { title, desc: 'A walk along the harbour.', banner: `${bannerHost}/harbour.png`, day: futureDay });
    // The page's check passes; on the way, the banner is spoiled, so the real server refuses it.
    await page.route('**/api/events', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), banner: 'not an address' }) }),
    );
    await add.getByRole('button', { name: 'Add Event' }).click();
    await expectProblemBeside(field(add, 'Banner (optional)'), 'Banner must be an http(s) image address or an uploaded picture');
    await expectFocused(field(add, 'Banner (optional)'));
    await expectNoProblem(field(add, 'Event Title'));
    expect(await field(add, 'Event Title').inputValue()).toBe(title);
    expect(await add.getByRole('alert').filter({ hasText: 'The event was not added' }).count()).toBe(0);
    const found = await fetch(`${baseURL}/api/events?q=${encodeURIComponent(title)}`);
    expect(found.headers.get('x-total-count')).toBe('0');
    expect(pageProblems(page)).toEqual([expect.stringContaining('400')]);
  });

  it('keeps what was typed when the call fails, and says why in an alert (network, then 403)', async () => {
    const admin = await adminSession();
    const helper = await signUpThroughApi({ email: uniqueEmail('helper-admin'), name: 'Hal Helper' });
    expect((await apiCall(admin, 'PUT', '/users/role', { email: helper.email, role: 'admin' })).status).toBe(200);
    // An extra admin on the shared server would change what other journeys see (the last-admin
    // refusal): whatever happens below, the helper ends as a donator.
    try {
      const page = await signedInPage(helper);
      await serveLinkedBanners(page);
      await page.goto('/dashboard/addEvent');
      const add = form(page, 'Add Event');
      const title = uniqueTitle('Food bank shift');
      const values = { title, desc: 'Sorting donations for the weekend.', banner: `${bannerHost}/food.png`, day: futureDay, time: '18:00' };
      await fillEvent(add, values);

      await page.route('**/api/events', (route) => route.abort('internetdisconnected'));
      await add.getByRole('button', { name: 'Add Event' }).click();
      const alert = add.getByRole('alert').filter({ hasText: 'The event was not added' });
      await alert.getByText('Could not reach the server. Check your connection and try again.').waitFor();
      await page.unroute('**/api/events');

      // Meanwhile another admin takes the role away: the server refuses.
      expect((await apiCall(admin, 'PUT', '/users/role', { email: helper.email, role: 'donator' })).status).toBe(200);
      await add.getByRole('button', { name: 'Add Event' }).click();
      await alert.getByText('You are not allowed to do this').waitFor();

      expect(await field(add, 'Event Title').inputValue()).toBe(values.title);
      expect(await field(add, 'Description').inputValue()).toBe(values.desc);
      expect(await field(add, 'Banner (optional)').inputValue()).toBe(values.banner);
      expect(await field(add, 'Event Date').inputValue()).toBe(values.day);
      expect(await field(add, 'Start Time (optional)').inputValue()).toBe(values.time);
      await expectAccessible(page);
      const found = await fetch(`${baseURL}/api/events?q=${encodeURIComponent(title)}`);
      expect(found.headers.get('x-total-count')).toBe('0');
      expect(pageProblems(page)).toEqual([expect.stringContaining('ERR_INTERNET_DISCONNECTED'), expect.stringContaining('403')]);
    } finally {
      expect((await apiCall(admin, 'PUT', '/users/role', { email: helper.email, role: 'donator' })).status).toBe(200);
      expect(await (await apiCall(admin, 'GET', `/users/${encodeURIComponent(helper.email)}`)).json()).toEqual([false, false]);
    }
  });

  it('uploads a banner picture, shows it while the form waits, and adds the event with its address', async () => {
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/addEvent');
    const add = form(page, 'Add Event');
    const picture = pictureInput(add);
    const banner = field(add, 'Banner (optional)');

    // Not a picture: the server's message beside the file field, and the banner untouched.
    await picture.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are my notes, not a picture') });
    await expectProblemBeside(picture, 'Upload a PNG, JPEG or WebP image');
    expect(await banner.inputValue()).toBe('');

    // A real picture, held back a moment so the wait can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/images', async (route) => {
      await held;
      await route.continue();
    });
    await picture.setInputFiles(tinyPngFile());
    await add.getByText('Uploading picture…').waitFor();
    expect(await add.getByRole('button', { name: 'Add Event' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => banner.inputValue()).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const url = await banner.inputValue();
    await add.getByText('Picture uploaded.').waitFor();
    expect(await picture.getAttribute('aria-invalid')).toBeNull();
    const preview = add.getByRole('img', { name: 'Banner preview' });
    expect(await preview.getAttribute('src')).toBe(url);
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(await add.getByRole('button', { name: 'Add Event' }).isDisabled()).toBe(false);

    const title = uniqueTitle('Park planting');
    await fillEvent(add, { title, desc: 'Planting bulbs in the park.', day: futureDay });
    await add.getByRole('button', { name: 'Add Event' }).click();
    await toast(page, `${title} Added Successfully`).waitFor();
    const id = await addedEventId(page, title);
    expect((await storedEvent(id)).event?.banner).toBe(url);
    const picked = await fetch(`${baseURL}${url}`);
    expect(picked.status).toBe(200);
    expect(picked.headers.get('content-type')).toBe('image/webp');
    expect(pageProblems(page)).toEqual([expect.stringContaining('400')]);
  });

  it('fits a phone 375 px wide and adds an event there', async () => {
    const page = await signedInPage(await adminSession(), { width: 375, height: 740 });
    await serveLinkedBanners(page);
    await page.goto('/dashboard/addEvent');
    const add = form(page, 'Add Event');
    await add.getByRole('button', { name: 'Add Event' }).waitFor();
    const title = uniqueTitle('Phone-added litter pick');
    await fillEvent(add, { title, desc: 'Added from a phone.', banner: `${bannerHost}/phone.png`, day: futureDay, time: '07:45' });
    await add.getByRole('img', { name: 'Banner preview' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const [label, input] of [
      ...['Event Title', 'Description', 'Banner (optional)', 'Event Date', 'Start Time (optional)'].map(
        (name) => [name, field(add, name)] as const,
      ),
      ['Upload a banner picture', pictureInput(add)] as const,
    ]) {
      const box = (await input.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(375);
    }
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Add Event' }).click();
    await toast(page, `${title} Added Successfully`).waitFor();
    await addedEventId(page, title);
    expect(pageProblems(page)).toEqual([]);
  });

  it('is not for volunteers: the not-authorised page', async () => {
    const volunteer = await volunteerSession();
    const page = await signedInPage(volunteer);
    await page.goto('/dashboard/addEvent');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
    expect(await page.getByRole('form', { name: 'Add Event' }).count()).toBe(0);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);

    // Signed out, the address asks for a login first.
    const visitor = await newPage();
    await visitor.goto('/dashboard/addEvent');
    await visitor.waitForURL(/\/login/);
  });
});

describe('admin: Update Event', () => {
  it('opens from All Events filled in, saves a new title and the lists show it', async () => {
    const admin = await adminSession();
    const title = uniqueTitle('Beach tidy');
    const created = await createEvent(admin, title);
    const page = await signedInPage(admin);
    await serveLinkedBanners(page);
    const writes = watchWrites(page);

    await page.goto('/dashboard/allEvents');
    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    await page.getByRole('heading', { level: 1, name: `Total 1 event matching ‘${title}’` }).waitFor();
    await page.getByRole('link', { name: `Update ${title}` }).click();
    await page.waitForURL(`**/dashboard/eventUpdatePage/${created._id}`);
    await page.getByRole('heading', { level: 1, name: 'Update Event' }).waitFor();

    const update = form(page, 'Update Event');
    await expect.poll(() => field(update, 'Event Title').inputValue()).toBe(title);
    expect(await field(update, 'Description').inputValue()).toBe(created.desc);
    expect(await field(update, 'Banner (optional)').inputValue()).toBe(created.banner);
    expect(await field(update, 'Event Date').inputValue()).toBe(futureDay);
    expect(await field(update, 'Start Time (optional)').inputValue()).toBe('10:30');
    // Index and key are not the update screen's to change.
    expect(await field(update, 'Event Index').count()).toBe(0);
    expect(await page.title()).toContain(`Update ${title}`);
    await expectAccessible(page);

    // Still checked before sending.
    await field(update, 'Event Title').fill('');
    await update.getByRole('button', { name: 'Update' }).click();
    await expectProblemBeside(field(update, 'Event Title'), 'Title is required');
    await expectFocused(field(update, 'Event Title'));
    await expectNoProblem(field(update, 'Description'));
    expect(writes).toEqual([]);

    const renamed = uniqueTitle('Harbour tidy');
    await field(update, 'Event Title').fill(renamed);
    await update.getByRole('button', { name: 'Update' }).click();
    await toast(page, `${renamed} Updated Successful`).waitFor();
    expect(writes).toEqual([`PUT /api/events/${created._id}`]);
    const { event } = await storedEvent(created._id);
    expect(event).toEqual({ ...created, title: renamed });
    // The form keeps the saved values and offers the way back.
    expect(await field(update, 'Event Title').inputValue()).toBe(renamed);
    await page.getByRole('region', { name: 'Event updated' }).getByRole('link', { name: 'Back to All Events' }).waitFor();

    // Back to the search made before: the list has been refreshed, not shown from memory.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: `Total 0 events matching ‘${title}’` }).waitFor();
    await page.getByRole('searchbox', { name: 'Search events' }).fill(renamed);
    await page.getByRole('link', { name: `Update ${renamed}` }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows a skeleton while the event loads, and says so when there is no such event', async () => {
    const admin = await adminSession();
    const created = await createEvent(admin, uniqueTitle('Skeleton check'));
    const page = await signedInPage(admin);
    await serveLinkedBanners(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/events/${created._id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/dashboard/eventUpdatePage/${created._id}`);
    await page.getByRole('status').filter({ hasText: 'Loading event' }).waitFor();
    expect(await page.getByRole('form', { name: 'Update Event' }).count()).toBe(0);
    release();
    await expect.poll(() => field(form(page, 'Update Event'), 'Event Title').inputValue()).toBe(created.title);

    await page.goto('/dashboard/eventUpdatePage/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    expect(await page.getByRole('form', { name: 'Update Event' }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to All Events' }).click();
    await page.waitForURL('**/dashboard/allEvents');
    expect(pageProblems(page)).toEqual([expect.stringContaining('404')]);
  });
});

describe('admin: deleting from All Events', () => {
  it('asks first: a no keeps the event, a yes deletes it and its row', async () => {
    const admin = await adminSession();
    const title = uniqueTitle('Charity fun run');
    const created = await createEvent(admin, title);
    const page = await signedInPage(admin);
    await serveLinkedBanners(page);
    await page.goto(`/dashboard/allEvents?q=${encodeURIComponent(title)}`);
    const remove = page.getByRole('button', { name: `Delete ${title}` });
    await remove.click();

    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${title} will be deleted with its registrations.`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await toast(page, `${title} not deleted`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await storedEvent(created._id)).status).toBe(200);
    expect(await remove.count()).toBe(1);

    await remove.click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, `${title} deleted successfully`).waitFor();
    await remove.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: `Total 0 events matching ‘${title}’` }).waitFor();
    expect((await storedEvent(created._id)).status).toBe(404);
    expect(pageProblems(page)).toEqual([]);
  });
});
