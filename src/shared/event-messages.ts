import { z } from 'zod';
import { requiredText } from './text.ts';

/**
 * Messages an admin writes to an event's people (issue 34, docs/decisions/053): to those registered,
 * waitlisted, checked in or not, for the whole event or one shift, now or at a time set. Each
 * recipient's copy goes through the outbox, addressed by name, with the 'event updates' unsubscribe
 * link; people who turned event updates off are left out and counted.
 */

export const eventMessageAudiences = ['registered', 'waitlisted', 'checkedIn', 'notCheckedIn', 'everyone'] as const;
export const eventMessageAudienceSchema = z.enum(eventMessageAudiences, {
  message: `Audience must be one of ${eventMessageAudiences.join(', ')}`,
});
export type EventMessageAudience = z.infer<typeof eventMessageAudienceSchema>;

export const eventMessageMessages = {
  pastSendAt: 'Choose a time in the future to send it',
  otherShift: 'This event has no such shift',
  notScheduled: 'This message is no longer scheduled: it has started or was cancelled',
} as const;

export const eventMessageSubjectSchema = requiredText('Subject', 200);
/** Plain text: paragraphs split by blank lines; http(s) addresses become links. */
export const eventMessageBodySchema = requiredText('Message', 10_000);

/** POST /api/events/{id}/messages. Without `sendAt`, it goes now. */
export const eventMessageWriteSchema = z.object({
  subject: eventMessageSubjectSchema,
  body: eventMessageBodySchema,
  audience: eventMessageAudienceSchema,
  /** One shift of the event: only its people. */
  shiftId: z.string().max(100).optional(),
  /** ISO 8601 instant, not in the past. */
  sendAt: z.iso.datetime({ offset: true, message: 'Send at must be a date and time (ISO 8601)' }).optional(),
});
export type EventMessageWrite = z.infer<typeof eventMessageWriteSchema>;

/** POST /api/events/{id}/messages/test: the same message, to its author only. */
export const eventMessageTestSchema = z.object({ subject: eventMessageSubjectSchema, body: eventMessageBodySchema });
export type EventMessageTest = z.infer<typeof eventMessageTestSchema>;

/** GET /api/events/{id}/messages/audience?audience=…&shiftId=…: who a message would reach now. */
export const eventMessageAudienceQuerySchema = z.object({
  audience: eventMessageAudienceSchema,
  shiftId: z.string().max(100).optional(),
});
export const eventMessageReachSchema = z.object({
  /** People it would be sent to (one copy each, however many shifts they took). */
  recipients: z.number().int(),
  /** People in the audience who turned event updates off: not sent to. */
  leftOut: z.number().int(),
});
export type EventMessageReach = z.infer<typeof eventMessageReachSchema>;

/** The answer to POST /api/events/{id}/messages. */
export const eventMessageCreatedSchema = z.object({
  _id: z.string(),
  recipients: z.number().int(),
  /** When it goes (ISO 8601 instant): now, or the time asked. */
  sendAt: z.iso.datetime(),
});
export type EventMessageCreated = z.infer<typeof eventMessageCreatedSchema>;

export const eventMessageStatuses = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type EventMessageStatus = (typeof eventMessageStatuses)[number];

/** One message in GET /api/events/{id}/messages (newest first). */
export const eventMessageSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: eventMessageAudienceSchema,
  shiftId: z.string().nullable(),
  /** The shift's role and start as they were when it was written, when the message is for one shift (kept after the shift is deleted). */
  shift: z.object({ role: z.string(), startsAt: z.string() }).nullable(),
  author: z.object({ name: z.string(), email: z.string() }),
  /** One of the after-event messages (their text the product's, in each person's language), or null: written by an admin. */
  kind: z.enum(['thankYou', 'missedYou']).nullable(),
  /** `scheduled` until its time, `sending` while copies are queued, `sent` once all are, or `cancelled`. */
  status: z.enum(eventMessageStatuses),
  createdAt: z.iso.datetime(),
  sendAt: z.iso.datetime(),
  /** People it reaches: counted when written, and again when it goes. */
  recipients: z.number().int(),
  /** Copies the mail server took (or the log, without SMTP). */
  sent: z.number().int(),
  /** Copies that could not be sent after every retry. */
  failed: z.number().int(),
  /** People in the audience who turned event updates off. */
  leftOut: z.number().int(),
});
export type EventMessage = z.infer<typeof eventMessageSchema>;

export const eventMessageParamsSchema = z.object({ id: z.string().max(100), messageId: z.string().max(100) });

/**
 * The after-event messages (optional per event): the day after the event's last day, at 10:00 on the
 * site's clock, a thank-you to those checked in and a 'sorry we missed you' to those registered but not
 * checked in, each once, in the product's words in each person's language. Not sent for an event where
 * nobody was checked in (the door was not used: nobody can tell who came).
 */
export const afterEventWriteSchema = z.object({ enabled: z.boolean({ message: 'Enabled must be true or false' }) });
export type AfterEventWrite = z.infer<typeof afterEventWriteSchema>;

/** GET and PUT /api/events/{id}/messages/after-event. */
export const afterEventStateSchema = z.object({
  enabled: z.boolean(),
  /** When they go (ISO 8601 instant): the day after the event's last day, 10:00 on the site's clock. */
  sendAt: z.iso.datetime(),
  /** `off`, `scheduled`, `sent` (or being sent), or `skipped` (nobody was checked in). */
  status: z.enum(['off', 'scheduled', 'sent', 'skipped']),
});
export type AfterEventState = z.infer<typeof afterEventStateSchema>;

export const afterEventMessages = {
  tooLate: 'The day after this event has passed: it is too late for the after-event messages',
} as const;
