import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, type Session, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, pageProblems } from './support/browser.ts';

/** The calendar day `offset` days from today on this machine's clock, as YYYY-MM-DD. */
function localDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * An event with two places, taken by Bea and Abe; Wyn and Val, who register after it is full, wait as
 * numbers 1 and 2. All through the API, by the registration rules themselves.
 */
async function eventWithWaitlist(admin: Session) {
  const title = `Roster test ${Date.now()}`;
  const created = await apiCall(admin, 'POST', '/events', {
    title,
    desc: 'Sorting donated coats by size before the winter drive.',
    banner: '/images/events/coat-drive.svg',
    date: `${localDay(3)}T09:30`,
    location: 'Church hall, Mill Lane',
    capacity: '2',
  });
  expect(created.status).toBe(200);
  const { insertedId: eventId } = (await created.json()) as { insertedId: string };
  const register = async (who: Session) => {
    const res = await apiCall(who, 'POST', '/register', { eventId });
    expect(res.status).toBe(201);
    return (await res.json()) as { insertedId: string; status: string; position: number | null };
  };
  const bea = await signUpThroughApi({ email: uniqueEmail('bea'), name: 'Bea Brown' });
  const abe = await signUpThroughApi({ email: uniqueEmail('abe'), name: 'Abe Adams' });
  for (const who of [bea, abe]) expect((await register(who)).status).toBe('registered');
  const wyn = await signUpThroughApi({ email: uniqueEmail('wait'), name: 'Wyn Wait' });
  const val = await signUpThroughApi({ email: uniqueEmail('wait'), name: 'Val Queue' });
  expect(await register(wyn)).toMatchObject({ status: 'waitlisted', position: 1 });
  expect(await register(val)).toMatchObject({ status: 'waitlisted', position: 2 });
  return { eventId, title, bea, abe, wyn, val };
}

describe('admin: an event roster', () => {
  it('lists who is registered and who waits, downloads the same as CSV, and prints a sign-in sheet', async () => {
    const admin = await adminSession();
    const { eventId, title, bea, abe, wyn, val } = await eventWithWaitlist(admin);
    const page = await signedInPage(admin);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });

    // From All Events: each row links to its roster.
    await page.goto(`/dashboard/allEvents?q=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: `Roster of ${title}` }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/events/${eventId}/roster`);
    await page.getByRole('heading', { level: 1, name: `Roster: ${title}` }).waitFor();
    expect(await page.title()).toContain(`Roster: ${title}`);
    await page.getByText('2 of 2 places taken').waitFor();
    await page.getByText(/ · Church hall, Mill Lane$/).waitFor();

    const registered = page.getByRole('table', { name: 'Registered, by name' });
    const names = async (table: typeof registered) =>
      (await table.getByRole('row').allTextContents()).slice(1).map((text) => text.replace(/\s+/g, ' '));
    await registered.waitFor();
    expect((await names(registered)).map((row) => row.split('@')[0])).toEqual([
      `Abe Adams${abe.email.split('@')[0]}`,
      `Bea Brown${bea.email.split('@')[0]}`,
    ]);
    const waitlist = page.getByRole('table', { name: 'The waitlist, next in line first' });
    expect(await waitlist.getByRole('columnheader').allTextContents()).toEqual(['Position', 'Name', 'Email', 'Registered']);
    const waitRows = waitlist.getByRole('row');
    expect(await waitRows.nth(1).getByRole('cell').first().textContent()).toBe('1');
    expect(await waitRows.nth(1).textContent()).toContain(wyn.email);
    expect(await waitRows.nth(2).getByRole('cell').first().textContent()).toBe('2');
    expect(await waitRows.nth(2).textContent()).toContain(val.email);
    await expectAccessible(page);

    // Download CSV: the file the browser saves is the roster the API gives.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^roster-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
    const saved = Buffer.concat(chunks).toString('utf8');
    const fromApi = await (await apiCall(admin, 'GET', `/events/${eventId}/roster.csv`)).text();
    expect(saved.replace(/^\uFEFF/, '')).toBe(fromApi.replace(/^\uFEFF/, ''));
    const lines = saved
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      'Status,Waitlist position,Name',
      'Registered,,Abe Adams',
      'Registered,,Bea Brown',
      'Waitlisted,1,Wyn Wait',
      'Waitlisted,2,Val Queue',
    ]);

    // Print sign-in sheet: the button asks the browser to print; printed, the sheet is the page.
    await page.getByRole('button', { name: 'Print sign-in sheet' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const sheet = page.getByTestId('sign-in-sheet');
    expect(await sheet.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    await sheet.waitFor({ state: 'visible' });
    expect(await sheet.getByRole('heading').textContent()).toBe(`Sign-in sheet: ${title}`);
    expect(await sheet.textContent()).toContain('Place: Church hall, Mill Lane');
    expect(await sheet.getByRole('columnheader').allTextContents()).toEqual(['#', 'Name', 'Signature']);
    const sheetRows = sheet.getByRole('row');
    expect(await sheetRows.nth(1).getByRole('cell').allTextContents()).toEqual(['1', 'Abe Adams', '']);
    expect(await sheetRows.nth(2).getByRole('cell').allTextContents()).toEqual(['2', 'Bea Brown', '']);
    // The page's chrome and its lists are left off the paper.
    for (const hidden of [
      page.getByRole('banner'),
      page.getByRole('contentinfo'),
      page.getByRole('navigation', { name: 'Dashboard' }),
      page.getByRole('heading', { level: 1, name: `Roster: ${title}` }),
      page.getByRole('button', { name: 'Print sign-in sheet' }),
    ]) {
      expect(await hidden.isVisible()).toBe(false);
    }
    await page.emulateMedia({ media: 'screen' });
    expect(pageProblems(page)).toEqual([]);
  });

  it('says so when the event does not exist', async () => {
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/events/00000000-0000-4000-8000-000000000000/roster');
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to All Events' }).waitFor();
  });
});

describe("admin: the dashboard's overview", () => {
  it('shows the next events with registered / capacity, recent figures, money raised and the latest activity', async () => {
    const admin = await adminSession();
    const { title } = await eventWithWaitlist(admin);
    const page = await signedInPage(admin);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' }).waitFor();
    const overview = page.getByRole('region', { name: 'Overview' });
    const upcoming = overview.getByRole('table', { name: 'Upcoming events, soonest first' });
    const row = upcoming.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([title, expect.any(String), '2 / 2', '2', 'Roster']);
    expect(await row.getByRole('link', { name: `Roster of ${title}` }).getAttribute('href')).toMatch(/^\/dashboard\/events\/.+\/roster$/);

    const figures = await overview.locator('dl').textContent();
    expect(figures).toContain('Registrations, last 30 days');
    expect(figures).toContain('Total raised');
    const activity = overview.getByRole('region', { name: 'Latest activity' });
    await activity.getByText(`Abe Adams registered for ${title}`).waitFor();
    await activity.getByText(`Val Queue joined the waitlist for ${title}`).waitFor();
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it("keeps a donator's welcome as it was, without the overview", async () => {
    const page = await signedInPage(await signUpThroughApi({ email: uniqueEmail('donator') }));
    const overviewCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/overview') overviewCalls.push(request.url());
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await page.getByRole('link', { name: 'My registered events' }).waitFor();
    expect(await page.getByRole('region', { name: 'Overview' }).count()).toBe(0);
    expect(overviewCalls).toEqual([]);
  });
});
