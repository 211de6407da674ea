import { z } from 'zod';
import { formatEventDate } from './event-date.ts';
import { eventDateSchema, eventStartOf } from './events.ts';
import { hoursSchema } from './hours.ts';
import { questionSchema } from './questions.ts';
import { shiftSummarySchema } from './shifts.ts';
import { instantOf, wallClockAt } from './time-zone.ts';

/**
 * Check-in at the door and each person's impact (hours given, donations made). The pass is a signed
 * token naming one registration; an admin's phone scans it (or finds the person by name) and the server
 * records the check-in once, whichever phone sent it and however often.
 */

export const checkinMessages = {
  checkedIn: 'Checked in',
  alreadyCheckedIn: 'Already checked in',
  badToken: 'This pass is not valid',
  waitlisted: 'This person is on the waitlist, not registered',
  cancelled: 'This registration was cancelled',
  notFound: 'No registration has this id',
  otherEventPass: 'This pass is for another event',
  otherEventRegistration: 'This registration is for another event',
  noEvent: 'Give the event this door checks people in for',
  badEvent: 'Event id is not valid',
  undone: 'Check-in undone',
  /** A check-in kept offline that arrives after the door undid it: the undo stands. */
  undoneAtTheDoor: 'This check-in was undone at the door: scan the pass again to check them in',
} as const;

/**
 * When the door may check people in to an event: from `checkinHoursBefore` hours before its start until
 * its end (or, without one, the end of its day), on the wall clock of the site's time zone. Earlier, a
 * check-in would credit hours and a certificate for an event that has not happened.
 */
export interface CheckinWindow {
  opensAt: Date;
  closesAt: Date;
}

function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export function checkinWindow(event: { date: string; end: string | null; checkinHoursBefore: number }, timeZone: string): CheckinWindow {
  const start = instantOf(eventStartOf(event.date), timeZone);
  return {
    opensAt: new Date(start.getTime() - Math.round(event.checkinHoursBefore * 60) * 60_000),
    closesAt: instantOf(event.end ?? dayAfter(event.date.slice(0, 10)), timeZone),
  };
}

const hoursInWords = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

/** Why the door cannot check anyone in to this event at `at`, in words; null when it can. */
export function checkinWindowRefusal(
  window: CheckinWindow,
  event: { checkinHoursBefore: number },
  timeZone: string,
  at: Date,
): { reason: 'not-open-yet' | 'closed'; message: string } | null {
  const onSiteClock = (instant: Date) => formatEventDate(wallClockAt(timeZone, instant).slice(0, 16));
  if (at < window.opensAt) {
    const when = event.checkinHoursBefore === 0 ? 'when it starts' : `${hoursInWords(event.checkinHoursBefore)} before it starts`;
    return { reason: 'not-open-yet', message: `Check-in for this event opens on ${onSiteClock(window.opensAt)}, ${when}` };
  }
  if (at > window.closesAt) {
    return { reason: 'closed', message: `Check-in for this event closed when it ended, on ${onSiteClock(window.closesAt)}` };
  }
  return null;
}

/** Why a check-in was refused with 409. */
export const checkinRefusalValues = [
  'already-checked-in',
  'waitlisted',
  'cancelled',
  'other-event',
  'undone',
  'not-open-yet',
  'closed',
] as const;
export type CheckinRefusal = (typeof checkinRefusalValues)[number];

/** Hours are given in quarter hours, at most a day (shared with an event's own hours). */
export { hoursSchema };

/** GET /api/register/{id}/pass (the registrant or an admin). */
export const passSchema = z.object({
  /** A signed, unguessable string naming the registration: what the QR code holds. */
  token: z.string(),
  registrationId: z.string(),
});
export type Pass = z.infer<typeof passSchema>;

/**
 * POST /api/checkin (admins): one of `token` (scanned) or `registrationId` (found by name), at the door
 * of `eventId`: a pass or registration of another event is refused, so a check-in kept on a phone is
 * never recorded (with its hours) at an event other than the one whose door made it.
 * `key`: the phone's own id for this check-in (a uuid it made when the person was scanned), so that the
 * same check-in sent again (a retry after a lost answer, or a queue sent when the connection returns)
 * is answered 200 as the first time, not taken for a second one.
 * `at`: when the person was checked in on the phone, for check-ins kept while offline; never in the
 * future, and at most 7 days ago; the server's clock when left out.
 */
export const checkinCreateSchema = z
  .object({
    eventId: z.uuid({ error: (issue) => (issue.input === undefined ? checkinMessages.noEvent : checkinMessages.badEvent) }),
    token: z.string().min(1, 'Scan a pass').max(500, 'This pass is not valid').optional(),
    registrationId: z.uuid({ message: 'Registration id is not valid' }).optional(),
    key: z.uuid({ message: 'Check-in key is not valid' }).optional(),
    at: z.iso.datetime({ message: 'Use an ISO 8601 instant for at' }).optional(),
  })
  .refine((body) => (body.token === undefined) !== (body.registrationId === undefined), {
    message: 'Give either a token or a registrationId',
    path: ['token'],
  });
export type CheckinCreate = z.infer<typeof checkinCreateSchema>;

/** A check-in recorded (200), or the one already recorded. */
export const checkinSchema = z.object({
  registrationId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The event's title. */
  event: z.string(),
  eventId: z.string(),
  /** When the person was checked in (ISO 8601 instant). */
  checkedInAt: z.iso.datetime(),
  /** The shift they were checked in for, on an event staffed by shifts; null: the event. */
  shift: shiftSummarySchema.nullable(),
});
export type Checkin = z.infer<typeof checkinSchema>;

/**
 * 409 from POST /api/checkin: the product's error (`message`) with why (`reason`); for
 * `already-checked-in`, the first check-in's time and the person; for `other-event`, the person.
 */
export const checkinRefusedSchema = z.object({
  message: z.string(),
  reason: z.enum(checkinRefusalValues),
  checkedInAt: z.iso.datetime().nullable(),
  registrationId: z.string().nullable(),
  name: z.string().nullable(),
});
export type CheckinRefused = z.infer<typeof checkinRefusedSchema>;

/** PATCH /api/checkin/{registrationId} (admins): a person's hours for the event; null: the event's own. */
export const checkinHoursSchema = z.object({ hours: hoursSchema.nullable() });

/** One person on the door list: everyone registered (not the waitlist), by name. */
export const checkinPersonSchema = z.object({
  registrationId: z.string(),
  name: z.string(),
  email: z.string(),
  /** When they were checked in (ISO 8601 instant), or null. */
  checkedInAt: z.iso.datetime().nullable(),
  /** The hours they are credited with: their own when an admin set them, else the event's. */
  hours: z.number(),
  /** Whether `hours` was set for this person by an admin. */
  hoursAdjusted: z.boolean(),
  /** The shift this place is for, on an event staffed by shifts (a person with two shifts is listed twice); null: the event's. */
  shift: shiftSummarySchema.nullable(),
  /** Their answers to the questions marked for check-in (`questions` on the door list), keyed by question id; null: none given. */
  answers: z.record(z.string(), z.unknown()).nullable(),
});
export type CheckinPerson = z.infer<typeof checkinPersonSchema>;

/** GET /api/events/{id}/checkins (admins): the door list, kept by the check-in page for offline use. */
export const eventCheckinsSchema = z.object({
  event: z.object({
    _id: z.string(),
    title: z.string(),
    date: eventDateSchema,
    end: z.string().nullable(),
    location: z.string().nullable(),
    /** The hours the event credits each person (its start to end, or the admin's own figure). */
    hours: z.number(),
    /** When the door may start checking people in (ISO 8601 instant): its start less its `checkinHoursBefore`. */
    checkinOpensAt: z.iso.datetime(),
    /** When check-in closes (ISO 8601 instant): its end, or the end of its day. */
    checkinClosesAt: z.iso.datetime(),
  }),
  /** The questions an admin marked for check-in (`checkIn`): their answers are on each person's card. */
  questions: z.array(questionSchema),
  /** Registered people (places held), not counting the waitlist. */
  registered: z.number().int(),
  checkedIn: z.number().int(),
  people: z.array(checkinPersonSchema),
});
export type EventCheckins = z.infer<typeof eventCheckinsSchema>;

/** GET /api/impact/{email} (that account or an admin). */
export const impactSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** Events the person was checked in at, latest first. */
  events: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      date: eventDateSchema,
      checkedInAt: z.iso.datetime(),
      hours: z.number(),
      /** The shift they came for, on an event staffed by shifts (each shift is listed with its own hours); null: the event. */
      shift: shiftSummarySchema.nullable(),
    }),
  ),
  hours: z.object({
    /** All hours given. */
    total: z.number(),
    /** Hours at events this calendar year (the site's time zone). */
    thisYear: z.number(),
  }),
  /** Donations, refunds left out, per currency (cents). */
  donations: z.array(z.object({ currency: z.string(), total: z.number().int(), count: z.number().int() })),
  /** Donations per year and currency, latest year first. */
  donationYears: z.array(z.object({ year: z.number().int(), currency: z.string(), total: z.number().int() })),
  /** The years with donations, latest first (for the yearly statement). */
  years: z.array(z.number().int()),
});
export type Impact = z.infer<typeof impactSchema>;
