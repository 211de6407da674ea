import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, pageProblems } from './support/browser.ts';

interface ListedEvent {
  _id: string;
  title: string;
}

async function listEvents(query: string): Promise<{ events: ListedEvent[]; total: number }> {
  const res = await fetch(`${baseURL}/api/events?${query}`);
  return { events: await res.json(), total: Number(res.headers.get('x-total-count')) };
}

describe('admin: the All Events table', () => {
  it('heads the table with the server total, sorts by a column header, searches and shows phones a list', async () => {
    const { total, events } = await listEvents('limit=100&sort=title');
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/allEvents');

    await page.getByRole('heading', { level: 1, name: `Total ${total} events going on` }).waitFor();
    const table = page.getByRole('table', { name: 'Events' });
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Title', 'Date', 'Banner', 'Roster', 'Messages', 'Check-in', 'Update', 'Delete']);
    await expectAccessible(page);

    // Sorting by Title: ascending first, announced on the header, kept in the address.
    await table.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL(/sort=title/);
    await expect.poll(() => table.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(async () => (await table.getByRole('row').nth(1).getByRole('cell').first().textContent())?.trim())
      .toBe(events[0]!.title);
    await table.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL(/sort=-title/);
    await expect.poll(() => table.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(async () => (await table.getByRole('row').nth(1).getByRole('cell').first().textContent())?.trim())
      .toBe(events.at(-1)!.title);

    // A search the server answers, with its count in the heading; then one nothing matches.
    const word = events[0]!.title.split(' ')[0]!;
    const matching = await listEvents(`q=${encodeURIComponent(word)}`);
    await page.getByRole('searchbox', { name: 'Search events' }).fill(word);
    await page
      .getByRole('heading', { level: 1, name: `Total ${matching.total} ${matching.total === 1 ? 'event' : 'events'} matching ‘${word}’` })
      .waitFor();
    await page.getByRole('searchbox', { name: 'Search events' }).fill('no event is called this');
    await page.getByText('No events match ‘no event is called this’').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('heading', { level: 1, name: `Total ${total} events going on` }).waitFor();

    // Each row's actions name their event.
    const first = events[0]!;
    await expect.poll(() => page.getByRole('link', { name: `Update ${first.title}` }).count()).toBeGreaterThan(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('on a phone shows each event as a labelled row with its actions and a sort control', async () => {
    const { total } = await listEvents('limit=1');
    const page = await signedInPage(await adminSession(), { width: 375, height: 740 });
    await page.goto('/dashboard/allEvents?sort=-date');
    await page.getByRole('heading', { level: 1, name: `Total ${total} events going on` }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const list = page.getByRole('list', { name: 'Events' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').first().getByRole('term').allTextContents()).toEqual(['Title', 'Date', 'Banner']);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('-date');
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('puts focus back on Delete after a no, and on the page heading after a yes (the row is gone)', async () => {
    const admin = await adminSession();
    const title = `Focus check ${uniqueEmail('event').split('@')[0]}`;
    const created = await apiCall(admin, 'POST', '/events', {
      title,
      desc: 'An event to delete.',
      banner: '/images/events/beach-cleanup.svg',
      date: '2099-01-01',
    });
    expect(created.status).toBe(200);
    const { insertedId } = (await created.json()) as { insertedId: string };

    const page = await signedInPage(admin);
    await page.goto(`/dashboard/allEvents?q=${encodeURIComponent(title)}`);
    const deleteButton = page.getByRole('button', { name: `Delete ${title}` });
    await deleteButton.click();
    await page.getByRole('dialog', { name: 'Are you sure you want to delete?' }).getByRole('button', { name: 'No, keep it' }).click();
    await expect.poll(() => deleteButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await deleteButton.click();
    await page.getByRole('dialog', { name: 'Are you sure you want to delete?' }).getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText(`No events match ‘${title}’`).waitFor();
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await fetch(`${baseURL}/api/events/${insertedId}`)).status).toBe(404);
    expect(pageProblems(page)).toEqual([]);
  });
});
