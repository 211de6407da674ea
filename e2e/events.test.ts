import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, newPage, pageProblems } from './support/browser.ts';

async function serverTotal(query = '') {
  const res = await fetch(`${baseURL}/api/events?limit=1${query}`);
  return Number(res.headers.get('x-total-count'));
}

describe('events page', () => {
  it('counts the upcoming events from the server and filters them with a mixed-case search', async () => {
    const total = await serverTotal('&when=upcoming');
    const matching = await serverTotal('&when=upcoming&q=run');
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(total);

    const page = await newPage();
    await page.goto('/events');
    const heading = page.getByTestId('events-heading');
    await expect.poll(() => heading.textContent()).toContain(String(total));
    await page.getByTestId('event-card').first().waitFor();
    expect(await page.getByTestId('event-card').count()).toBe(Math.min(total, 24));
    await expectAccessible(page);

    await page.getByLabel('Search events').fill('rUn');
    await expect.poll(() => page.getByTestId('event-card').count()).toBe(matching);
    await expect.poll(() => heading.textContent()).toContain(String(matching));
    for (const title of await page.getByTestId('event-card').getByRole('heading').allTextContents()) {
      expect(title.toLowerCase()).toContain('run');
    }
    expect(new URL(page.url()).searchParams.get('q')).toBe('rUn');
    expect(pageProblems(page)).toEqual([]);
  });

  it('says so when nothing matches, and clearing the search brings the events back', async () => {
    const page = await newPage();
    await page.goto('/events?q=zzzz-no-such-event');
    await page
      .getByText(/no events match/i)
      .first()
      .waitFor();
    expect(await page.getByTestId('event-card').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: /clear/i }).first().click();
    await page.getByTestId('event-card').first().waitFor();
  });

  it('opens an event from its card with its details and the register and donate buttons', async () => {
    const [first] = await (await fetch(`${baseURL}/api/events?limit=1`)).json();
    const page = await newPage();
    await page.goto('/events');
    await page
      .getByTestId('event-card')
      .first()
      .getByRole('link', { name: /view event/i })
      .click();
    await page.waitForURL(`**/eventDetails/${first._id}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.getByText(first.desc.slice(0, 40)).waitFor();
    expect(await page.getByRole('link', { name: 'Event Register' }).getAttribute('href')).toBe(`/events/register/${first._id}`);
    expect(await page.getByRole('link', { name: 'Donate Money' }).getAttribute('href')).toBe(`/donation/${first._id}`);
    expect(await page.locator('main img').first().getAttribute('src')).toBe(first.banner);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('opens a deep link to an event directly from the server', async () => {
    const [first] = await (await fetch(`${baseURL}/api/events?limit=1&offset=3`)).json();
    const page = await newPage();
    const response = await page.goto(`/eventDetails/${first._id}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
  });

  it('says an event is not found for an unknown id', async () => {
    const page = await newPage();
    await page.goto('/eventDetails/0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10');
    await page
      .getByText(/event not found/i)
      .first()
      .waitFor();
    await expectAccessible(page);
  });
});
