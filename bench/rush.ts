// `npm run bench -- --rush`: a registration rush for one event beside the public reads (issue 28).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/web-build.mjs';
import { createTestDatabase } from '../src/server/test/test-database.ts';

const ACCOUNTS = 200;
const RUSH_MS = 2_000;
const READERS = 50;
const HEALTH_EVERY_MS = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

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

/** Accounts signed up through the API, as people would, each with its bearer token. */
async function signUpMany(origin: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < count; i = next++) {
        // A busy machine's database may time out a sign-up: it is tried again (not part of the measurement).
        for (let attempt = 1; ; attempt++) {
          const res = await fetch(`${origin}/api/auth/sign-up/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({
              email: `rush-${i}-${attempt}-${Date.now()}@example.org`,
              password: 'kettle-harbour-42',
              name: `Rusher ${i}`,
            }),
          });
          const token = res.headers.get('set-auth-token');
          if (res.ok && token) {
            tokens.push(token);
            break;
          }
          if (res.status !== 503 || attempt === 5) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
        }
      }
    }),
  );
  return tokens;
}

export interface RushFigures {
  registrations: number;
  registered: number;
  waitlisted: number;
  serverErrors: number;
  registrationP50: number;
  registrationP99: number;
  readP99: number;
  reads: number;
  healthMax: number;
  healthSamples: number;
}

/**
 * Starts the production server (demo content; the embedded database on disk, or a new database on the
 * DATABASE_URL server), signs ACCOUNTS accounts up, then: READERS connections read public pages with
 * autocannon while every account registers for the same event, spread over RUSH_MS, and /api/health is
 * asked every HEALTH_EVERY_MS (each sample on its own, so a slow answer does not hide the next).
 */
export async function rush(): Promise<RushFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hh-bench-rush-'));
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const port = 3921;
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Every request comes from one address: the sign-up limit is not what is measured.
    AUTH_RATE_LIMIT: '100000',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitForHealth(origin);
    const events = (await (await fetch(`${origin}/api/events?limit=24`)).json()) as { _id: string; capacity: number | null }[];
    const target = events.find((e) => e.capacity !== null && e.capacity < ACCOUNTS) ?? events[0];
    if (!target) throw new Error('the demo content has no event');
    const tokens = await signUpMany(origin, ACCOUNTS);
    console.log(`event ${target._id}, capacity ${target.capacity ?? 'none'}; ${tokens.length} accounts signed up`);

    const health: number[] = [];
    let serverErrors = 0;
    let sampling = true;
    const samples: Promise<void>[] = [];
    const sampler = setInterval(() => {
      if (!sampling) return;
      const t0 = performance.now();
      samples.push(
        fetch(`${origin}/api/health`)
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.status >= 500) serverErrors += 1;
          })
          .catch(() => {
            serverErrors += 1;
          })
          .finally(() => health.push(performance.now() - t0)),
      );
    }, HEALTH_EVERY_MS);

    const reads = autocannon({
      url: origin,
      connections: READERS,
      duration: 8,
      requests: [{ path: '/api/events' }, { path: '/' }, { path: `/api/events/${target._id}` }, { path: `/eventDetails/${target._id}` }],
    });

    // The load first, then the rush: a second in, ACCOUNTS registrations spread over RUSH_MS.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const answers: Promise<void>[] = tokens.map(async (token, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * RUSH_MS) / tokens.length));
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/register`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin },
        body: JSON.stringify({ eventId: target._id }),
      });
      const body = (await res.json().catch(() => ({}))) as { status?: string };
      latencies.push(performance.now() - t0);
      const key = res.ok ? (body.status ?? String(res.status)) : String(res.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (res.status >= 500) serverErrors += 1;
    });
    await Promise.all(answers);
    const read = await reads;
    sampling = false;
    clearInterval(sampler);
    await Promise.all(samples);
    for (const [code, stats] of Object.entries(read.statusCodeStats ?? {})) {
      if (Number(code) >= 500) serverErrors += (stats as { count: number }).count;
    }
    serverErrors += read.errors + read.timeouts;
    console.log(`registration answers: ${JSON.stringify(statuses)}`);
    return {
      registrations: latencies.length,
      registered: statuses.registered ?? 0,
      waitlisted: statuses.waitlisted ?? 0,
      serverErrors,
      registrationP50: percentile(latencies, 50),
      registrationP99: percentile(latencies, 99),
      readP99: read.latency.p99,
      reads: read.requests.total,
      healthMax: Math.max(...health),
      healthSamples: health.length,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printRush(f: RushFigures, databaseName: string) {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `Registration rush on the ${databaseName}: ${f.registrations} registrations in ${RUSH_MS / 1000} s beside ${READERS} readers`,
  );
  console.log(`  registered ${f.registered}, waitlisted ${f.waitlisted}`);
  console.log(`  5xx answers (registrations, reads, health): ${f.serverErrors}: ${met(f.serverErrors === 0)} (none)`);
  console.log(`  registration latency p50 ${f.registrationP50.toFixed(0)} ms, p99 ${f.registrationP99.toFixed(0)} ms`);
  console.log(`  reads p99 ${f.readP99} ms over ${f.reads} reads: ${met(f.readP99 < 250)} (under 250 ms)`);
  console.log(`  health max ${f.healthMax.toFixed(0)} ms over ${f.healthSamples} samples: ${met(f.healthMax < 1_000)} (under 1 s)`);
}
