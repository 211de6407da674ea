import { eq } from 'drizzle-orm';
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

/** Stores the whole settings (already checked by the route's schema), noting who saved them. */
export async function writeSiteSettings(db: Database, input: SiteSettingsInput, by: string | null): Promise<SiteSettings> {
  const settings = siteSettingsSchema.parse(input);
  await db
    .insert(siteSettings)
    .values({ id: 1, settings, updatedBy: by })
    .onConflictDoUpdate({ target: siteSettings.id, set: { settings, updatedBy: by, updatedAt: new Date() } });
  return settings;
}
