import { spawn } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { call, signUp, type TestAccount } from '../src/server/test/accounts.ts';
import { insertEvent } from '../src/server/test/factories.ts';
import { startTestApp } from '../src/server/test/test-app.ts';
import { seedWith } from './growth.ts';
import { saveResults } from './results.ts';

/**
 * Registration questions (issue 33): the registrations CSV with answers streams 100,000 rows without
 * holding them (the process grows by less than 50 MB while it is read), and registering with ten
 * answers costs at most 20 % more than without (median of POST /api/register, the two interleaved).
 */

const rows = 100_000;
const growthAllowedMb = 50;
const allowed = 1.2;
const rounds = 300;

const questions = [
  { id: 'shirt', type: 'choice', label: 'T-shirt size', options: ['S', 'M', 'L', 'XL'], required: true },
  { id: 'diet', type: 'multiChoice', label: 'Dietary needs', options: ['Vegetarian', 'Vegan', 'No nuts'] },
  { id: 'contact', type: 'emergencyContact', label: 'Emergency contact', required: true, sensitive: true },
  { id: 'photos', type: 'yesNo', label: 'May we take your photo?' },
  { id: 'dateOfBirth', type: 'date', label: 'Date of birth' },
  { id: 'mobile', type: 'phone', label: 'Mobile' },
  { id: 'medical', type: 'longText', label: 'Medical notes', sensitive: true },
  { id: 'allergies', type: 'text', label: 'Allergies', checkIn: true },
  { id: 'transport', type: 'choice', label: 'How will you come?', options: ['Walk', 'Bus', 'Car'] },
  { id: 'notes', type: 'longText', label: 'Anything else?' },
];

const answers = {
  shirt: 'M',
  diet: ['Vegetarian', 'No nuts'],
  contact: { name: 'Ana Contact', phone: '+44 20 7946 0958' },
  photos: true,
  dateOfBirth: '1990-04-01',
  mobile: '+880 1712 345678',
  medical: 'Mild asthma; carries an inhaler.',
  allergies: 'Peanuts',
  transport: 'Bus',
  notes: 'Happy to help at the registration desk.',
};

/** 100,000 registrations with ten answers each, over 100 events asking the ten questions. */
async function seedAnswered(db: Database) {
  for (let i = 0; i < 100; i++) await insertEvent(db, { inDays: 30 + (i % 60), title: `Answers bench ${i}` });
  await db.execute(sql`update event set questions = ${JSON.stringify(questions)}::jsonb where title like 'Answers bench %'`);
  await db.execute(sql`
    insert into account (id, name, email, role)
    select 'answers-bench-' || g, 'Person ' || g, 'answers' || g || '@example.org', 'volunteer'
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into registration (account_id, event_id, name, email, status, answers)
    select 'answers-bench-' || g, events.ids[1 + (g % 100)], 'Person ' || g, 'answers' || g || '@example.org',
           'registered', ${JSON.stringify(answers)}::jsonb
    from generate_series(1, ${rows}) g,
         (select array_agg(id order by id) as ids from event where title like 'Answers bench %') events`);
  await db.execute(sql`analyze`);
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * The collector, for the second measure: V8 lets garbage (each page's rows once written) pile up in
 * the heap until its next full collection, so the resident peak says as much about the collector's
 * timing as about what the export holds. Collecting every 200 ms shows what is held.
 */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/**
 * Streams the CSV, keeping nothing, with the process's resident memory sampled every 20 ms; with
 * `collecting`, a full collection every 200 ms first.
 */
async function streamCsv(baseUrl: string, path: string, headers: Record<string, string>, collecting = false) {
  if (collecting) collect();
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const collector = collecting ? setInterval(collect, 200) : undefined;
  const started = performance.now();
  // Read by another process (as a browser would be), so the growth is the server's alone.
  const reader = spawn(
    'curl',
    ['-fsS', '-o', '-', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), baseUrl + path],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let bytes = 0;
  let lines = 0;
  try {
    for await (const chunk of reader.stdout as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      sample();
    }
    const code = await new Promise<number | null>((resolve) =>
      reader.exitCode !== null ? resolve(reader.exitCode) : reader.on('exit', resolve),
    );
    if (code !== 0) throw new Error(`curl ${path} exited ${code}`);
  } finally {
    clearInterval(sampler);
    clearInterval(collector);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    megabytes: mb(bytes),
    lines,
    growthMb: mb(peak - before.rss),
    heapGrowthMb: mb(peakHeap - before.heapUsed),
  };
}

/**
 * The export read once to warm the process (the embedded database's first pass over 100,000 rows grows
 * its own memory once, as any database's cache does), then three times measured: the median growth.
 */
async function csvGrowth(baseUrl: string, path: string, headers: Record<string, string>, collecting = false) {
  await streamCsv(baseUrl, path, headers, collecting);
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await streamCsv(baseUrl, path, headers, collecting));
  runs.sort((a, b) => a.growthMb - b.growthMb);
  // As text: bench/results.json keeps the formatter's layout (a list of numbers would be folded onto one line).
  return { median: runs[1] as (typeof runs)[number], runs: runs.map((run) => run.growthMb.toFixed(1)).join(', ') };
}

/** POST /api/register's median, with and without ten answers, interleaved; each registration cancelled after. */
async function registerTimes(t: Awaited<ReturnType<typeof startTestApp>>, people: TestAccount[]) {
  const asking = await insertEvent(t.app.db, { inDays: 40, title: 'Answers bench: ten questions' });
  const plain = await insertEvent(t.app.db, { inDays: 40, title: 'Answers bench: no questions' });
  await t.app.db.execute(sql`update event set questions = ${JSON.stringify(questions)}::jsonb where id = ${asking.id}`);
  const times = { withAnswers: [] as number[], without: [] as number[] };
  for (let i = 0; i < rounds + 10; i++) {
    const person = people[i % people.length] as TestAccount;
    for (const [kind, body] of [
      ['withAnswers', { eventId: asking.id, answers }],
      ['without', { eventId: plain.id }],
    ] as const) {
      const t0 = performance.now();
      const res = await call(t, 'POST', '/api/register', body, person.auth);
      const took = performance.now() - t0;
      if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
      const { insertedId } = (await res.json()) as { insertedId: string };
      if (i >= 10) times[kind].push(took);
      const cancelled = await call(t, 'DELETE', `/api/register/${insertedId}`, undefined, person.auth);
      await cancelled.arrayBuffer();
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  return { withAnswers: median(times.withAnswers), without: median(times.without) };
}

export async function answersBench(databaseName: string) {
  const t = await startTestApp({ seedDemo: false });
  t.app.replyCache.setWatching(false);
  try {
    const admin = await signUp(t, { role: 'admin' });
    const seeded = performance.now();
    // On the server through a connection of its own: the app's connections time out on a long statement.
    await seedWith(t.app.config.databaseUrl, t.app.db, seedAnswered);
    console.log(
      `seeded ${rows.toLocaleString('en')} registrations with ten answers each in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    console.log(`\nRegistrations CSV with answers on the ${databaseName} (the process's growth while it streams)`);
    const csv: Record<string, Awaited<ReturnType<typeof csvGrowth>>> = {};
    for (const [label, path, collecting] of [
      ['without sensitive answers', '/api/register/export.csv', false],
      ['with ?include=sensitive', '/api/register/export.csv?include=sensitive', false],
      ['sensitive, collecting', '/api/register/export.csv?include=sensitive', true],
    ] as const) {
      const measured = await csvGrowth(t.baseUrl, path, admin.auth, collecting);
      csv[label] = measured;
      const run = measured.median;
      const over = run.growthMb >= growthAllowedMb ? ` !! over ${growthAllowedMb} MB` : '';
      console.log(
        `${label.padEnd(28)} ${run.lines.toLocaleString('en')} lines, ${run.megabytes.toFixed(1)} MB in ${run.seconds.toFixed(1)} s; grew ${run.growthMb.toFixed(1)} MB (heap ${run.heapGrowthMb.toFixed(1)} MB)${over}; runs ${measured.runs} MB`,
      );
    }

    const people: TestAccount[] = [];
    for (let i = 0; i < 20; i++) people.push(await signUp(t));
    // Three runs, the median ratio reported (a burst of other work shows in one run only).
    const runs: { withAnswers: number; without: number; ratio: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const times = await registerTimes(t, people);
      runs.push({ ...times, ratio: times.withAnswers / times.without });
    }
    runs.sort((a, b) => a.ratio - b.ratio);
    const middle = runs[1] as (typeof runs)[number];
    console.log(`\nPOST /api/register, median of ${rounds} each, three runs (median run shown)`);
    console.log(
      `without answers ${middle.without.toFixed(2)} ms, with ten answers ${middle.withAnswers.toFixed(2)} ms: ×${middle.ratio.toFixed(2)}${middle.ratio > allowed ? ` !! over ×${allowed}` : ''} (runs: ${runs.map((r) => `×${r.ratio.toFixed(2)}`).join(', ')})`,
    );
    await saveResults(databaseName, { answers: { csv, register: { runs, median: middle } } });
  } finally {
    await t.close();
  }
}
