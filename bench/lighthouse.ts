// Lighthouse 12 (mobile preset, simulated throttling) on the home page (in English and in Bengali), the event list, one event page and /login,
// served by the production server with the demo content. `npm run bench -- --lighthouse`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumArgs, findChromium } from '../e2e/support/chromium.ts';
import { root } from '../scripts/web-build.mjs';
import { createTestDatabase } from '../src/server/test/test-database.ts';

const RUNS = 3;

export interface LighthouseRow {
  page: string;
  url: string;
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds (simulated mobile). */
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
  requests: number;
  /** Bytes over the wire (compressed) of every script and stylesheet the page loads. */
  javaScriptBytes: number;
  cssBytes: number;
  /**
   * The part of those the first paint could wait for: scripts and stylesheets requested before the page
   * first painted (as observed in the run). Styles written into the page count in `htmlBytes`.
   */
  blockingJavaScriptBytes: number;
  blockingCssBytes: number;
  /** The page's own HTML, compressed. */
  htmlBytes: number;
  /** Audits below a full score in the three categories that should be 100, for the next person to fix. */
  failing: string;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  priority?: string;
  /** Milliseconds from the start of the navigation. */
  networkRequestTime?: number;
}

async function waitFor(url: string) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`${url} did not answer within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stop(child: ChildProcess) {
  if (child.exitCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  return new Promise((resolve) => child.once('exit', resolve));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One Lighthouse run; a run whose trace came out broken (Lighthouse's NO_NAVSTART, now and then) is run again. */
async function lighthouseReport(port: number, url: string, headers: Record<string, string> = {}, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', extraHeaders: headers });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt >= tries) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
  }
}

async function audit(port: number, url: string, headers: Record<string, string> = {}) {
  const lhr = await lighthouseReport(port, url, headers);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
  // The first paint as the page really painted it (not simulated): what was requested before it is what
  // the paint could have waited for.
  const metrics = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items;
  const painted = metrics?.[0]?.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const bytes = (type: string, beforePaint = false) =>
    items
      .filter((i) => i.resourceType === type && (!beforePaint || (i.networkRequestTime ?? 0) < painted))
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const failing: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.push(`${id}: ${ref.id}`);
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    fcp: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    requests: items.length,
    javaScriptBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
    blockingJavaScriptBytes: bytes('Script', true),
    blockingCssBytes: bytes('Stylesheet', true),
    htmlBytes: bytes('Document'),
    failing,
  };
}

/**
 * Starts the production server (`scripts/start.mjs`) with the demo content on a new database, then runs
 * Lighthouse RUNS times on each page and keeps the median of each figure.
 */
export async function lighthousePages(): Promise<LighthouseRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hh-bench-lighthouse-'));
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const port = 3913;
  const debugPort = 9323;
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  };
  delete env.DATABASE_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: 'ignore' });
  let chrome: ChildProcess | undefined;
  try {
    await waitFor(`${origin}/api/health`);
    const [first] = (await (await fetch(`${origin}/api/events?limit=1`)).json()) as { _id: string }[];
    if (!first) throw new Error('the demo content has no event');
    const profile = path.join(dataDir, 'chromium');
    chrome = spawn(
      findChromium(),
      ['--headless=new', ...chromiumArgs, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
    const pages: [page: string, url: string, headers?: Record<string, string>][] = [
      ['home', '/'],
      // The reader who chose Bengali: the page drawn in it, with its words.
      ['home (Bengali)', '/', { Cookie: 'lang=bn' }],
      ['events', '/events'],
      ['event page', `/eventDetails/${first._id}`],
      ['login', '/login'],
    ];
    const rows: LighthouseRow[] = [];
    for (const [page, url, headers] of pages) {
      // One run first that is not counted: the server's first answers and the browser's caches warm up.
      await audit(debugPort, origin + url, headers);
      const runs: Awaited<ReturnType<typeof audit>>[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(debugPort, origin + url, headers));
      const of = (key: Exclude<keyof (typeof runs)[number], 'failing'>) => median(runs.map((r) => r[key]));
      rows.push({
        page,
        url,
        performance: of('performance'),
        accessibility: of('accessibility'),
        bestPractices: of('bestPractices'),
        seo: of('seo'),
        lcp: Math.round(of('lcp')),
        tbt: Math.round(of('tbt')),
        fcp: Math.round(of('fcp')),
        cls: Number(of('cls').toFixed(3)),
        requests: of('requests'),
        javaScriptBytes: of('javaScriptBytes'),
        cssBytes: of('cssBytes'),
        blockingJavaScriptBytes: of('blockingJavaScriptBytes'),
        blockingCssBytes: of('blockingCssBytes'),
        htmlBytes: of('htmlBytes'),
        failing: [...new Set(runs.flatMap((r) => r.failing))].join(', '),
      });
    }
    return rows;
  } finally {
    if (chrome) await stop(chrome);
    await stop(server);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printLighthouse(rows: LighthouseRow[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`Lighthouse 12, mobile, simulated throttling (median of ${RUNS}):`);
  for (const r of rows) {
    console.log(
      `  ${r.page.padEnd(10)} performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}; ` +
        `FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${r.tbt} ms, CLS ${r.cls}; ` +
        `${r.requests} requests, JavaScript ${kb(r.javaScriptBytes)}, CSS ${kb(r.cssBytes)}, HTML ${kb(r.htmlBytes)} compressed; ` +
        `requested before the first paint: JavaScript ${kb(r.blockingJavaScriptBytes)}, CSS ${kb(r.blockingCssBytes)}`,
    );
    if (r.failing) console.log(`    below 100: ${r.failing}`);
  }
}
