import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { isLanguage } from '../../../shared/language.ts';
import { wallMinute } from '../../../shared/time-zone.ts';
import type { Database } from '../../db/client.ts';
import { account, event, registration, shift } from '../../db/schema.ts';
import { type CalendarEvent, calendarFile, sequenceOf } from '../../mail/ics.ts';
import { eventDate, links } from '../../mail/templates/event-links.ts';
import type { MailSite } from '../../mail/templates/layout.tsx';
import { wordsFor } from '../../words.ts';

type EventRow = typeof event.$inferSelect;

/** The event's UID in every calendar file about it: the same on each download, so calendars update the entry. */
export const eventUid = (site: MailSite, eventId: string) => `event-${eventId}@${new URL(site.publicUrl).hostname}`;

function calendarEvent(site: MailSite, row: EventRow): CalendarEvent {
  const url = links.event(site, row.id);
  return {
    uid: eventUid(site, row.id),
    date: eventDate(row.date, row.time),
    end: row.endAt,
    timeZone: site.timeZone,
    summary: row.title,
    description: `${row.desc}\n\n${url}`,
    location: row.location,
    url,
    sequence: sequenceOf(row.updatedAt),
  };
}

/** One event as a calendar file, or null when no event has the id. */
export async function eventCalendar(db: Database, site: MailSite, eventId: string): Promise<string | null> {
  const [row] = await db.select().from(event).where(eq(event.id, eventId)).limit(1);
  return row ? calendarFile(calendarEvent(site, row), { siteName: site.name }) : null;
}

/** 32 random bytes, base64url: the feed's address is its only secret. */
const newToken = () => randomBytes(32).toString('base64url');

/** The account's feed token, made on first ask. Two first asks at once agree on one token. */
export async function calendarTokenOf(db: Database, accountId: string): Promise<string> {
  const [made] = await db
    .update(account)
    .set({ calendarToken: newToken() })
    .where(and(eq(account.id, accountId), isNull(account.calendarToken)))
    .returning({ token: account.calendarToken });
  if (made?.token) return made.token;
  const [found] = await db.select({ token: account.calendarToken }).from(account).where(eq(account.id, accountId));
  if (!found?.token) throw new Error('account has no calendar token');
  return found.token;
}

/** 'Make a new link': a new token; the old address then finds nothing. */
export async function replaceCalendarToken(db: Database, accountId: string): Promise<string> {
  const token = newToken();
  await db.update(account).set({ calendarToken: token }).where(eq(account.id, accountId));
  return token;
}

/**
 * The feed of the account whose token this is: each of its registrations as its event's entry, a
 * place on the waitlist as TENTATIVE and said in the title. Null for a token no account holds.
 */
export async function personalCalendar(db: Database, site: MailSite, token: string): Promise<string | null> {
  const [owner] = await db.select({ id: account.id, language: account.language }).from(account).where(eq(account.calendarToken, token));
  if (!owner) return null;
  // Read by a calendar program, which says no language: the owner's choice, else the organisation's default.
  const language = isLanguage(owner.language) ? owner.language : (site.defaultLanguage ?? 'en');
  const t = wordsFor(language, 'documents');
  const rows = await db
    .select({ event, status: registration.status, shift })
    .from(registration)
    .innerJoin(event, eq(registration.eventId, event.id))
    .leftJoin(shift, eq(shift.id, registration.shiftId))
    .where(eq(registration.accountId, owner.id))
    .orderBy(asc(event.date), asc(event.time), asc(event.id), asc(shift.startsAt));
  const entries = rows.map(({ event: row, status, shift: taken }): CalendarEvent => {
    // A shift is an entry of its own: its times, its role in the title, and a UID of its own (two shifts
    // of one event are two entries, not one entry twice).
    const entry = taken
      ? {
          ...calendarEvent(site, row),
          uid: `shift-${taken.id}@${new URL(site.publicUrl).hostname}`,
          date: wallMinute(taken.startsAt),
          end: wallMinute(taken.endsAt),
          summary: `${row.title}: ${taken.role}`,
          sequence: sequenceOf(taken.updatedAt > row.updatedAt ? taken.updatedAt : row.updatedAt),
        }
      : calendarEvent(site, row);
    return status === 'waitlisted'
      ? { ...entry, summary: t('calendar.waitlisted', { title: entry.summary }), status: 'TENTATIVE' }
      : { ...entry, status: 'CONFIRMED' };
  });
  return calendarFile(entries, { siteName: site.name, calendarName: t('calendar.name', { site: site.name }) });
}
