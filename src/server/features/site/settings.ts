import { eq } from 'drizzle-orm';
import type { Question } from '../../../shared/questions.ts';
import { type SiteSettings, type SiteSettingsInput, siteSettingsSchema } from '../../../shared/site.ts';
import { serverTimeZone } from '../../../shared/time-zone.ts';
import { SITE_NAME } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';

/** A fresh install: the product's name, no contact details (none is shown), the server's time zone. */
export function defaultSiteSettings(): SiteSettings {
  return siteSettingsSchema.parse({ name: SITE_NAME, timeZone: serverTimeZone() });
}

/**
 * The organisation's settings as stored, over the defaults: a field added since they were saved takes
 * its default, and a stored value the schema no longer accepts (a time zone the runtime dropped) is
 * replaced by the default rather than breaking every page.
 */
export async function readSiteSettings(db: Database): Promise<SiteSettings> {
  const [row] = await db.select({ settings: siteSettings.settings }).from(siteSettings).where(eq(siteSettings.id, 1));
  const defaults = defaultSiteSettings();
  if (!row || typeof row.settings !== 'object' || row.settings === null) return defaults;
  const stored = { ...defaults, ...(row.settings as Record<string, unknown>) };
  const parsed = siteSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const repaired: Record<string, unknown> = { ...stored };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in defaults) repaired[field] = defaults[field as keyof SiteSettings];
  }
  return siteSettingsSchema.safeParse(repaired).data ?? defaults;
}

/** The organisation's questions, offered to every new event (none until an admin writes some). */
export async function organisationQuestions(db: Database): Promise<Question[]> {
  return (await readSiteSettings(db)).questions ?? [];
}

/**
 * Stores the whole settings (already checked by the route's schema), noting who saved them. The
 * organisation's questions left out are kept as they are (the public settings do not carry them).
 */
export async function writeSiteSettings(db: Database, input: SiteSettingsInput, by: string | null): Promise<SiteSettings> {
  const parsed = siteSettingsSchema.parse(input);
  const settings = parsed.questions === undefined ? { ...parsed, questions: await organisationQuestions(db) } : parsed;
  await db
    .insert(siteSettings)
    .values({ id: 1, settings, updatedBy: by })
    .onConflictDoUpdate({ target: siteSettings.id, set: { settings, updatedBy: by, updatedAt: new Date() } });
  return settings;
}
