import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../scripts/web-build.mjs';
import { unsubscribeToken } from '../mail/unsubscribe.ts';
import { insertAccount, insertEvent, insertReview } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { answerInProcess, type DrawnPage, loadServerEntry, type ServerEntry, serverEntryFor } from './render-page.ts';

let t: TestApp;
let entry: ServerEntry;
let render: (url: string, language?: 'en' | 'bn') => Promise<DrawnPage>;
let eventId: string;
let eventTitle: string;
let token: string;

/** More upcoming events than /events shows on its first page (24). */
const UPCOMING = 30;

beforeAll(async () => {
  // The pages as the server draws them: from the built server bundle (built now if its sources changed).
  ensureWebBuild();
  const entryFile = serverEntryFor(path.join(root, 'dist/web'));
  if (!entryFile) throw new Error('no server bundle in dist/ssr');
  entry = await loadServerEntry(entryFile);
  t = await startTestApp();
  for (let i = 0; i < UPCOMING; i++) {
    const row = await insertEvent(t.app.db, { title: `Harbour Walk ${i}`, inDays: 3 + i });
    if (i === 0) {
      eventId = row.id;
      eventTitle = row.title;
    }
  }
  await insertEvent(t.app.db, { title: 'Spring Fair', inDays: -30 });
  for (let i = 0; i < 7; i++) await insertReview(t.app.db, { message: `Kind words ${i}`, status: 'approved' });
  const person = await insertAccount(t.app.db);
  token = unsubscribeToken(person.id, 'reminders', t.app.authSecret);
  const draw = entry.createRenderer(answerInProcess(t.app), t.baseUrl);
  render = (url, language = 'en') => draw(url, language);
}, 180_000);
afterAll(() => t.close());

interface State {
  queries: { queryKey: unknown[]; dehydratedAt: number; state: { dataUpdatedAt: number } }[];
}
const keysIn = (page: DrawnPage) => (page.state as State).queries.map((query) => JSON.stringify(query.queryKey));

describe('pages drawn on the server', () => {
  const publicPages = [
    '/',
    '/home',
    '/events',
    '/events?when=past',
    '/events?q=harbour&page=2',
    '/eventDetails/:event',
    `/eventDetails/${randomUUID()}`,
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=some-token',
    '/verify-email?token=some-token',
    '/unsubscribe?token=:token',
    '/unsubscribe',
    '/privacy',
    '/terms',
    '/no/such/page',
    // Signed-in pages: drawn as the guard's loader, with only the header's and footer's data.
    '/dashboard',
    '/events/register/:event',
  ];

  it.each(publicPages)('draws %s once, with every query it reads fetched before', async (path) => {
    const page = await render(path.replace(':event', eventId).replace(':token', encodeURIComponent(token)));
    expect(page.draws).toBe(1);
    expect(page.undeclared).toEqual([]);
    expect(page.unshared).toEqual([]);
    expect(keysIn(page)).toContain('["site"]');
  });

  it('draws the home page with its events and reviews', async () => {
    const page = await render('/');
    expect(keysIn(page).sort()).toEqual([
      '["events","list",{"when":"upcoming","limit":6,"offset":0}]',
      '["reviews","latest",6]',
      '["site"]',
    ]);
    expect(page.html).toContain('Harbour Walk 0');
    expect(page.html).toContain('Kind words');
  });

  it("counts in the /events heading every upcoming event, from the API's total, and pages and searches from the address", async () => {
    const page = await render('/events');
    expect(page.html).toContain(`Total ${UPCOMING} events available`);
    expect(keysIn(page)).toContain('["events","list",{"when":"upcoming","limit":24,"offset":0}]');

    const second = await render('/events?q=harbour&page=2');
    expect(keysIn(second)).toContain('["events","list",{"q":"harbour","when":"upcoming","limit":24,"offset":24}]');
    expect(second.html).toContain('Harbour Walk 29');

    const past = await render('/events?when=past');
    expect(past.html).toContain('Spring Fair');
  });

  it('draws an event page with its event, and a missing event as loading, with its status as before, for the browser to ask', async () => {
    const page = await render(`/eventDetails/${eventId}`);
    expect(page.status).toBe(200);
    expect(page.title).toContain(eventTitle);
    expect(keysIn(page)).toContain(`["events","detail","${eventId}"]`);

    const missing = await render(`/eventDetails/${randomUUID()}`);
    expect(missing.status).toBe(200);
    expect(keysIn(missing)).toEqual(['["site"]']);
  });

  it("fetches an unsubscribe link's subscription, and never the signed-in person nor a confirmation of an address", async () => {
    const unsubscribe = await render(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(keysIn(unsubscribe)).toContain(JSON.stringify(['subscription', token]));
    expect(unsubscribe.html).toContain('Stop event reminder emails?');

    for (const path of ['/verify-email?token=some-token', '/login', '/dashboard']) {
      const page = await render(path);
      expect(keysIn(page).filter((key) => key.startsWith('["account"') || key.startsWith('["verify-email"'))).toEqual([]);
    }
  });

  it('answers 404 for an unknown path', async () => {
    expect((await render('/no/such/page')).status).toBe(404);
  });

  it('puts no clock in the page: the same address and data give the same bytes', async () => {
    const first = await render('/events');
    const again = await render('/events');
    expect(again.html).toBe(first.html);
    expect(JSON.stringify(again.state)).toBe(JSON.stringify(first.state));
    for (const query of (first.state as State).queries) {
      expect(query.dehydratedAt).toBe(0);
      expect(query.state.dataUpdatedAt).toBe(0);
    }
  });

  it('names the query a page reads when no route declared it', async () => {
    const layout = entry.routes[0];
    if (!layout?.loader) throw new Error('the layout route declares no data');
    const { loader } = layout;
    delete layout.loader;
    try {
      const undeclared = entry.createRenderer(answerInProcess(t.app), t.baseUrl);
      const page = await undeclared('/privacy', 'en');
      expect(page.draws).toBe(1);
      expect(page.undeclared).toEqual(['["site"]']);
      expect(keysIn(page)).toEqual([]);
    } finally {
      layout.loader = loader;
    }
  });
});
