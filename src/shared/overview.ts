import { z } from 'zod';
import { eventDateSchema } from './events.ts';

/** An upcoming event as the admin's overview shows it: how full it is. `capacity` null when unlimited. */
export const overviewEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  date: eventDateSchema,
  capacity: z.number().int().nullable(),
  /** Registrations with a place. */
  registered: z.number().int(),
  /** Registrations waiting for one. */
  waitlisted: z.number().int(),
  /**
   * On an event staffed by shifts, places filled per role (its shifts of one role added up), in the order
   * of each role's first shift; `capacity` null when one of them has no limit. Empty without shifts.
   */
  roles: z.array(
    z.object({ role: z.string(), capacity: z.number().int().nullable(), registered: z.number().int(), waitlisted: z.number().int() }),
  ),
});
export type OverviewEvent = z.infer<typeof overviewEventSchema>;

/** Money in one currency (amounts in minor units: cents, or yen for JPY): sums are never added across currencies. */
export const moneyTotalSchema = z.object({ currency: z.string(), amount: z.number().int(), donations: z.number().int() });
export type MoneyTotal = z.infer<typeof moneyTotalSchema>;

export const activityKinds = ['registration', 'donation', 'review', 'notice'] as const;

/**
 * Something that happened, newest first: who (`name`, the donor's email for a donation) did what
 * (`title`: the event's title, the review's message or the notice's text). A donation has its
 * `amount` (cents) and `currency`; a registration and a review their `status`.
 */
export const activitySchema = z.object({
  kind: z.enum(activityKinds),
  _id: z.string(),
  date: z.iso.datetime(),
  name: z.string(),
  title: z.string(),
  amount: z.number().int().optional(),
  currency: z.string().optional(),
  status: z.string().optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /api/overview (admins): the dashboard's front page for admins. */
export const overviewSchema = z.object({
  /** The next events (under way or to come, by the site's time zone), soonest first. */
  upcoming: z.array(overviewEventSchema),
  lastDays: z.object({
    /** How many days back the figures count: 30. */
    days: z.number().int(),
    registrations: z.number().int(),
    donations: z.number().int(),
    /** Raised in those days, per currency. */
    raised: z.array(moneyTotalSchema),
  }),
  /** Raised since the start, per currency. */
  totalRaised: z.array(moneyTotalSchema),
  activity: z.array(activitySchema),
});
export type Overview = z.infer<typeof overviewSchema>;
