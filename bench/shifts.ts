import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { signUp } from '../src/server/test/accounts.ts';
import { insertEvent } from '../src/server/test/factories.ts';
import { startTestApp } from '../src/server/test/test-app.ts';
import { saveResults } from './results.ts';

/**
 * An event staffed by many shifts (issue 32): its page's data, its shifts list and its roster, on an
 * event with 200 shifts and on one with 5, each with 5,000 registrations. The calls must not get slower
 * with the number of shifts: at most 1.5 times the 5-shift event's median. Replies are not kept in
 * memory (as in the growth bench): the database's work is what is measured.
 */

const registrations = 5_000;
const allowed = 1.5;
const requests = 40;

/** An event on a day a month ahead with `shifts` shifts of a quarter hour each, and 5,000 people spread over them. */
async function seedEvent(db: Database, shifts: number, tag: string): Promise<string> {
  const row = await insertEvent(db, { inDays: 30, time: '06:00', title: `Shifts bench ${shifts}` });
  await db.execute(sql`
    insert into shift (event_id, role, description, starts_at, ends_at, capacity)
    select ${row.id}, 'Role ' || (g % 7), 'Shift number ' || g,
           ${row.date}::date + time '06:00' + (g * interval '4 minutes'),
           ${row.date}::date + time '06:00' + (g * interval '4 minutes') + interval '2 hours',
           case when g % 10 = 0 then null else 100 end
    from generate_series(0, ${shifts - 1}) g`);
  await db.execute(sql`
    insert into account (id, name, email, role)
    select 'shift-bench-' || ${tag} || '-' || g, 'Person ' || g, 'shift' || ${tag} || '-' || g || '@example.org', 'volunteer'
    from generate_series(1, ${registrations}) g`);
  // Each person one shift, taken in turn; those beyond a shift's 100 places wait, numbered in order.
  await db.execute(sql`
    insert into registration (account_id, event_id, shift_id, name, email, status, position)
    select person.id, ${row.id}, s.id, person.name, person.email,
           case when s.capacity is not null and n > s.capacity then 'waitlisted'::registration_status else 'registered'::registration_status end,
           case when s.capacity is not null and n > s.capacity then n - s.capacity end
    from (
      select a.id, a.name, a.email, row_number() over (order by a.id) as k
      from account a where a.id like ${`shift-bench-${tag}-%`}
    ) person
    join lateral (
      select sh.id, sh.capacity, ((person.k - 1) / ${shifts}) + 1 as n
      from shift sh where sh.event_id = ${row.id}
      order by sh.starts_at, sh.id offset ((person.k - 1) % ${shifts}) limit 1
    ) s on true`);
  await db.execute(sql`analyze`);
  return row.id;
}

interface Timing {
  p50: number;
  p95: number;
}

async function time(baseUrl: string, url: string, headers: Record<string, string>): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < requests + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(baseUrl + url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

export async function shiftsBench(databaseName: string) {
  const t = await startTestApp({ seedDemo: false });
  t.app.replyCache.setWatching(false);
  try {
    const admin = await signUp(t, { role: 'admin' });
    const started = performance.now();
    const few = await seedEvent(t.app.db, 5, 'few');
    const many = await seedEvent(t.app.db, 200, 'many');
    console.log(
      `seeded two events of ${registrations.toLocaleString('en')} registrations (5 and 200 shifts) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const calls: [label: string, url: (id: string) => string][] = [
      ['event page data (GET /api/events/{id})', (id) => `/api/events/${id}`],
      ['shifts list (GET /api/events/{id}/shifts)', (id) => `/api/events/${id}/shifts`],
      ['roster (GET /api/events/{id}/roster)', (id) => `/api/events/${id}/roster`],
    ];
    const results: Record<string, { fiveShifts: Timing; twoHundredShifts: Timing; ratio: number }> = {};
    console.log(
      `\nShifts on the ${databaseName}: median (p95) ms with 5 and with 200 shifts, ${registrations.toLocaleString('en')} registrations each`,
    );
    for (const [label, url] of calls) {
      // Two rounds, each call's better one kept (a burst of other work shows in one round only).
      let best: { fiveShifts: Timing; twoHundredShifts: Timing } | undefined;
      for (let round = 0; round < 2; round++) {
        const fiveShifts = await time(t.baseUrl, url(few), admin.auth);
        const twoHundredShifts = await time(t.baseUrl, url(many), admin.auth);
        if (!best || twoHundredShifts.p50 / fiveShifts.p50 < best.twoHundredShifts.p50 / best.fiveShifts.p50)
          best = { fiveShifts, twoHundredShifts };
      }
      if (!best) continue;
      const ratio = best.twoHundredShifts.p50 / best.fiveShifts.p50;
      results[label] = { ...best, ratio };
      const cell = (x: Timing) => `${x.p50.toFixed(1)} (${x.p95.toFixed(1)})`;
      console.log(
        `${label.padEnd(45)}${cell(best.fiveShifts).padStart(16)}${cell(best.twoHundredShifts).padStart(16)}  ×${ratio.toFixed(2)}${ratio > allowed ? ' !! over ×1.5' : ''}`,
      );
    }
    await saveResults(databaseName, { shifts: results });
  } finally {
    await t.close();
  }
}
