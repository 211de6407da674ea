import { z } from 'zod';

/** The kinds of email a person may stop (security messages, such as a password reset, always go). */
export const mailTopics = ['reminders', 'events', 'notices'] as const;
export const mailTopicSchema = z.enum(mailTopics);
export type MailTopic = z.infer<typeof mailTopicSchema>;

/** What each topic is, in the words the pages and the messages use: 'You will no longer get {…} emails'. */
export const mailTopicNames: Record<MailTopic, string> = {
  reminders: 'event reminder',
  events: 'event update',
  notices: 'notice',
};

/** GET and PUT /api/users/me/email-preferences: which emails the signed-in person wants. */
export const emailPreferencesSchema = z.strictObject(
  {
    /** The reminder the day before each event they registered for. On unless turned off. */
    reminders: z.boolean({ message: 'Reminders must be true or false' }),
    /** An event they registered for is moved or cancelled. On unless turned off. */
    events: z.boolean({ message: 'Event updates must be true or false' }),
    /** New notices from the organisers (volunteers and admins): off until they opt in. */
    notices: z.boolean({ message: 'Notices must be true or false' }),
  },
  { message: 'Only reminders, events and notices can be set' },
);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** A signed unsubscribe token, as the links in messages carry it. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ message: 'The unsubscribe link has no token' })
    .min(1, 'The unsubscribe link has no token')
    .max(400, 'This unsubscribe link is not valid'),
});

/** What an unsubscribe link is about, and whether that email is on now. */
export const subscriptionSchema = z.object({ topic: mailTopicSchema, subscribed: z.boolean() });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionUpdateSchema = z.object({ subscribed: z.boolean({ message: 'Subscribed must be true or false' }) });
