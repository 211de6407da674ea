import { eq } from 'drizzle-orm';
import type { EmailPreferences, MailTopic } from '../../shared/mail-preferences.ts';
import type { Database } from '../db/client.ts';
import { account } from '../db/schema.ts';

/** The account column that says whether a person wants each kind of email. */
export const preferenceColumn = {
  reminders: account.emailReminders,
  events: account.emailEvents,
  notices: account.emailNotices,
} as const satisfies Record<MailTopic, unknown>;

const fieldOf = { reminders: 'emailReminders', events: 'emailEvents', notices: 'emailNotices' } as const satisfies Record<
  MailTopic,
  keyof typeof account.$inferSelect
>;

/** An account's email preferences, or undefined when there is no such account. */
export async function readPreferences(db: Database, accountId: string): Promise<EmailPreferences | undefined> {
  const [row] = await db
    .select({ reminders: account.emailReminders, events: account.emailEvents, notices: account.emailNotices })
    .from(account)
    .where(eq(account.id, accountId));
  return row;
}

export async function writePreferences(
  db: Database,
  accountId: string,
  preferences: EmailPreferences,
): Promise<EmailPreferences | undefined> {
  const [row] = await db
    .update(account)
    .set({ emailReminders: preferences.reminders, emailEvents: preferences.events, emailNotices: preferences.notices })
    .where(eq(account.id, accountId))
    .returning({ reminders: account.emailReminders, events: account.emailEvents, notices: account.emailNotices });
  return row;
}

/** Turns one kind of email on or off; false when there is no such account. */
export async function setSubscribed(db: Database, accountId: string, topic: MailTopic, subscribed: boolean): Promise<boolean> {
  const rows = await db
    .update(account)
    .set({ [fieldOf[topic]]: subscribed })
    .where(eq(account.id, accountId))
    .returning({ id: account.id });
  return rows.length > 0;
}
