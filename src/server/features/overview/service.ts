import { and, asc, count, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { donorOf } from '../../../shared/donations.ts';
import type { Activity, MoneyTotal, Overview } from '../../../shared/overview.ts';
import { wallClockAt } from '../../../shared/time-zone.ts';
import type { Database } from '../../db/client.ts';
import { donation, event, notice, registration, review, shift } from '../../db/schema.ts';
import { whenCondition } from '../events/when.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many of each the overview shows. */
export const overviewSizes = { upcoming: 8, activity: 10, days: 30 } as const;

/** The longest an activity line quotes of a review's message or a notice's text. */
const QUOTE = 120;
const quote = (text: string) => (text.length > QUOTE ? `${text.slice(0, QUOTE - 1)}…` : text);

/**
 * The next events still to come or under way in the site's time zone: one ends at its end, or
 * without one at the end of its day. With how many have a place and how many wait, counted for
 * those events only.
 */
async function upcomingEvents(db: Database, timeZone: string) {
  const now = wallClockAt(timeZone);
  // The events list's own rule for 'upcoming', so the overview and /events never disagree.
  const events = await db
    .select({ id: event.id, title: event.title, date: event.date, time: event.time, capacity: event.capacity })
    .from(event)
    .where(whenCondition('upcoming', now))
    .orderBy(asc(event.date), sql`${event.time} asc nulls first`, asc(event.id))
    .limit(overviewSizes.upcoming);
  const counts =
    events.length === 0
      ? []
      : await db
          .select({
            eventId: registration.eventId,
            registered: sql<number>`count(*) filter (where ${registration.status} = 'registered')`.mapWith(Number),
            waitlisted: sql<number>`count(*) filter (where ${registration.status} = 'waitlisted')`.mapWith(Number),
          })
          .from(registration)
          .where(
            inArray(
              registration.eventId,
              events.map((row) => row.id),
            ),
          )
          .groupBy(registration.eventId);
  const countsOf = new Map(counts.map((row) => [row.eventId, row]));
  const rolesOf = await placesPerRole(
    db,
    events.map((row) => row.id),
  );
  return events.map((row) => ({
    _id: row.id,
    title: row.title,
    date: row.time ? `${row.date}T${row.time.slice(0, 5)}` : row.date,
    capacity: row.capacity,
    registered: countsOf.get(row.id)?.registered ?? 0,
    waitlisted: countsOf.get(row.id)?.waitlisted ?? 0,
    roles: rolesOf.get(row.id) ?? [],
  }));
}

/** Places filled per role at each of these events' shifts: their shifts, and their registrations counted per shift. */
async function placesPerRole(db: Database, eventIds: string[]) {
  const found = new Map<string, Overview['upcoming'][number]['roles']>();
  if (eventIds.length === 0) return found;
  const [shifts, counts] = await Promise.all([
    db
      .select({ id: shift.id, eventId: shift.eventId, role: shift.role, capacity: shift.capacity })
      .from(shift)
      .where(inArray(shift.eventId, eventIds))
      .orderBy(asc(shift.startsAt), asc(shift.id)),
    db
      .select({
        shiftId: registration.shiftId,
        registered: sql<number>`count(*) filter (where ${registration.status} = 'registered')`.mapWith(Number),
        waitlisted: sql<number>`count(*) filter (where ${registration.status} = 'waitlisted')`.mapWith(Number),
      })
      .from(registration)
      .where(and(inArray(registration.eventId, eventIds), sql`${registration.shiftId} is not null`))
      .groupBy(registration.shiftId),
  ]);
  const countOf = new Map(counts.map((row) => [row.shiftId, row]));
  for (const one of shifts) {
    const roles = found.get(one.eventId) ?? [];
    let role = roles.find((r) => r.role === one.role);
    if (!role) {
      role = { role: one.role, capacity: 0, registered: 0, waitlisted: 0 };
      roles.push(role);
    }
    role.capacity = role.capacity === null || one.capacity === null ? null : role.capacity + one.capacity;
    role.registered += countOf.get(one.id)?.registered ?? 0;
    role.waitlisted += countOf.get(one.id)?.waitlisted ?? 0;
    found.set(one.eventId, roles);
  }
  return found;
}

/** Donations per currency (never one sum across currencies), largest first; refunded ones were given back. */
async function raised(db: Database, within: SQL | undefined): Promise<MoneyTotal[]> {
  const where = and(within, isNull(donation.refundedAt));
  const rows = await db
    .select({
      currency: donation.currency,
      amount: sql<number>`coalesce(sum(${donation.amountCents}), 0)`.mapWith(Number),
      donations: count(),
    })
    .from(donation)
    .where(where)
    .groupBy(donation.currency)
    .orderBy(desc(sql`sum(${donation.amountCents})`), asc(donation.currency));
  return rows;
}

/** The newest registrations, donations, reviews and notices, merged, newest first. */
async function latestActivity(db: Database): Promise<Activity[]> {
  const n = overviewSizes.activity;
  const [registrations, donations, reviews, notices] = await Promise.all([
    db
      .select({ id: registration.id, at: registration.createdAt, name: registration.name, title: event.title, status: registration.status })
      .from(registration)
      .innerJoin(event, eq(registration.eventId, event.id))
      .orderBy(desc(registration.createdAt), desc(registration.id))
      .limit(n),
    db
      .select({
        id: donation.id,
        at: donation.createdAt,
        name: donation.email,
        title: donation.eventTitle,
        amount: donation.amountCents,
        currency: donation.currency,
      })
      .from(donation)
      .orderBy(desc(donation.createdAt), desc(donation.id))
      .limit(n),
    db
      .select({ id: review.id, at: review.createdAt, name: review.name, title: review.message, status: review.status })
      .from(review)
      .orderBy(desc(review.createdAt), desc(review.id))
      .limit(n),
    db
      .select({ id: notice.id, at: notice.createdAt, name: notice.name, title: notice.notice })
      .from(notice)
      .orderBy(desc(notice.createdAt), desc(notice.id))
      .limit(n),
  ]);
  const all: (Activity & { at: Date })[] = [
    ...registrations.map(({ id, at, name, title, status }) => ({ kind: 'registration' as const, _id: id, at, name, title, status })),
    ...donations.map(({ id, at, name, title, amount, currency }) => ({
      kind: 'donation' as const,
      _id: id,
      at,
      name: donorOf(name),
      title,
      amount,
      currency,
    })),
    ...reviews.map(({ id, at, name, title, status }) => ({ kind: 'review' as const, _id: id, at, name, title: quote(title), status })),
    ...notices.map(({ id, at, name, title }) => ({ kind: 'notice' as const, _id: id, at, name, title: quote(title) })),
  ].map((item) => ({ ...item, date: item.at.toISOString() }));
  return all
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, n)
    .map(({ at: _at, ...item }) => item);
}

/** The admin's overview, counted now; "upcoming" by the site's time zone. */
export async function readOverview(db: Database, timeZone: string, now = new Date()): Promise<Overview> {
  const since = new Date(now.getTime() - overviewSizes.days * DAY_MS);
  const [upcoming, [recentRegistrations], [recentDonations], recentRaised, totalRaised, activity] = await Promise.all([
    upcomingEvents(db, timeZone),
    db.select({ value: count() }).from(registration).where(gte(registration.createdAt, since)),
    db.select({ value: count() }).from(donation).where(gte(donation.createdAt, since)),
    raised(db, gte(donation.createdAt, since)),
    raised(db, undefined),
    latestActivity(db),
  ]);
  return {
    upcoming,
    lastDays: {
      days: overviewSizes.days,
      registrations: recentRegistrations?.value ?? 0,
      donations: recentDonations?.value ?? 0,
      raised: recentRaised,
    },
    totalRaised,
    activity,
  };
}
