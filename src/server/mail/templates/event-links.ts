import { wallMinute } from '../../../shared/time-zone.ts';
import type { MailSite } from './layout.tsx';

/** Where the messages about events and donations point: the web app's own routes (src/web/router.tsx). */
export const links = {
  myEvents: (site: MailSite) => `${site.publicUrl}/dashboard/myEvents`,
  event: (site: MailSite, eventId: string) => `${site.publicUrl}/eventDetails/${eventId}`,
  events: (site: MailSite) => `${site.publicUrl}/events`,
  receipt: (site: MailSite, donationId: string) => `${site.publicUrl}/dashboard/donation/${donationId}/receipt`,
};

/** An event as the messages about it need it; `date` as the API gives it (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`). */
export interface MailEvent {
  id: string;
  title: string;
  desc: string;
  date: string;
  /** Where it happens, and when it ends (wall clock, the site's time zone): for its calendar entry. */
  location?: string | null;
  end?: string | null;
  /**
   * The shift the message is about, on an event staffed by shifts: its role. Its start and end are then
   * the message's `date` and `end` (and its calendar entry's).
   */
  role?: string | null;
}

/** The API's form of an event's date from its stored day and time. */
export function eventDate(day: string, time: string | null): string {
  return time ? `${day}T${time.slice(0, 5)}` : day;
}

/**
 * An event row as the messages about it need it; with a shift, the shift's role and times in place of
 * the event's (what the person comes for, and when).
 */
export function mailEvent(
  row: {
    id: string;
    title: string;
    desc: string;
    date: string;
    time: string | null;
    location?: string | null;
    endAt?: string | null;
  },
  shift?: { role: string; startsAt: string; endsAt: string } | null,
): MailEvent {
  if (shift) {
    return {
      id: row.id,
      title: row.title,
      desc: row.desc,
      date: wallMinute(shift.startsAt),
      location: row.location ?? null,
      end: wallMinute(shift.endsAt),
      role: shift.role,
    };
  }
  return {
    id: row.id,
    title: row.title,
    desc: row.desc,
    date: eventDate(row.date, row.time),
    location: row.location ?? null,
    end: row.endAt ?? null,
  };
}
