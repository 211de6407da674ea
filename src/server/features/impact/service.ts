import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Impact } from '../../../shared/checkin.ts';
import { personHours, shiftHours } from '../../../shared/hours.ts';
import { todayIn, wallClockAt } from '../../../shared/time-zone.ts';
import { ownerOf, type SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { account, donation, event, registration, shift } from '../../db/schema.ts';
import { creditedHours, toEvent } from '../events/service.ts';
import { isPast } from '../events/when.ts';
import { toShiftSummary } from '../shifts/service.ts';

/**
 * What a person gave: the events they were checked in at, once each has taken place, with the hours each credits them (their own
 * when an admin set them, else the event's), and their donations per currency and year, refunds left
 * out. Years are the site's (where the charity is): an event's by its date, a donation's by when it
 * was made on the site's clock.
 */

/** Hours added up without the float's crumbs (quarter hours add exactly, but a sum is kept to 2 places). */
const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;

/**
 * The impact of the person with `email`, as `caller` may see it: their own (by their account), or, for
 * an admin, that of the account with the email and the donations made with it. Undefined when no
 * account has the email and nothing was given with it.
 */
export async function findImpact(db: Database, caller: SignedInAccount, email: string, timeZone: string): Promise<Impact | undefined> {
  const address = email.toLowerCase();
  const [person] = await db
    .select({ id: account.id, name: account.name, email: account.email })
    .from(account)
    .where(eq(account.email, address));
  const owner = ownerOf(caller, address);
  const gifts = await db
    .select({ amount: donation.amountCents, currency: donation.currency, createdAt: donation.createdAt })
    .from(donation)
    .where(
      and('accountId' in owner ? eq(donation.accountId, owner.accountId) : eq(donation.email, owner.email), isNull(donation.refundedAt)),
    );
  if (!person && gifts.length === 0) return undefined;

  const attended = person
    ? await db
        .select({ registration, event, shift })
        .from(registration)
        .innerJoin(event, eq(event.id, registration.eventId))
        .leftJoin(shift, eq(shift.id, registration.shiftId))
        .where(and(eq(registration.accountId, person.id), isNotNull(registration.checkedInAt)))
        .orderBy(desc(event.date), desc(event.time), desc(event.id), desc(shift.startsAt))
    : [];
  // Hours and certificates count an event once it has taken place (ended, on the site's clock): a
  // check-in days early, or during the event, credits nothing yet.
  const now = wallClockAt(timeZone);
  const events = attended
    .filter((row) => isPast(row.event, now))
    .map((row) => {
      // Hours are recorded per shift: a person who came for two shifts of an event is credited with both.
      const taken = row.shift ? toShiftSummary(row.shift) : null;
      return {
        eventId: row.event.id,
        title: row.event.title,
        date: taken ? taken.startsAt : toEvent(row.event).date,
        checkedInAt: row.registration.checkedInAt?.toISOString() ?? '',
        hours: personHours(taken ? shiftHours(taken) : creditedHours(row.event), row.registration.hoursMinutes),
        shift: taken,
      };
    });
  const thisYear = todayIn(timeZone).slice(0, 4);

  const byCurrency = new Map<string, { total: number; count: number }>();
  const byYear = new Map<string, { year: number; currency: string; total: number }>();
  for (const gift of gifts) {
    const currency = byCurrency.get(gift.currency) ?? { total: 0, count: 0 };
    byCurrency.set(gift.currency, { total: currency.total + gift.amount, count: currency.count + 1 });
    const year = Number(todayIn(timeZone, gift.createdAt).slice(0, 4));
    const key = `${year} ${gift.currency}`;
    const inYear = byYear.get(key) ?? { year, currency: gift.currency, total: 0 };
    byYear.set(key, { ...inYear, total: inYear.total + gift.amount });
  }

  return {
    email: person?.email ?? address,
    name: person?.name ?? address,
    events,
    hours: {
      total: sum(events.map((e) => e.hours)),
      thisYear: sum(events.filter((e) => e.date.startsWith(thisYear)).map((e) => e.hours)),
    },
    donations: [...byCurrency]
      .map(([currency, { total, count }]) => ({ currency, total, count }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    donationYears: [...byYear.values()].sort((a, b) => b.year - a.year || a.currency.localeCompare(b.currency)),
    years: [...new Set([...byYear.values()].map((entry) => entry.year))].sort((a, b) => b - a),
  };
}
