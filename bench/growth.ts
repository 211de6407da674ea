import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { rowsOf } from '../src/server/db/catalog.ts';
import type { Database } from '../src/server/db/client.ts';
import { signUp } from '../src/server/test/accounts.ts';
import { startTestApp } from '../src/server/test/test-app.ts';
import { saveResults } from './results.ts';
import { growCharity, onePerson, perEvent } from './seed-growth.ts';

/** The sizes compared, in events; each is measured against the first. */
const sizes = process.env.GROWTH_SMOKE ? [100, 1_000] : [1_000, 10_000, 100_000];
/** How much slower than at the first size a list may get. */
const allowed = 1.5;
const requests = 30;

interface List {
  label: string;
  /** The URL at a size (a deep page lies further in as the charity grows). */
  url: (events: number) => string;
  /** A deep page reached through the cursor the page before it gives, rather than by offset. */
  cursorBefore?: (events: number) => string;
}

const deep = (rows: number) => Math.floor(rows * 0.9);

/** Every public and admin list and search, as its screen asks for it. */
const lists: List[] = [
  { label: 'events, first page', url: () => '/api/events?limit=24' },
  { label: 'events, upcoming', url: () => '/api/events?limit=24&when=upcoming' },
  { label: 'events, past', url: () => '/api/events?limit=24&when=past' },
  { label: 'events searched', url: () => '/api/events?limit=24&q=event%20123%20day' },
  { label: 'events by title (admin)', url: () => '/api/events?limit=25&sort=title' },
  { label: 'events, deep page by offset', url: (n) => `/api/events?limit=24&offset=${deep(n)}` },
  {
    label: 'events, deep page by cursor',
    url: () => '',
    cursorBefore: (n) => `/api/events?limit=24&offset=${deep(n) - 24}`,
  },
  { label: 'registrations, first page', url: () => '/api/register?limit=25' },
  { label: 'registrations by title', url: () => '/api/register?limit=25&sort=title' },
  { label: 'registrations by name', url: () => '/api/register?limit=25&sort=name' },
  { label: 'registrations searched', url: () => `/api/register?limit=25&q=${onePerson.email}` },
  { label: 'registrations, deep page by offset', url: (n) => `/api/register?limit=25&offset=${deep(n * perEvent.registrations)}` },
  {
    label: 'registrations, deep page by cursor',
    url: () => '',
    cursorBefore: (n) => `/api/register?limit=25&offset=${deep(n * perEvent.registrations) - 25}`,
  },
  { label: 'donations, first page', url: () => '/api/payment?limit=25' },
  { label: 'donations by amount', url: () => '/api/payment?limit=25&sort=amount' },
  { label: 'donations searched', url: () => `/api/payment?limit=25&q=${onePerson.email}` },
  { label: 'accounts, first page', url: () => '/api/users?limit=25' },
  { label: 'accounts by name', url: () => '/api/users?limit=25&sort=name' },
  { label: 'accounts searched', url: () => `/api/users?limit=25&q=${onePerson.email}` },
  { label: 'reviews, public', url: () => '/api/review?limit=6' },
  { label: 'reviews, moderation', url: () => '/api/reviews?limit=25' },
  { label: 'notices', url: () => '/api/notices?limit=50' },
  { label: 'outbox', url: () => '/api/outbox?limit=25' },
  { label: 'My Events (one person)', url: () => `/api/register/event/${onePerson.email}` },
  { label: 'My Donation (one person)', url: () => `/api/payment/${onePerson.email}` },
  { label: 'roster of one event', url: () => '' },
];

/**
 * On the server, seeds through a connection of its own: the app's connections give up on a statement
 * after seconds (DB_STATEMENT_TIMEOUT and the answer timeout), and a million rows take longer. Then
 * analyses the tables, as the server's autovacuum would have after so many rows; the embedded
 * database has no autovacuum, and is measured as it is.
 */
export async function seedWith(databaseUrl: string | undefined, appDb: Database, seed: (db: Database) => Promise<void>) {
  if (!databaseUrl) return seed(appDb);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const db = drizzle(client) as unknown as Database;
    await seed(db);
    await db.execute(sql`vacuum analyze`);
  } finally {
    await client.end();
  }
}

interface Timing {
  p50: number;
  p95: number;
  /** Why the list gave no figure (an error, or no cursor to follow). */
  failed?: string;
}

/**
 * One request at a time, so each figure is a request's own time; the first few warm the caches. A
 * list that takes seconds is asked fewer times (at least 5) rather than holding the run for minutes.
 */
async function time(baseUrl: string, url: string, headers: Record<string, string>): Promise<Timing> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < requests + 3 && (i < 8 || performance.now() - started < 20_000); i++) {
    const t0 = performance.now();
    // A warm-up request may find the connection the server closed while the data was seeded.
    const res = await fetch(baseUrl + url, { headers }).catch((error: Error) => {
      if (i < 3) return fetch(baseUrl + url, { headers });
      throw error;
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Each list's latency at 1,000, 10,000 and 100,000 events (1,000,000 registrations at the largest),
 * and its ratio to 1,000: the lists must not get slower as the charity's history grows.
 */
export async function growth(databaseName: string) {
  const t = await startTestApp({ seedDemo: false });
  // The database's own work is what grows: no read here is answered from memory (the ceiling bench
  // measures that), so the same URL asked again is read again.
  t.app.replyCache.setWatching(false);
  const results: Record<string, Record<number, Timing | null>> = {};
  const seeding: Record<number, number> = {};
  const record = (label: string, size: number, timing: Timing | null) => {
    results[label] = { ...results[label], [size]: timing };
  };
  try {
    const admin = await signUp(t, { role: 'admin' });
    let seeded = 0;
    for (const size of sizes) {
      const started = performance.now();
      await seedWith(t.app.config.databaseUrl, t.app.db, (db) => growCharity(db, seeded, size));
      seeding[size] = (performance.now() - started) / 1000;
      seeded = size;
      console.log(
        `seeded up to ${size.toLocaleString('en')} events, ${(size * perEvent.registrations).toLocaleString('en')} registrations in ${seeding[size].toFixed(1)} s`,
      );
      const [oneEvent] = await rowsOf<{ id: string }>(t.app.db, sql`select id from event where index = 12`);
      // Two rounds, each list's better one kept: a burst of other work on the machine then shows in
      // one round only. The lists take turns, so a burst falls on several lists rather than one twice.
      for (let round = 0; round < 2; round++)
        for (const list of lists) {
          let url = list.label.startsWith('roster') ? `/api/events/${oneEvent?.id}/roster` : list.url(size);
          if (list.cursorBefore) {
            const before = await fetch(t.baseUrl + list.cursorBefore(size), { headers: admin.auth });
            const cursor = before.headers.get('x-next-cursor');
            if (!cursor) {
              record(list.label, size, null);
              continue;
            }
            const target = new URL(list.cursorBefore(size), t.baseUrl);
            target.searchParams.delete('offset');
            target.searchParams.set('cursor', cursor);
            url = target.pathname + target.search;
          }
          const timing = await time(t.baseUrl, url, admin.auth).catch((error: Error) => ({
            p50: 0,
            p95: 0,
            failed: String(error.cause ?? error.message),
          }));
          const earlier = results[list.label]?.[size];
          if (!earlier || earlier.failed || (!timing.failed && timing.p50 < earlier.p50)) record(list.label, size, timing);
        }
      printGrowth(databaseName, results, seeding);
    }
  } finally {
    await t.close();
  }
  await saveResults(databaseName, { growth: { seedingSeconds: seeding, listsBySize: results } });
}

function printGrowth(databaseName: string, results: Record<string, Record<number, Timing | null>>, seeding: Record<number, number>) {
  const first = sizes[0] as number;
  const width = Math.max(...Object.keys(results).map((l) => l.length));
  const head = sizes.map((s) => `${s.toLocaleString('en')} events`.padStart(26)).join('');
  console.log(`\nGrowth on the ${databaseName}: median (p95) ms, and the ratio of the median to ${first.toLocaleString('en')} events`);
  console.log(`${''.padEnd(width)}${head}`);
  let over = 0;
  for (const [label, bySize] of Object.entries(results)) {
    const base = bySize[first]?.failed ? undefined : bySize[first];
    const cells = sizes.map((size) => {
      const t = bySize[size];
      if (t === undefined) return ''.padStart(26);
      if (!t || t.failed) return (t?.failed ?? '-').slice(0, 24).padStart(26);
      const ratio = base ? t.p50 / base.p50 : 1;
      const bad = size !== first && ratio > allowed;
      if (bad) over += 1;
      return `${t.p50.toFixed(1)} (${t.p95.toFixed(1)}) ×${ratio.toFixed(2)}${bad ? ' !!' : '   '}`.padStart(26);
    });
    console.log(`${label.padEnd(width)}${cells.join('')}`);
  }
  console.log(
    `${over} figure(s) over ×${allowed} (marked !!); seeding took ${sizes.map((s) => `${(seeding[s] ?? 0).toFixed(0)} s`).join(', ')}`,
  );
}
