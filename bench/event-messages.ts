import { once } from 'node:events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../src/server/db/client.ts';
import { eventMessage, outboxMessage } from '../src/server/db/schema.ts';
import { sourceOf } from '../src/server/features/event-messages/service.ts';
import { call, signUp } from '../src/server/test/accounts.ts';
import { insertEvent } from '../src/server/test/factories.ts';
import { mailSettingsFor } from '../src/server/test/mailing-app.ts';
import { startTestApp } from '../src/server/test/test-app.ts';
import { saveResults } from './results.ts';

/**
 * Messages to an event's people (issue 34): a message to 2,000 people is accepted in under a second
 * (POST /api/events/{id}/messages), its copies are queued in the background, and the outbox delivers
 * them to a local SMTP server at 50 a second or more, while public reads go on.
 */

const people = 2000;
const allowedAcceptMs = 1000;
const allowedRate = 50;

/** An SMTP server that takes every message and keeps nothing: what is measured is the app's sending. */
async function smtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'bench' }),
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://bench:secret@127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function seedCrowd(db: Database, eventId: string, tag: string) {
  await db.execute(sql`
    insert into account (id, name, email, role)
    select ${`${tag}-`} || g, 'Person ' || g, ${`${tag}-`} || g || '@example.org', 'volunteer'
    from generate_series(1, ${people}) g`);
  await db.execute(sql`
    insert into registration (account_id, event_id, name, email, status)
    select ${`${tag}-`} || g, ${eventId}::uuid, 'Person ' || g, ${`${tag}-`} || g || '@example.org', 'registered'
    from generate_series(1, ${people}) g`);
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function copiesSent(db: Database, messageId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(outboxMessage)
    .where(and(eq(outboxMessage.source, sourceOf(messageId)), inArray(outboxMessage.status, ['sent', 'failed'])));
  return row?.count ?? 0;
}

/** GET /api/events?limit=24 (the home page's list) `count` times one after another: the median, in ms. */
async function readLatency(baseUrl: string, count = 40): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/events?limit=24`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function eventMessagesBench(databaseName: string) {
  const sink = await smtpSink();
  const t = await startTestApp({ seedDemo: true, mail: mailSettingsFor(sink.url, { messageCheckMs: 60 * 60_000 }) });
  try {
    const admin = await signUp(t, { role: 'admin' });
    const runs: { acceptMs: number; queuedS: number; deliveredS: number; perSecond: number; readsDuringMs: number }[] = [];
    const readsBeforeMs = await readLatency(t.baseUrl);
    for (let run = 0; run < 3; run++) {
      const party = await insertEvent(t.app.db, { inDays: 10, title: `Messages bench ${run}` });
      await seedCrowd(t.app.db, party.id, `messages-bench-${run}`);
      const started = performance.now();
      const res = await call(
        t,
        'POST',
        `/api/events/${party.id}/messages`,
        { subject: 'Venue change', body: 'We meet at the north gate.\n\nMap: https://example.org/map', audience: 'registered' },
        admin.auth,
      );
      const acceptMs = performance.now() - started;
      if (res.status !== 201) throw new Error(`POST messages answered ${res.status}: ${await res.text()}`);
      const { _id: id, recipients } = (await res.json()) as { _id: string; recipients: number };
      if (recipients !== people) throw new Error(`the message reaches ${recipients}, not ${people}`);
      let queuedS = 0;
      const reads: number[] = [];
      for (;;) {
        const [row] = await t.app.db.select({ status: eventMessage.status }).from(eventMessage).where(eq(eventMessage.id, id));
        if (!queuedS && row?.status === 'sent') queuedS = (performance.now() - started) / 1000;
        const sent = await copiesSent(t.app.db, id);
        if (sent >= people) break;
        if (performance.now() - started > 600_000) throw new Error(`only ${sent} of ${people} sent in 10 minutes`);
        // Public reads while the copies go out: one median of 10 each second.
        reads.push(await readLatency(t.baseUrl, 10));
        await sleep(500);
      }
      const deliveredS = (performance.now() - started) / 1000;
      runs.push({ acceptMs, queuedS, deliveredS, perSecond: people / deliveredS, readsDuringMs: median(reads) });
      const last = runs.at(-1) as (typeof runs)[number];
      console.log(
        `run ${run + 1}: accepted in ${acceptMs.toFixed(0)} ms, all ${people} queued after ${queuedS.toFixed(1)} s, delivered after ${deliveredS.toFixed(1)} s (${last.perSecond.toFixed(0)}/s); GET /api/events median ${last.readsDuringMs.toFixed(1)} ms while sending`,
      );
    }
    const byRate = [...runs].sort((a, b) => a.perSecond - b.perSecond);
    const middle = byRate[1] as (typeof runs)[number];
    const acceptMs = median(runs.map((run) => run.acceptMs));
    console.log(`\nA message to ${people.toLocaleString('en')} people on the ${databaseName} (median of 3 runs)`);
    console.log(
      `accepted (POST answered) in ${acceptMs.toFixed(0)} ms${acceptMs > allowedAcceptMs ? ` !! over ${allowedAcceptMs} ms` : ''}`,
    );
    console.log(
      `queued in ${median(runs.map((run) => run.queuedS)).toFixed(1)} s; delivered to the local SMTP server at ${middle.perSecond.toFixed(0)} a second${middle.perSecond < allowedRate ? ` !! under ${allowedRate}` : ''}`,
    );
    console.log(
      `GET /api/events?limit=24 median: ${readsBeforeMs.toFixed(1)} ms before, ${middle.readsDuringMs.toFixed(1)} ms while sending`,
    );
    console.log(`the SMTP server took ${sink.received()} messages`);
    await saveResults(databaseName, {
      eventMessages: {
        people,
        acceptMs: Math.round(acceptMs),
        runs: runs.map((run) => `${run.acceptMs.toFixed(0)} ms, ${run.queuedS.toFixed(1)} s, ${run.perSecond.toFixed(0)}/s`).join('; '),
        perSecond: Math.round(middle.perSecond),
        readsBeforeMs: Number(readsBeforeMs.toFixed(1)),
        readsDuringMs: Number(middle.readsDuringMs.toFixed(1)),
      },
    });
  } finally {
    await t.close();
    await sink.close();
  }
}
