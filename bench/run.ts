// `npm run bench`: the figures the notes report. Never part of `npm test`; numbers depend on the machine.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../e2e/support/chromium.ts';
import { ensureWebBuild, root } from '../scripts/web-build.mjs';
import { DurableNodeFS, durableStartParams } from '../src/server/db/durable-fs.ts';
import { signUp } from '../src/server/test/accounts.ts';
import { insertEvent } from '../src/server/test/factories.ts';
import { startTestApp } from '../src/server/test/test-app.ts';
import { createTestDatabase } from '../src/server/test/test-database.ts';
import { answersBench } from './answers.ts';
import { printCeiling, readsAgainstCeiling } from './ceiling.ts';
import { eventMessagesBench } from './event-messages.ts';
import { growth } from './growth.ts';
import { lighthousePages, printLighthouse } from './lighthouse.ts';
import { monthlyGiftsBench } from './monthly-gifts.ts';
import { pdfTimes } from './pdf.ts';
import { saveResults } from './results.ts';
import { printRush, rush } from './rush.ts';
import { seedLargeCharity } from './seed-large.ts';
import { shiftsBench } from './shifts.ts';

const databaseName = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database';

/** The product's reads beside the bare-Fastify ceiling, printed and kept in bench/results.json. */
async function ceiling() {
  // `--writes N`: the same reads while N registrations a second are made (and cancelled) beside them.
  const writesAt = process.argv.indexOf('--writes');
  const writes = writesAt >= 0 ? Number(process.argv[writesAt + 1] ?? 20) : 0;
  const rows = await readsAgainstCeiling(4, {}, writes);
  printCeiling(rows, writes > 0 ? `${databaseName}, ${writes} registrations a second beside` : databaseName);
  await saveResults(
    databaseName,
    writes > 0 ? { readsAtFiftyConnectionsWithWrites: { writesPerSecond: writes, rows } } : { readsAtFiftyConnections: rows },
  );
  if (writes > 0) return;
  // Several processes need the database server (the embedded database belongs to one).
  if (process.env.DATABASE_URL) {
    const two = await readsAgainstCeiling(4, { WEB_CONCURRENCY: '2' });
    printCeiling(two, databaseName, 2);
    await saveResults(databaseName, { readsAtFiftyConnectionsTwoProcesses: two });
  }
}

/** Lighthouse's scores and bytes for the public pages, printed and kept in bench/results.json. */
async function webPages() {
  const rows = await lighthousePages();
  printLighthouse(rows);
  await saveResults(databaseName, { lighthouseMobile: rows });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function timeToHealth(dataDir: string, databaseUrl: string | undefined, port: number): Promise<number> {
  const started = performance.now();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  // Never the database DATABASE_URL names: a fresh one made for the measurement.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        // not yet listening
      }
      if (performance.now() - started > 120_000) throw new Error('no health answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function startUp() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hh-bench-'));
  const database = await createTestDatabase(process.env.DATABASE_URL);
  try {
    const fresh = await timeToHealth(dataDir, database.databaseUrl, 3901);
    const existing = await timeToHealth(dataDir, database.databaseUrl, 3902);
    console.log(`start until /api/health answers: new database ${(fresh / 1000).toFixed(2)} s, existing ${(existing / 1000).toFixed(2)} s`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

async function homePageJavaScript(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  try {
    const page = await (await browser.newContext()).newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzipped = 0;
    for (const body of await Promise.all(scripts.values())) {
      raw += body.length;
      gzipped += gzipSync(body).length;
    }
    console.log(`home page JavaScript: ${scripts.size} files, ${kb(raw)} raw, ${kb(gzipped)} gzipped (budget 150 kB)`);
  } finally {
    await browser.close();
  }
}

async function latency(
  baseUrl: string,
  label: string,
  url: string,
  requests = 2000,
  concurrency = 16,
  headers: Record<string, string> = {},
) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(baseUrl + url, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
  console.log(
    `${label}: ${(requests / seconds).toFixed(0)} req/s, p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms (${requests} requests, ${concurrency} at a time)`,
  );
}

/**
 * Registrations per second through the API on the embedded database in a folder on the same disk as
 * ./data, with every acknowledged write made durable (fsync) and, for comparison, without.
 */
async function registrationsPerSecond() {
  const count = 300;
  const rates: string[] = [];
  for (const durable of [false, true]) {
    const dataDir = await mkdtemp(path.join(root, '.bench-data-'));
    const t = await startTestApp({ databaseUrl: undefined, dataDir }, { durableWrites: durable });
    try {
      const events = [];
      for (let i = 0; i < count * 2; i++) events.push(await insertEvent(t.app.db));
      const person = await signUp(t);
      const register = async (eventId: string) => {
        const res = await t.api('/api/register', {
          method: 'POST',
          headers: { ...person.auth, 'content-type': 'application/json', origin: t.baseUrl },
          body: JSON.stringify({ eventId }),
        });
        if (!res.ok) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
      };
      let started = performance.now();
      for (const e of events.slice(0, count)) await register(e.id);
      const oneAtATime = count / ((performance.now() - started) / 1000);
      const rest = events.slice(count);
      started = performance.now();
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let e = rest.shift(); e; e = rest.shift()) await register(e.id);
        }),
      );
      const sixteen = count / ((performance.now() - started) / 1000);
      rates.push(
        `${durable ? 'durable (fsync on)' : 'not durable (fsync off, before)'}: ${oneAtATime.toFixed(0)}/s one at a time, ${sixteen.toFixed(0)}/s 16 at a time`,
      );
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`registrations on the embedded database on disk (${count} each way):\n  ${rates.join('\n  ')}`);
}

/** Single-row commits per second on the embedded database on disk: the cost of fsync alone, without the API. */
async function commitsPerSecond() {
  const count = 1000;
  const rates: string[] = [];
  for (const durable of [false, true]) {
    const dataDir = await mkdtemp(path.join(root, '.bench-data-'));
    const db = durable ? new PGlite({ fs: new DurableNodeFS(dataDir), startParams: durableStartParams }) : new PGlite(dataDir);
    try {
      await db.exec('create table note (id serial primary key, body text)');
      const started = performance.now();
      for (let i = 0; i < count; i++) await db.query('insert into note (body) values ($1)', [`note ${i}`]);
      const seconds = (performance.now() - started) / 1000;
      rates.push(
        `${durable ? 'durable' : 'not durable'} ${(count / seconds).toFixed(0)}/s (${((seconds * 1000) / count).toFixed(2)} ms each)`,
      );
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`single-row commits on the embedded database on disk: ${rates.join(', ')}`);
}

// `npm run bench -- --pdf`: a receipt PDF in Bengali, alone.
if (process.argv.includes('--pdf')) {
  const times = await pdfTimes();
  await saveResults(databaseName, { receiptPdfBengali: times });
  process.exit(0);
}
// `npm run bench -- --shifts`: an event's page data, shifts and roster with 200 shifts against 5, alone.
if (process.argv.includes('--shifts')) {
  await shiftsBench(databaseName);
  process.exit(0);
}
// `npm run bench -- --answers`: the registrations CSV with answers at 100,000 rows, and registering with ten answers, alone.
if (process.argv.includes('--answers')) {
  await answersBench(databaseName);
  process.exit(0);
}
// `npm run bench -- --messages`: a message to 2,000 of an event's people, accepted, queued and delivered, alone.
if (process.argv.includes('--messages')) {
  await eventMessagesBench(databaseName);
  process.exit(0);
}
// `npm run bench -- --monthly`: 10,000 monthly gifts due on one day renewed beside public reads, alone.
if (process.argv.includes('--monthly')) {
  await monthlyGiftsBench(databaseName);
  process.exit(0);
}
// `npm run bench -- --growth`: every list at 1,000, 10,000 and 100,000 events, alone.
if (process.argv.includes('--growth')) {
  await growth(databaseName);
  process.exit(0);
}
ensureWebBuild();
// `npm run bench -- --ceiling`: that comparison alone.
if (process.argv.includes('--ceiling')) {
  await ceiling();
  process.exit(0);
}
// `npm run bench -- --rush`: a registration rush for one event beside public reads, alone.
if (process.argv.includes('--rush')) {
  printRush(await rush(), databaseName);
  process.exit(0);
}
// `npm run bench -- --lighthouse`: the public pages in Lighthouse alone.
if (process.argv.includes('--lighthouse')) {
  await webPages();
  process.exit(0);
}
await ceiling();
await webPages();
await startUp();
await saveResults(databaseName, { receiptPdfBengali: await pdfTimes() });
await commitsPerSecond();
await registrationsPerSecond();
const app = await startTestApp({ seedDemo: true, webDir: 'dist/web' });
try {
  await homePageJavaScript(app.baseUrl);
  console.log(`API on the ${app.config.databaseUrl ? 'PostgreSQL server' : 'embedded database'}:`);
  await latency(app.baseUrl, 'GET /api/events?limit=24', '/api/events?limit=24');
  await latency(app.baseUrl, 'GET /api/events?q=run', '/api/events?q=run');
  await latency(app.baseUrl, 'GET /api/events/{id}', `/api/events/${(await (await app.api('/api/events?limit=1')).json())[0]._id}`);
} finally {
  await app.close();
}

/** The admin pages' first page with 20,000 events and 100,000 registrations. */
async function adminListsAtSize() {
  const big = await startTestApp({ seedDemo: false });
  try {
    const started = performance.now();
    await seedLargeCharity(big.app.db);
    console.log(
      `seeded 20,000 events, 5,000 accounts, 100,000 registrations, 20,000 donations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const admin = await signUp(big, { role: 'admin' });
    // Every sort each admin screen offers, and searches that match a few rows or every row.
    const lists: [label: string, url: string, requests?: number][] = [
      ['events, first page', '/api/events?limit=25'],
      ['events sorted by title', '/api/events?limit=25&sort=title'],
      ['events sorted by title, descending', '/api/events?limit=25&sort=-title'],
      ['events sorted by date', '/api/events?limit=25&sort=date'],
      ['events searched', '/api/events?limit=25&q=event%20123'],
      ['registrations, first page', '/api/register?limit=25'],
      ['registrations sorted by title', '/api/register?limit=25&sort=title'],
      ['registrations sorted by title, descending', '/api/register?limit=25&sort=-title'],
      ['registrations sorted by name', '/api/register?limit=25&sort=name'],
      ['registrations sorted by email', '/api/register?limit=25&sort=email'],
      ['registrations searched', '/api/register?limit=25&q=person%204321'],
      ['registrations searched by event title', '/api/register?limit=25&q=event%201234'],
      ['registrations searched, every row matches', '/api/register?limit=25&q=example.org', 20],
      ['donations, first page with total', '/api/payment?limit=25'],
      ['donations sorted by event', '/api/payment?limit=25&sort=event'],
      ['donations sorted by amount', '/api/payment?limit=25&sort=amount'],
      ['donations searched', '/api/payment?limit=25&q=person4321'],
      ['accounts, first page', '/api/users?limit=25'],
      ['accounts sorted by name', '/api/users?limit=25&sort=name'],
      ['accounts searched', '/api/users?limit=25&q=person%204321'],
    ];
    for (const [label, url, requests = 100] of lists) await latency(big.baseUrl, label, url, requests, 4, admin.auth);
    const t0 = performance.now();
    const csv = await (await fetch(`${big.baseUrl}/api/register/export.csv`, { headers: admin.auth })).text();
    console.log(
      `registrations CSV export: ${(csv.length / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await big.close();
  }
}

console.log(`Admin lists at size (${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database'}):`);
await adminListsAtSize();
await growth(databaseName);
await shiftsBench(databaseName);
