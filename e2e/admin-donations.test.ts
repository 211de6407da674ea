import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatInstantDateTime } from '../src/web/lib/format-time.ts';
import { adminSession, apiCall, type Session, signedInPage, signUpThroughApi, uniqueEmail, volunteerSession } from './support/accounts.ts';
import { baseURL, expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { donateThroughApi } from './support/donations.ts';
import { upcomingDemoEvents } from './support/events.ts';

interface HeldDonation {
  _id: string;
  amount: number;
  currency: string;
  transaction: string;
  last4: string | null;
  email: string;
  event: string;
  eventBanner: string;
  date: string;
}

/** Written out here rather than taken from the app, so the page's formatting is checked, not repeated. */
function dollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** What the server holds for every donation: how many, and the cents they add up to. */
async function donationTotals(admin: Session): Promise<{ count: number; cents: number }> {
  const res = await apiCall(admin, 'GET', '/payment?limit=1');
  expect(res.status).toBe(200);
  return { count: Number(res.headers.get('x-total-count')), cents: Number(res.headers.get('x-total-amount')) };
}

/**
 * The first page (25 rows, as the page asks) of every donation in the server's `sort` order (its
 * default order when none), each as the table shows it: amount and transaction characters 3 to 27.
 */
async function serverOrder(admin: Session, sort?: string): Promise<string[]> {
  const res = await apiCall(admin, 'GET', `/payment?limit=25${sort ? `&sort=${sort}` : ''}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as HeldDonation[]).map((held) => `${dollars(held.amount)} ${held.transaction.slice(2, 27)}`);
}

/** Every row of the table, as serverOrder() writes them. */
async function shownOrder(page: Page): Promise<string[]> {
  return table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .evaluateAll((rows) =>
      rows.map((row) => `${row.querySelector('td')?.textContent?.trim()} ${row.querySelector('td code')?.textContent ?? ''}`),
    );
}

/** The query of each list call (GET /api/payment?…) the page makes, in order. */
function listCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/payment') calls.push(url.searchParams);
  });
  return calls;
}

/** The same list without an item repeated back to back (a refresh asks the same again). */
const changes = <T>(list: T[]) => list.filter((item, at) => at === 0 || item !== list[at - 1]);

/** A new account's donation to a demo event, as the server holds it. */
async function newDonation(): Promise<{ donor: Session; held: HeldDonation; eventTitle: string }> {
  const [event] = await upcomingDemoEvents();
  const donor = await signUpThroughApi({ email: uniqueEmail('donor'), name: 'Dora Donor' });
  const made = await donateThroughApi(donor, event!._id);
  const res = await apiCall(donor, 'GET', `/payment/${encodeURIComponent(donor.email)}`);
  const held = (await res.json()) as HeldDonation[];
  expect(held).toHaveLength(1);
  expect(held[0]!._id).toBe(made.insertedId);
  expect(held[0]!.transaction).toBe(made.paymentId);
  return { donor, held: held[0]!, eventTitle: event!.title };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const table = (page: Page) => page.getByRole('table', { name: 'Donations' });
const firstRowCells = (page: Page) => table(page).getByRole('row').nth(1).getByRole('cell');

describe('admin: the All Donation table', () => {
  it("finds a new donation by its donor's email, with what the server holds and the total it raised, and counts every donation", async () => {
    const { donor, held, eventTitle } = await newDonation();
    expect(held.amount).toBe(3000);
    expect(held.event).toBe(eventTitle);
    const admin = await adminSession();
    const all = await donationTotals(admin);
    expect(all.count).toBeGreaterThanOrEqual(1);

    const page = await signedInPage(admin);
    await page.goto('/dashboard/all-donation');
    await heading(page, `Total ${all.count} ${all.count === 1 ? 'donation' : 'donations'}`).waitFor();
    await page.getByText(`Total raised: ${dollars(all.cents)}`, { exact: true }).waitFor();
    expect(await table(page).getByRole('columnheader').allTextContents()).toEqual([
      'Amount',
      'Transaction',
      'Email ID',
      'Event',
      'Date',
      'EventBanner',
      'Refund',
    ]);
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search donations' }).fill(donor.email);
    await heading(page, `Total 1 donation matching ‘${donor.email}’`).waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === donor.email);
    await page.getByText(`Total raised by donations matching ‘${donor.email}’: $30.00`, { exact: true }).waitFor();
    await expect.poll(() => table(page).getByRole('row').count()).toBe(2);

    const cells = firstRowCells(page);
    expect((await cells.nth(0).textContent())?.trim()).toBe('$30.00');
    // Characters 3 to 27 of the ID the server holds, the whole ID on hover.
    const code = cells.nth(1).locator('code');
    expect(await code.textContent()).toBe(held.transaction.slice(2, 27));
    expect(await code.getAttribute('title')).toBe(held.transaction);
    expect((await cells.nth(2).textContent())?.trim()).toBe(donor.email);
    expect((await cells.nth(3).textContent())?.trim()).toBe(eventTitle);
    const time = cells.nth(4).locator('time');
    expect(await time.getAttribute('datetime')).toBe(held.date);
    const readerZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await time.textContent()).toBe(formatInstantDateTime(held.date, readerZone));
    const banner = cells.nth(5).locator('img');
    expect(await banner.getAttribute('src')).toBe(held.eventBanner);
    expect(await banner.getAttribute('alt')).toBe('');
    await expectAccessible(page);

    // The copy button names the ID it copies, and copies the whole of it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.getByRole('button', { name: `Copy transaction ID ${held.transaction.slice(2, 27)}`, exact: true }).click();
    await toast(page, 'Transaction ID copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(held.transaction);

    // A search nothing matches, then back to every donation.
    await page.getByRole('searchbox', { name: 'Search donations' }).fill('no donation is called this');
    await page.getByText('No donations match ‘no donation is called this’').waitFor();
    await page.getByText('Total raised by donations matching ‘no donation is called this’: $0.00', { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await heading(page, `Total ${all.count} ${all.count === 1 ? 'donation' : 'donations'}`).waitFor();
    await page.getByText(`Total raised: ${dollars(all.cents)}`, { exact: true }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('refunds a donation once confirmed: asks first naming amount and donor, marks it, takes it out of the total, keeps it listed', async () => {
    const { donor, held } = await newDonation();
    const admin = await adminSession();
    const page = await signedInPage(admin);
    await page.goto(`/dashboard/all-donation?q=${encodeURIComponent(donor.email)}`);
    await heading(page, `Total 1 donation matching ‘${donor.email}’`).waitFor();
    const refund = page.getByRole('button', { name: `Refund $30.00 from ${donor.email}` });

    // 'No' keeps it, and says so.
    await refund.click();
    const dialog = page.getByRole('dialog', { name: 'Refund this donation?' });
    await dialog.getByText(`$30.00 from ${donor.email} for ${held.event} will be given back`, { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await toast(page, `$30.00 from ${donor.email} not refunded`).waitFor();
    expect((await (await apiCall(donor, 'GET', `/payment/${encodeURIComponent(donor.email)}`)).json())[0].refundedAt).toBeNull();

    await refund.click();
    await page.getByRole('dialog', { name: 'Refund this donation?' }).getByRole('button', { name: 'Yes, refund it' }).click();
    await toast(page, `Refunded $30.00 from ${donor.email}`).waitFor();
    await firstRowCells(page)
      .nth(6)
      .getByText(/^Refunded /)
      .waitFor();
    expect(await refund.count()).toBe(0);
    await page.getByText(`Total raised by donations matching ‘${donor.email}’: $0.00`, { exact: true }).waitFor();
    await expectAccessible(page);
    const [after] = (await (await apiCall(donor, 'GET', `/payment/${encodeURIComponent(donor.email)}`)).json()) as {
      refundedAt: string | null;
    }[];
    expect(after?.refundedAt).not.toBeNull();
    expect(pageProblems(page)).toEqual([]);
  });

  it('sorts by Amount and by Date from the column headers: asks the server for that order, shows its rows in it, says so on the header and in the address', async () => {
    await newDonation();
    await newDonation();
    const admin = await adminSession();
    const page = await signedInPage(admin);
    const calls = listCalls(page);
    await page.goto('/dashboard/all-donation');
    const all = await donationTotals(admin);
    expect(all.count).toBeGreaterThanOrEqual(2);
    await heading(page, `Total ${all.count} ${all.count === 1 ? 'donation' : 'donations'}`).waitFor();
    const header = (name: string) => table(page).getByRole('columnheader', { name });
    expect(await header('Amount').getAttribute('aria-sort')).toBe('none');
    await expect.poll(() => shownOrder(page)).toEqual(await serverOrder(admin));

    // Every donation is $30, so the amounts alone cannot show an order: the rows must come in the
    // server's order for the sort (equal amounts in transaction order, one way then the other).
    const byAmount = await serverOrder(admin, 'amount');
    const byAmountDescending = await serverOrder(admin, '-amount');
    expect(byAmountDescending).not.toEqual(byAmount);
    await table(page).getByRole('button', { name: 'Amount' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'amount');
    await expect.poll(() => header('Amount').getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => shownOrder(page)).toEqual(byAmount);
    await table(page).getByRole('button', { name: 'Amount' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-amount');
    await expect.poll(() => header('Amount').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => shownOrder(page)).toEqual(byAmountDescending);

    // Date replaces Amount as the order: oldest first, then newest first.
    const byDate = await serverOrder(admin, 'date');
    const byDateDescending = await serverOrder(admin, '-date');
    expect(byDateDescending).not.toEqual(byDate);
    await table(page).getByRole('button', { name: 'Date' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'date');
    await expect.poll(() => header('Date').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Amount').getAttribute('aria-sort')).toBe('none');
    await expect.poll(() => shownOrder(page)).toEqual(byDate);
    await table(page).getByRole('button', { name: 'Date' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-date');
    await expect.poll(() => header('Date').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => shownOrder(page)).toEqual(byDateDescending);

    // The order came from the server: each click asked it for that sort, in turn, for the first page.
    expect(changes(calls.map((query) => query.get('sort')))).toEqual([null, 'amount', '-amount', 'date', '-date']);
    for (const query of calls)
      expect(Object.fromEntries(query)).toEqual({ limit: '25', offset: '0', ...(query.has('sort') ? { sort: query.get('sort') } : {}) });
    expect(pageProblems(page)).toEqual([]);
  });

  it("downloads every donation as CSV, the new donor's among them", async () => {
    const { donor, held, eventTitle } = await newDonation();
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/all-donation');
    const link = page.getByRole('link', { name: 'Download CSV' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/api/payment/export.csv');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^donations-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Amount,Currency,Transaction,Card last 4,Email,Event,Paid at,Recorded at,Refunded at');
    const row = lines.find((line) => line.includes(donor.email));
    expect(row).toBeDefined();
    expect(row!.startsWith(`30.00,USD,${held.transaction},4242,${donor.email},`)).toBe(true);
    expect(row).toContain(eventTitle);
    // Not refunded: the last column is empty.
    expect(row!.endsWith(',')).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps donations from a volunteer (not authorised) and from a signed-out visitor (to /login)', async () => {
    const volunteer = await volunteerSession();
    const page = await signedInPage(volunteer);
    await page.goto('/dashboard/all-donation');
    await heading(page, 'Not authorised').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Download CSV' }).count()).toBe(0);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);

    const visitor = await newPage();
    await visitor.goto('/dashboard/all-donation');
    await visitor.waitForURL((url) => url.pathname === '/login');
  });

  it('on a 375 px phone shows each donation as a labelled row, sorts from the Sort by control and does not overflow', async () => {
    const { donor, held } = await newDonation();
    const page = await signedInPage(await adminSession(), { width: 375, height: 740 });
    await page.goto(`/dashboard/all-donation?q=${encodeURIComponent(donor.email)}`);
    await heading(page, `Total 1 donation matching ‘${donor.email}’`).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const item = page.getByRole('list', { name: 'Donations' }).getByRole('listitem');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getByRole('term').allTextContents()).toEqual(['Amount', 'Transaction', 'Email ID', 'Event', 'Date', 'EventBanner']);
    expect((await item.getByRole('definition').first().textContent())?.trim()).toBe('$30.00');
    await item.getByRole('button', { name: `Copy transaction ID ${held.transaction.slice(2, 27)}`, exact: true }).waitFor();
    await page.getByText(`Total raised by donations matching ‘${donor.email}’: $30.00`, { exact: true }).waitFor();

    const asked = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/api/payment' && url.searchParams.get('sort') === '-amount';
    });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Amount, descending' });
    await page.waitForURL((url) => url.searchParams.get('sort') === '-amount');
    // The server is asked for that order, still within the search.
    expect(new URL((await asked).url()).searchParams.get('q')).toBe(donor.email);
    await expect(page.getByRole('link', { name: 'Download CSV' }).isVisible()).resolves.toBe(true);
    // A search is one long word (an email address): the heading and the total wrap instead of widening the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    const nobody = 'nobody-has-donated-from-this-rather-long-address@example.org';
    await page.getByRole('searchbox', { name: 'Search donations' }).fill(nobody);
    await page.getByText(`No donations match ‘${nobody}’`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });
});
