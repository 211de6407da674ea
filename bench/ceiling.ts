// Public and signed-in reads at 50 connections, each beside the ceiling: a bare Fastify server answering
// the same bytes from memory, measured in the same run (bench/bare-server.mjs). `npm run bench -- --ceiling`.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/web-build.mjs';
import { createTestDatabase } from '../src/server/test/test-database.ts';

const CONNECTIONS = 50;
/** Turns each of the bare server and the product takes at every read. */
const ROUNDS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export interface CeilingRow {
  target: string;
  url: string;
  /** Requests per second: the bare server's, the product's, and the product's share of it. */
  ceiling: number;
  product: number;
  ratio: number;
  p50: number;
  p99: number;
  /** The share the issue asks of this kind of read (public 0.5, signed-in 0.25). */
  wanted: number;
}

async function waitForHealth(origin: string) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`${origin} did not answer health within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stop(child: ChildProcess) {
  if (child.exitCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  return new Promise((resolve) => child.once('exit', resolve));
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** An account signed in through the API, as a browser would: its session cookie. */
async function signedIn(origin: string): Promise<{ email: string; cookie: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench Reader' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie };
}

/**
 * Registrations at a steady `perSecond` while the reads are loaded, each cancelled right after (so each
 * account's hourly allowance of 60 lasts): as a busy charity's sign-up day would write. Accounts are
 * signed up first and take turns. Returns a stop that says how many were made and how many failed.
 */
async function steadyRegistrations(origin: string, perSecond: number) {
  const accounts: { cookie: string }[] = [];
  for (let i = 0; i < 100; i++) accounts.push(await signedIn(origin));
  const events = ((await (await fetch(`${origin}/api/events?when=upcoming&limit=50`)).json()) as { _id: string }[]).map((e) => e._id);
  if (events.length === 0) throw new Error('the demo content has no upcoming event');
  let made = 0;
  let failed = 0;
  let skipped = 0;
  let turn = 0;
  let inFlight = 0;
  const send = async () => {
    const n = turn++;
    const { cookie } = accounts[n % accounts.length] as { cookie: string };
    const headers = { cookie, origin, 'content-type': 'application/json' };
    const eventId = events[Math.floor(n / accounts.length) % events.length];
    const res = await fetch(`${origin}/api/register`, { method: 'POST', headers, body: JSON.stringify({ eventId }) });
    if (res.status !== 201) return void failed++;
    made += 1;
    const { insertedId } = (await res.json()) as { insertedId: string };
    const cancelled = await fetch(`${origin}/api/register/${insertedId}`, { method: 'DELETE', headers: { cookie, origin } });
    await cancelled.arrayBuffer();
  };
  // A database that cannot keep up is not sent an ever longer queue: a turn is skipped (and counted)
  // while two are still under way, so the figure is the reads beside the writes the database can take.
  const timer = setInterval(() => {
    if (inFlight >= 2) return void skipped++;
    inFlight += 1;
    void send()
      .catch(() => failed++)
      .finally(() => inFlight--);
  }, 1000 / perSecond);
  const started = performance.now();
  return () => {
    clearInterval(timer);
    return { made, failed, skipped, perSecond: made / ((performance.now() - started) / 1000) };
  };
}

/**
 * Starts the production server (`scripts/start.mjs`, demo content, the embedded database on disk or a
 * new database on the DATABASE_URL server), reads each target once, serves those bytes from the bare
 * server, then loads each for `seconds` against the bare server and the product in turn, three times.
 */
export async function readsAgainstCeiling(
  seconds = 4,
  extraEnv: Record<string, string> = {},
  /** Registrations a second made throughout, beside the reads (`--writes N`). */
  writesPerSecond = 0,
): Promise<CeilingRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hh-bench-ceiling-'));
  const database = await createTestDatabase(process.env.DATABASE_URL);
  // BENCH_PORT moves both, for a second bench on the same machine.
  const productPort = Number(process.env.BENCH_PORT ?? 3911);
  const barePort = productPort + 1;
  const origin = `http://127.0.0.1:${productPort}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(productPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Every connection of the load comes from one address: the limits are not what is measured.
    AUTH_RATE_LIMIT: '100000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  const product = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: 'ignore' });
  let bare: ChildProcess | undefined;
  let stopWrites: (() => { made: number; failed: number; skipped: number; perSecond: number }) | undefined;
  try {
    await waitForHealth(origin);
    const [first] = (await (await fetch(`${origin}/api/events?limit=1`)).json()) as { _id: string }[];
    if (!first) throw new Error('the demo content has no event');
    const reader = await signedIn(origin);
    const mine = { cookie: reader.cookie };
    const targets: [target: string, url: string, headers: Record<string, string>, wanted: number][] = [
      ['events, first page', '/api/events?limit=24', {}, 0.5],
      ['events searched', '/api/events?q=food&limit=24', {}, 0.5],
      ['one event', `/api/events/${first._id}`, {}, 0.5],
      ['reviews', '/api/review', {}, 0.5],
      ['site settings', '/api/site', {}, 0.5],
      ['home page HTML', '/', {}, 0.5],
      ['My Events (signed in)', `/api/register/event/${encodeURIComponent(reader.email)}`, mine, 0.25],
      ['My Donation (signed in)', `/api/payment/${encodeURIComponent(reader.email)}`, mine, 0.25],
    ];

    // The same bytes: the body and the headers the product answered with (those the connection sets aside).
    const replies: Record<string, { body: string; headers: Record<string, string> }> = {};
    for (const [, url, headers] of targets) {
      const res = await fetch(origin + url, { headers });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      const kept: Record<string, string> = {};
      for (const [name, value] of res.headers) {
        if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) kept[name] = value;
      }
      replies[url] = { body: Buffer.from(await res.arrayBuffer()).toString('base64'), headers: kept };
    }
    const repliesFile = path.join(dataDir, 'replies.json');
    await writeFile(repliesFile, JSON.stringify(replies));
    bare = fork(path.join(root, 'bench/bare-server.mjs'), [repliesFile, String(barePort)], { stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      bare?.once('message', () => resolve());
      bare?.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });

    if (writesPerSecond > 0) stopWrites = await steadyRegistrations(origin, writesPerSecond);

    // The two take turns, ROUNDS times each, and each figure is the median of its turns: whatever else the
    // machine does meanwhile weighs on both alike.
    const rows: CeilingRow[] = [];
    for (const [target, url, headers, wanted] of targets) {
      const ceilings: Awaited<ReturnType<typeof load>>[] = [];
      const measured: Awaited<ReturnType<typeof load>>[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ceilings.push(await load(`http://127.0.0.1:${barePort}${url}`, {}, seconds));
        measured.push(await load(origin + url, headers, seconds));
      }
      const ceiling = median(ceilings.map((r) => r.rps));
      const product = median(measured.map((r) => r.rps));
      rows.push({
        target,
        url,
        ceiling: Math.round(ceiling),
        product: Math.round(product),
        ratio: product / ceiling,
        p50: median(measured.map((r) => r.p50)),
        p99: median(measured.map((r) => r.p99)),
        wanted,
      });
    }
    if (stopWrites) {
      const writes = stopWrites();
      console.log(
        `registrations beside the reads: ${writes.made} made and cancelled (${writes.perSecond.toFixed(1)}/s), ${writes.failed} failed, ${writes.skipped} turns skipped while two were under way`,
      );
    }
    return rows;
  } finally {
    stopWrites?.();
    if (bare) await stop(bare);
    await stop(product);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printCeiling(rows: CeilingRow[], databaseName: string, processes = 1) {
  const product = processes > 1 ? `${processes} server processes (WEB_CONCURRENCY=${processes})` : 'one server process';
  console.log(
    `Reads at ${CONNECTIONS} connections on the ${databaseName}, ${product}, beside a bare Fastify server answering the same bytes (median of ${ROUNDS} turns each):`,
  );
  for (const r of rows) {
    const share = `${(r.ratio * 100).toFixed(0)} %`;
    const verdict = r.ratio >= r.wanted && r.p99 < 50 ? 'meets' : 'below';
    console.log(
      `  ${r.target.padEnd(26)} ${String(r.product).padStart(6)} req/s of ${String(r.ceiling).padStart(6)} (${share.padStart(4)}; wanted ${r.wanted * 100} %), p50 ${r.p50} ms, p99 ${r.p99} ms: ${verdict}`,
    );
  }
}
