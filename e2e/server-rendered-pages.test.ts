import { chromium } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminSession, apiCall, signUpThroughApi } from './support/accounts.ts';
import { baseURL, newPage, pageProblems, settled } from './support/browser.ts';

async function firstEvent(): Promise<{ _id: string; title: string }> {
  const [event] = await (await fetch(`${baseURL}/api/events?limit=1&when=upcoming`)).json();
  return event;
}

describe('pages drawn on the server', () => {
  it('shows the home page with its events, reviews and carousel to a browser that runs no JavaScript', async () => {
    const browser = await chromium.connect(inject('wsEndpoint'));
    try {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      const res = await page.goto('/');
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Ongoing Events' }).waitFor();
      expect(await page.getByTestId('event-card').count()).toBe(6);
      expect(await page.getByTestId('review-card').count()).toBe(6);
      expect(await page.getByTestId('carousel-slide').count()).toBe(3);
      // The first slide's picture (a small drawing) comes inside the page: the largest paint needs no other request.
      const firstSlide = page.getByTestId('carousel-slide').first().locator('img');
      expect(await firstSlide.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg /);
      expect(await firstSlide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.locator('link[rel="preload"][href^="/images/carousel/"]').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('takes the events page over without asking the server for its data again, then searches', async () => {
    const page = await newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
    });
    const signedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/me');
    // Taken over (page.goto waits for it); whatever the app asks for on taking the page over is asked by then.
    await page.goto('/events');
    await signedIn;
    await settled(page);
    expect(await page.getByTestId('event-card').count()).toBeGreaterThan(0);
    // Only who is signed in is asked: that is never part of the shared HTML.
    expect(apiCalls).toEqual(['/api/users/me']);
    await page.getByLabel('Search events').fill('run');
    await expect.poll(() => apiCalls.some((call) => call.startsWith('/api/events?') && call.includes('q=run'))).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('searches for words typed into the drawn page before its scripts arrived', async () => {
    const page = await newPage();
    // Scripts that come late, as on a slow phone: the search box is there, drawn, before the app is.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    // Not page.goto, which waits for the take-over (support/browser.ts): the words go in before it.
    await page.mainFrame().goto('/events', { waitUntil: 'commit' });
    await page.getByLabel('Search events').fill('run');
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
    await expect.poll(() => page.getByTestId('events-heading').textContent()).toContain('matches "run"');
    expect(await page.getByLabel('Search events').inputValue()).toBe('run');
    expect(new URL(page.url()).searchParams.get('q')).toBe('run');
  });

  it('sends an event page with its details and link preview, the same bytes to a signed-in person as to anyone', async () => {
    const event = await firstEvent();
    const person = await signUpThroughApi();
    const anyone = await fetch(`${baseURL}/eventDetails/${event._id}`);
    const signedIn = await fetch(`${baseURL}/eventDetails/${event._id}`, {
      headers: { cookie: `${person.cookie.name}=${person.cookie.value}` },
    });
    const html = await anyone.text();
    expect(html).toContain('property="og:title"');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${event.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(await signedIn.text()).toBe(html);
    expect(signedIn.headers.get('etag')).toBe(anyone.headers.get('etag'));
    expect(html).not.toContain(person.email);
  });

  it('answers 304 to a browser whose copy of the page is current, and 404 with the page drawn for an unknown path', async () => {
    const first = await fetch(`${baseURL}/events`);
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${baseURL}/events`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const missing = await fetch(`${baseURL}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Home Page');
  });

  it('is drawn once and kept, the same bytes each time, until something it shows changes: then the very next visit shows it', async () => {
    const first = await fetch(`${baseURL}/events`);
    const etag = first.headers.get('etag');
    const html = await first.text();
    const again = await fetch(`${baseURL}/events`);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(html);

    const title = `Canal Clean-up ${Date.now()}`;
    const admin = await adminSession();
    const created = await apiCall(admin, 'POST', '/events', {
      title,
      desc: 'Litter pickers and waders provided.',
      banner: '/images/events/beach-cleanup.svg',
      date: `${new Date().getFullYear() + 1}-01-02`,
    });
    expect(created.status).toBe(200);
    const after = await fetch(`${baseURL}/events?q=${encodeURIComponent('Canal Clean-up')}`);
    expect(await after.text()).toContain(title);
    const list = await fetch(`${baseURL}/events`, { headers: { 'if-none-match': etag ?? '' } });
    // The list's total changed: the browser's copy is no longer current.
    expect(list.status).toBe(200);
    expect(list.headers.get('etag')).not.toBe(etag);
  });

  it('gives each page its own title in the HTML, before any script runs', async () => {
    for (const [path, title] of [
      ['/register', 'Register · Helping Hands'],
      ['/events', 'Events · Helping Hands'],
      ['/login', 'Login · Helping Hands'],
    ] as const) {
      const html = await (await fetch(`${baseURL}${path}`)).text();
      expect(html).toContain(`<title>${title}</title>`);
    }
  });

  it('counts in the drawn /events heading every upcoming event, as the API does, when there are more than one page holds', async () => {
    const admin = await adminSession();
    const headingFor = async () => /data-testid="events-heading"[^>]*>([^<]*)</.exec(await (await fetch(`${baseURL}/events`)).text())?.[1];
    const apiTotal = async () => Number((await fetch(`${baseURL}/api/events?when=upcoming`)).headers.get('x-total-count'));
    for (const wanted of [30, 100]) {
      const missing = wanted - (await apiTotal());
      for (let i = 0; i < missing; i++) {
        const created = await apiCall(admin, 'POST', '/events', {
          title: `Extra Shift ${wanted}-${i}`,
          desc: 'One more event, so the list runs past its first page.',
          banner: '/images/events/beach-cleanup.svg',
          date: `${new Date().getFullYear() + 1}-03-0${1 + (i % 9)}`,
        });
        expect(created.status).toBe(200);
      }
      expect(await apiTotal()).toBe(wanted);
      expect(await headingFor()).toBe(`Total ${wanted} events available`);
    }
  });
});
