import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dayAfter, todayIn, wallMinute } from '../../shared/time-zone.ts';
import type { Database } from '../db/client.ts';
import { account, event, outboxMessage, registration, shift } from '../db/schema.ts';
import { PeriodicJob } from '../periodic-job.ts';
import { enqueueMail } from './registry.ts';
import type { MailSite } from './templates/layout.tsx';

/** Registrations reminded in one transaction: a large event is queued in several short ones. */
const BATCH = 200;

/** The day after `instant`'s in the site's time zone, as events store their days: `2026-12-05`. */
export function tomorrow(instant: Date, timeZone: string): string {
  return dayAfter(todayIn(timeZone, instant));
}

/**
 * Queues the reminder of everyone registered for an event that happens tomorrow (in the site's time
 * zone, where the events' wall-clock times are), unless they turned reminders off. Each is keyed
 * `reminder:<registrationId>:<event date>`, so however often this runs, on however many instances, a
 * registration is reminded once per event day; a registration made later that day is reminded at the
 * next run. Returns how many it queued.
 */
export async function queueReminders(db: Database, site: MailSite, now = new Date()): Promise<number> {
  const day = tomorrow(now, site.timeZone);
  const nextDay = dayAfter(day);
  // Two kinds, each found through its own index: places at events on that day (the event's date), and
  // shifts that start on that day (the shift's start: a setup shift the evening before, the third day
  // of a long event), whatever the event's date.
  const kinds = [
    and(eq(event.date, day), isNull(registration.shiftId)),
    and(sql`${shift.startsAt} >= ${day}::timestamp`, sql`${shift.startsAt} < ${nextDay}::timestamp`),
  ];
  let queued = 0;
  for (const kind of kinds) {
    for (;;) {
      const added = await db.transaction(async (tx) => {
        const due = await tx
          .select({
            registrationId: registration.id,
            accountId: account.id,
            to: account.email,
            name: account.name,
            event: { id: event.id, title: event.title, date: event.date, time: event.time },
            shift: { role: shift.role, startsAt: shift.startsAt, endsAt: shift.endsAt },
          })
          .from(registration)
          .innerJoin(event, eq(event.id, registration.eventId))
          .innerJoin(account, eq(account.id, registration.accountId))
          .leftJoin(shift, eq(shift.id, registration.shiftId))
          .where(
            and(
              kind,
              // Only people with a place: someone still waiting has not been told to come.
              eq(registration.status, 'registered'),
              eq(account.emailReminders, true),
              // Those already queued (here, or by another instance) are not rendered again.
              sql`not exists (select 1 from ${outboxMessage} where ${outboxMessage.key} = 'reminder:' || ${registration.id}::text || ':' || ${day})`,
            ),
          )
          .orderBy(registration.id)
          .limit(BATCH);
        let count = 0;
        for (const row of due) {
          const queued = await enqueueMail(tx, 'event-reminder', {
            registrationId: row.registrationId,
            accountId: row.accountId,
            to: row.to,
            name: row.name,
            // Keyed by the day reminded of (the shift's, for a shift): `reminder:<registration>:<day>`.
            event: { ...row.event, date: day, time: row.event.time ? row.event.time.slice(0, 5) : null },
            shift: row.shift?.role
              ? { role: row.shift.role, startsAt: wallMinute(row.shift.startsAt), endsAt: wallMinute(row.shift.endsAt) }
              : null,
          });
          // Another instance queueing the same reminder at once: the key lets one of the two in.
          if (queued) count += 1;
        }
        return { count, more: due.length === BATCH };
      });
      queued += added.count;
      if (!added.more) break;
    }
  }
  return queued;
}

/**
 * Looks for reminders to queue at start and every `everyMs` after, in every instance: the outbox key
 * makes a second instance's (or a restart's) run queue nothing new.
 */
export class ReminderJob extends PeriodicJob {
  onReadFailure: (err: unknown) => void = (err) => this.log.warn({ err }, 'reminders: could not look for events tomorrow; will try again');

  constructor(
    private readonly db: Database,
    /** Read at each run: the organisation's name and time zone as its settings say now. */
    private readonly site: () => Promise<MailSite>,
    everyMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    super(everyMs);
  }

  protected async work(now: Date): Promise<number> {
    const queued = await queueReminders(this.db, await this.site(), now);
    // The outbox is woken by the database as they are queued.
    if (queued > 0) this.log.info({ reminders: { queued } }, 'event reminders queued');
    return queued;
  }
}
