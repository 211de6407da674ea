import { eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../shared/language.ts';
import type { Database } from '../db/client.ts';
import { account } from '../db/schema.ts';

/**
 * The language a message to `to` is written in (DECISIONS 5): the recipient's account's choice, else the
 * organisation's default, else English. Read when the message is written, so a choice made after it
 * was queued still counts.
 */
export async function recipientLanguage(db: Database, to: string, site: { defaultLanguage?: Language }): Promise<Language> {
  const [found] = await db.select({ language: account.language }).from(account).where(eq(account.email, to.toLowerCase())).limit(1);
  return isLanguage(found?.language) ? found.language : (site.defaultLanguage ?? 'en');
}
