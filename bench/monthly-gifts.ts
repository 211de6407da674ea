import { and, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { donation, outboxMessage, subscription, testPayment } from '../src/server/db/schema.ts';
import { insertEvent } from '../src/server/test/factories.ts';
import { startTestApp, type TestApp } from '../src/server/test/test-app.ts';
import { saveResults } from './results.ts';

/**
 * Monthly gifts renewed on one day (the issue's target): 10,000 monthly gifts due on one day (test mode)
 * are renewed, recorded and their receipts queued within a minute, each once, while the site keeps
 * answering. The renewal job's one run is timed while public reads go on beside it, then every gift is
 * checked to have been taken once (one payment, one donation, one receipt, moved on a month) and a second
 * run to take nothing more.
 */

const gifts = 10_000;
const allowedSeconds = 60;
const tag = 'monthly-bench';
const readUrls = ['/api/events?limit=24', '/api/site'] as const;

/** The donors and their gifts, set-based: each gift's second month due a minute ago, on Stripe's test Visa. */
async function seedGifts(db: Database, eventId: string, eventTitle: string) {
  await db.execute(sql`
    insert into account (id, name, email, role)
    select ${`${tag}-`} || g, 'Donor ' || g, ${`${tag}-`} || g || '@example.org', 'volunteer'
    from generate_series(1, ${gifts}) g`);
  await db.execute(sql`
    insert into subscription (account_id, email, amount_cents, currency, event_id, event_title, status, gateway,
      start_key, period, anchor_at, next_payment_at, payment_method, last4)
    select ${`${tag}-`} || g, ${`${tag}-`} || g || '@example.org', 3000, 'usd', ${eventId}::uuid, ${eventTitle}, 'active', 'test',
      ${`${tag}-start-`} || g, 2, now() - interval '1 month', now() - interval '1 minute', 'pm_card_visa', '4242'
    from generate_series(1, ${gifts}) g`);
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const pct = (list: number[], p: number) => {
  const s = sorted(list);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (value: number) => Number(value.toFixed(1));

/** Public reads one after another, alternating the home page's list and the site, until `until()` says stop. */
async function readWhile(t: TestApp, until: () => boolean, times: Record<string, number[]>, failures: string[]) {
  for (let i = 0; until(); i++) {
    const url = readUrls[i % readUrls.length] as string;
    const started = performance.now();
    try {
      const res = await t.api(url);
      await res.arrayBuffer();
      if (!res.ok) failures.push(`${url} answered ${res.status}`);
    } catch (err) {
      failures.push(`${url} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const list = times[url] ?? [];
    times[url] = list;
    list.push(performance.now() - started);
  }
}

async function readsFor(t: TestApp, count: number) {
  const times: Record<string, number[]> = {};
  const failures: string[] = [];
  let left = count;
  await readWhile(t, () => left-- > 0, times, failures);
  return Object.values(times).flat();
}

const ofGifts = sql`(select ${subscription.id} from ${subscription} where ${subscription.startKey} like ${`${tag}-start-%`})`;

/** What the renewals left: payments, donations, receipts and gifts moved on, each counted and counted once. */
async function tally(db: Database) {
  const count = sql<number>`count(*)`.mapWith(Number);
  const [payments] = await db
    .select({ count, succeeded: sql<number>`count(*) filter (where ${testPayment.status} = 'succeeded')`.mapWith(Number) })
    .from(testPayment)
    .where(like(testPayment.idempotencyKey, 'renewal:%'));
  const [donations] = await db
    .select({ count, gifts: sql<number>`count(distinct ${donation.subscriptionId})`.mapWith(Number) })
    .from(donation)
    .where(inArray(donation.subscriptionId, ofGifts));
  const [receipts] = await db
    .select({
      count,
      donors: sql<number>`count(distinct ${outboxMessage.to})`.mapWith(Number),
      written: sql<number>`count(*) filter (where ${outboxMessage.status} in ('sent', 'logged'))`.mapWith(Number),
    })
    .from(outboxMessage)
    .where(and(eq(outboxMessage.kind, 'donation-receipt'), like(outboxMessage.to, `${tag}-%`)));
  const [movedOn] = await db
    .select({ count })
    .from(subscription)
    .where(
      and(
        like(subscription.startKey, `${tag}-start-%`),
        eq(subscription.status, 'active'),
        eq(subscription.period, 3),
        eq(subscription.failedTries, 0),
        gt(subscription.nextPaymentAt, sql`now()`),
      ),
    );
  return {
    payments: payments?.count ?? 0,
    paymentsSucceeded: payments?.succeeded ?? 0,
    donations: donations?.count ?? 0,
    donationGifts: donations?.gifts ?? 0,
    receipts: receipts?.count ?? 0,
    receiptDonors: receipts?.donors ?? 0,
    receiptsWritten: receipts?.written ?? 0,
    giftsMovedOn: movedOn?.count ?? 0,
  };
}

export async function monthlyGiftsBench(databaseName: string) {
  // The job runs once at start and then only when asked: the gifts are seeded before anything is due.
  const t = await startTestApp({ seedDemo: true, renewalCheckMs: 24 * 3_600_000 });
  try {
    const renewals = t.app.renewals;
    if (!renewals) throw new Error('no renewal job: the app is not in test mode (Stripe keys set?)');
    let runFailure: unknown;
    renewals.onReadFailure = (err) => {
      runFailure = err;
    };
    // The run at start (nothing due) finished first, so the timed run is not the one that waits for it.
    await renewals.runOnce();

    let started = performance.now();
    const party = await insertEvent(t.app.db, { inDays: 20, title: 'Monthly gifts bench' });
    await seedGifts(t.app.db, party.id, party.title);
    const seededS = (performance.now() - started) / 1000;
    console.log(`seeded ${gifts.toLocaleString('en')} accounts and monthly gifts due now in ${seededS.toFixed(1)} s`);

    const readsBefore = await readsFor(t, 80);

    // The renewal run, timed, with public reads one after another beside it.
    const during: Record<string, number[]> = {};
    const readFailures: string[] = [];
    let renewing = true;
    started = performance.now();
    const reading = readWhile(t, () => renewing, during, readFailures);
    const renewed = await renewals.runOnce().finally(() => {
      renewing = false;
    });
    const renewS = (performance.now() - started) / 1000;
    await reading;
    const after = await tally(t.app.db);

    // Again: nothing is due, nothing more is taken.
    started = performance.now();
    const renewedAgain = await renewals.runOnce();
    const againMs = performance.now() - started;
    const afterAgain = await tally(t.app.db);

    const all = Object.values(during).flat();
    const reads = {
      count: all.length,
      medianMs: ms(pct(all, 50)),
      p95Ms: ms(pct(all, 95)),
      longestMs: ms(Math.max(0, ...all)),
      beforeMedianMs: ms(pct(readsBefore, 50)),
      beforeP95Ms: ms(pct(readsBefore, 95)),
      ...Object.fromEntries(
        Object.entries(during).map(([url, list]) => [url, `median ${pct(list, 50).toFixed(1)} ms, p95 ${pct(list, 95).toFixed(1)} ms`]),
      ),
    };

    const problems: string[] = [];
    if (runFailure) problems.push(`the renewal run failed: ${runFailure instanceof Error ? runFailure.message : String(runFailure)}`);
    if (renewed !== gifts) problems.push(`the run took ${renewed} payments, not ${gifts}`);
    if (renewS > allowedSeconds) problems.push(`renewing took ${renewS.toFixed(1)} s, over ${allowedSeconds} s`);
    for (const [name, value] of Object.entries(after)) {
      if (name !== 'receiptsWritten' && value !== gifts) problems.push(`${name}: ${value}, not ${gifts}`);
    }
    if (renewedAgain !== 0) problems.push(`the second run took ${renewedAgain} more payments`);
    for (const name of ['payments', 'donations', 'receipts'] as const) {
      if (afterAgain[name] !== after[name]) problems.push(`${name} went from ${after[name]} to ${afterAgain[name]} on the second run`);
    }
    if (readFailures.length > 0) problems.push(`${readFailures.length} reads failed during the run, e.g. ${readFailures[0]}`);

    console.log(`\n${gifts.toLocaleString('en')} monthly gifts due on one day, renewed on the ${databaseName}`);
    console.log(
      `renewed, recorded and receipts queued in ${renewS.toFixed(1)} s (${(renewed / renewS).toFixed(0)} renewals a second, ${((renewS * 1000) / Math.max(1, renewed)).toFixed(2)} ms each)${renewS > allowedSeconds ? ` !! over ${allowedSeconds} s` : ''}`,
    );
    console.log(
      `payments ${after.payments} (${after.paymentsSucceeded} succeeded), donations ${after.donations} for ${after.donationGifts} gifts, receipts queued ${after.receipts} to ${after.receiptDonors} donors (${after.receiptsWritten} already written by the outbox), gifts moved on to month 3 ${after.giftsMovedOn}`,
    );
    console.log(`second run: ${renewedAgain} taken in ${againMs.toFixed(0)} ms`);
    console.log(
      `public reads (${readUrls.join(', ')}) during the run: ${reads.count} reads, median ${reads.medianMs} ms, p95 ${reads.p95Ms} ms, longest ${reads.longestMs} ms (before: median ${reads.beforeMedianMs} ms, p95 ${reads.beforeP95Ms} ms)`,
    );
    for (const [url, list] of Object.entries(during)) {
      console.log(`  ${url}: ${list.length} reads, median ${pct(list, 50).toFixed(1)} ms, p95 ${pct(list, 95).toFixed(1)} ms`);
    }
    await saveResults(databaseName, {
      monthlyGifts: {
        gifts,
        renewSeconds: Number(renewS.toFixed(1)),
        perSecond: Math.round(renewed / renewS),
        msEach: Number(((renewS * 1000) / Math.max(1, renewed)).toFixed(2)),
        secondRunMs: Math.round(againMs),
        reads,
        counts: after,
        passed: problems.length === 0,
      },
    });
    if (problems.length > 0) throw new Error(`monthly gifts bench failed:\n  ${problems.join('\n  ')}`);
  } finally {
    await t.close();
  }
}
