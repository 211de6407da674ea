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
}

/** The API's form of an event's date from its stored day and time. */
export function eventDate(day: string, time: string | null): string {
  return time ? `${day}T${time.slice(0, 5)}` : day;
}

/** An event row as the messages about it need it. */
export function mailEvent(row: {
  id: string;
  title: string;
  desc: string;
  date: string;
  time: string | null;
  location?: string | null;
  endAt?: string | null;
}): MailEvent {
  return {
    id: row.id,
    title: row.title,
    desc: row.desc,
    date: eventDate(row.date, row.time),
    location: row.location ?? null,
    end: row.endAt ?? null,
  };
}
