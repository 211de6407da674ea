import { z } from 'zod';
import { hoursSchema } from './hours.ts';
import { cursorSchema, pagingSchema, searchTextSchema, sortSchema } from './paging.ts';
import { questionSchema, questionsSchema } from './questions.ts';
import { requiredText } from './text.ts';
import { eventWaiverSchema, waiverWriteSchema } from './waivers.ts';

/**
 * An event's date is a calendar day, optionally with a local wall-clock time:
 * `2026-12-05` or `2026-12-05T14:30`. Events happen where the charity is, so no time zone.
 */
export const eventDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'Use a date like 2026-12-05, optionally with a time like 2026-12-05T14:30')
  .refine((value) => {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    const [hh, mm] = value.length > 10 ? value.slice(11).split(':').map(Number) : [0, 0];
    return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && (hh ?? 0) < 24 && (mm ?? 0) < 60;
  }, 'That date does not exist');

export const eventIdSchema = z.uuid({ message: 'Event id is not valid' });

/** An event's stored fields, as the API gives them (registrations carry them too). */
export const eventFieldsSchema = z.object({
  _id: z.string(),
  index: z.number().int(),
  key: z.string(),
  title: z.string(),
  desc: z.string(),
  banner: z.string(),
  date: eventDateSchema,
  /** Where it happens, in words; null when not given. */
  location: z.string().nullable(),
  /** When it ends: 'YYYY-MM-DDTHH:MM', wall clock in the site's time zone like `date`; null when not given. */
  end: z.string().nullable(),
  /** Volunteer places; null: unlimited. */
  capacity: z.number().int().nullable(),
  /** What the organisation hopes to raise for it, in minor units of the site's currency (cents; yen for JPY); null: no goal. */
  goal: z.number().int().nullable(),
  /** The hours each person who came is credited with, as an admin set them; null: its start to its end. */
  hours: z.number().nullable(),
  /** How many hours before its start the door may check people in (until it ends); 2 unless an admin set it. */
  checkinHoursBefore: z.number(),
});
export type EventFields = z.infer<typeof eventFieldsSchema>;

export const eventSchema = eventFieldsSchema.extend({
  /** How many people hold a place (waitlisted people are not counted). */
  registered: z.number().int(),
  /** Places still free; null when the event has no capacity. Staffed by shifts: the shifts' places (null when one has no limit). */
  spotsLeft: z.number().int().nullable(),
  /** How many shifts staff it (GET /api/events/{id}/shifts); 0: one pool of places, its capacity. */
  shifts: z.number().int(),
  /** What registering asks: the event's questions less the staff-only ones (admins: GET /api/events/{id}/questions). */
  questions: z.array(questionSchema),
  /** The waiver registering asks people to sign (`waiver` on POST /api/register), with its version; null: none. */
  waiver: eventWaiverSchema.nullable(),
  /** Whether it has ended (its end, or the end of its day), by the site's time zone. */
  past: z.boolean(),
  /** Donations to it in the site's currency, in minor units (cents; yen for JPY), refunds left out. */
  raised: z.number().int(),
  /** How many people gave those donations. */
  donors: z.number().int(),
});

export type Event = z.infer<typeof eventSchema>;

/** Which events a list shows: those still to come (or going on), or those that have ended. */
export const eventWhenValues = ['upcoming', 'past'] as const;

export const eventSortColumns = ['title', 'date'] as const;

export const eventListQuerySchema = z.object({
  q: searchTextSchema,
  sort: sortSchema(eventSortColumns),
  when: z.enum(eventWhenValues, { message: 'When must be upcoming or past' }).optional(),
  cursor: cursorSchema,
  ...pagingSchema(24, 100),
});

export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventParamsSchema = z.object({ id: z.string() });

export const eventMessages = {
  /** '{title}' is replaced by the event's title. */
  added: '{title} Added Successfully',
  updated: '{title} Updated Successful',
  deleted: '{title} deleted successfully',
  notDeleted: '{title} not deleted',
  /** '{count}' is replaced by the number of people registered. */
  capacityBelowRegistered: 'Capacity cannot be lower than the {count} people already registered',
  endNotAfterStart: 'End must be after the start',
} as const;

/**
 * An end as sent: a date and time ('2026-12-05T17:00', seconds allowed), read as the site's wall clock,
 * or an instant with `Z` or an offset, which the server turns into the site's wall clock.
 */
const eventEndPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Whether an end names its own offset (then the server converts it to the site's wall clock). */
export const endHasOffset = (value: string) => /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);

export const eventEndSchema = z
  .string()
  .regex(eventEndPattern, 'Use a date and time for the end, like 2026-12-05T17:00')
  .refine((value) => {
    const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = (eventEndPattern.exec(value) ?? []).slice(1, 7).map((part) => Number(part ?? 0));
    const day = new Date(Date.UTC(y, mo - 1, d));
    return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  }, 'That end date does not exist');

/** The wall-clock start of an event's date, to the minute: 'YYYY-MM-DDTHH:MM' (midnight without a time). */
export const eventStartOf = (date: string) => (date.length > 10 ? date.slice(0, 16) : `${date}T00:00`);

/** An optional text box: null or blank text means none (null); absent means unchanged. */
const emptyToNull = (value: unknown) => (value === null ? '' : value);

/**
 * A banner is an http(s) image address, a picture uploaded here (/api/images/…) or one of the
 * pictures the app ships (/images/…).
 */
export const bannerSchema = z
  .string({ message: 'Banner is required' })
  .trim()
  .min(1, 'Banner is required')
  .max(2000, 'Banner address must be at most 2000 characters')
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/api\/images\/[0-9a-f-]{36}$/.test(value) || /^\/images\/[\w/.-]+$/.test(value),
    'Banner must be an http(s) image address or an uploaded picture',
  );

/** Check-in opens this many hours before an event starts unless an admin says otherwise. */
export const DEFAULT_CHECKIN_HOURS_BEFORE = 2;

/** How long before the start the door may check people in: quarter hours, up to a day. */
export const checkinHoursBeforeSchema = z
  .number({ message: 'Check-in opening must be a number of hours' })
  .min(0, 'Check-in cannot open after the start')
  .max(24, 'Check-in can open at most 24 hours before the start')
  .refine((h) => Number.isInteger(h * 4), 'Check-in opening goes in quarter hours (e.g. 0.5, 1.25)');

/** The banner of an event added without one: a picture the app ships. */
export const DEFAULT_BANNER = '/images/events/default.svg';

/** POST /api/events and PUT /api/events/{id}: index and key are made up when absent. */
export const eventWriteSchema = z
  .object({
    // A form sends text; an empty box means "make one up".
    index: z.preprocess(
      (value) =>
        value === '' || value === null ? undefined : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value,
      z
        .number({ message: 'Event Index must be a whole number' })
        .int('Event Index must be a whole number')
        .min(0, 'Event Index must be 0 or more')
        .max(2_000_000_000, 'Event Index is too large')
        .optional(),
    ),
    key: z
      .string()
      .trim()
      .max(100, 'Event Key must be at most 100 characters')
      .optional()
      .transform((v) => v || undefined),
    title: requiredText('Title', 200),
    desc: requiredText('Description', 5000),
    // Left out or empty: a new event gets DEFAULT_BANNER, a changed one keeps its own.
    banner: z.preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      bannerSchema.optional(),
    ),
    date: z.string({ message: 'Date is required' }).trim().min(1, 'Date is required').pipe(eventDateSchema),
    location: z
      .preprocess(emptyToNull, z.string({ message: 'Location must be text' }).trim().max(200, 'Location must be at most 200 characters'))
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    end: z
      // 't' and 'z' are allowed, as ISO 8601 says; upper case, so an end compares as text with the start.
      .preprocess(emptyToNull, z.string({ message: 'End must be a date and time' }).trim().toUpperCase())
      .optional()
      .pipe(z.union([z.literal('').transform(() => null), eventEndSchema]).optional()),
    // A form sends text; an empty box means no limit.
    capacity: z.preprocess(
      (value) => (value === '' || value === null ? null : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
      z
        .number({ message: 'Capacity must be a whole number' })
        .int('Capacity must be a whole number')
        .min(1, 'Capacity must be at least 1, or empty for no limit')
        .max(1_000_000, 'Capacity is too large')
        .nullable()
        .optional(),
    ),
    // Minor units of the site's currency (cents; yen for JPY); a form sends text, and an empty box means no goal. Left out: stays as it is.
    goal: z.preprocess(
      (value) => (value === '' || value === null ? null : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
      z
        .number({ message: 'Goal must be a number' })
        .int("Goal must be a whole number of the currency's minor unit (cents for USD)")
        .min(1, 'Goal must be more than 0, or empty for no goal')
        .max(2_000_000_000, 'Goal is too large')
        .nullable()
        .optional(),
    ),
    // Hours credited to each person who came; a form sends text, and an empty box means its start to its end.
    hours: z.preprocess(
      (value) =>
        typeof value !== 'string' ? value : value.trim() === '' ? null : /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
      hoursSchema.nullable().optional(),
    ),
    // How long before the start the door opens; a form sends text, and an empty box means the usual 2 hours,
    // on an update too (not 'as it was').
    checkinHoursBefore: z.preprocess(
      (value) =>
        typeof value !== 'string'
          ? value
          : value.trim() === ''
            ? DEFAULT_CHECKIN_HOURS_BEFORE
            : /^\s*-?\d+(\.\d+)?\s*$/.test(value)
              ? Number(value)
              : value,
      // Left out (an API client's update that does not name it): kept as it is.
      checkinHoursBeforeSchema.optional(),
    ),
    /**
     * What registering asks (as PUT /api/events/{id}/questions takes them). Left out: a new event gets the
     * organisation's questions (GET /api/site), a changed one keeps its own.
     */
    questions: questionsSchema.optional(),
    /** The waiver to sign: its text (a changed text is a new version), null for none; left out: kept as it is. */
    waiver: waiverWriteSchema.nullable().optional(),
  })
  .superRefine((input, ctx) => {
    // An end with an offset is compared once the server has it on the site's clock.
    if (!input.end || endHasOffset(input.end)) return;
    if (input.end.slice(0, 16) <= eventStartOf(input.date))
      ctx.addIssue({ code: 'custom', path: ['end'], message: eventMessages.endNotAfterStart });
  });
export type EventWrite = z.infer<typeof eventWriteSchema>;
