import type { Database } from '../db/client.ts';
import { readSiteSettings } from '../features/site/settings.ts';
import type { ReplyCache } from '../http/reply-cache.ts';
import type { MailSite } from './templates/layout.tsx';
import type { SigningSite } from './unsubscribe.ts';

/** The site as messages name it, read from the organisation's settings as they are now. */
export async function mailSiteFrom(db: Database, publicUrl: string): Promise<MailSite> {
  const settings = await readSiteSettings(db);
  return {
    name: settings.name,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    timeZone: settings.timeZone,
    address: settings.address,
    email: settings.email,
    registrationNumber: settings.registrationNumber,
    defaultLanguage: settings.defaultLanguage,
  };
}

/**
 * The site as messages name it, with the secret that signs their unsubscribe links (`app.mailSite()`):
 * read once and kept until the organisation's settings change, which the database announces (the
 * `site_settings` notice, counted by the reply cache); while changes may go unseen it is read each time.
 */
export function mailSiteSource(db: Database, publicUrl: string, secret: string, changes: Pick<ReplyCache, 'stampOf' | 'enabled'>) {
  const tables = ['site_settings'];
  const read = async (): Promise<SigningSite> => ({ ...(await mailSiteFrom(db, publicUrl)), secret });
  let kept: { stamp: number; site: Promise<SigningSite> } | undefined;
  return (): Promise<SigningSite> => {
    if (!changes.enabled) return read();
    const stamp = changes.stampOf(tables);
    if (kept?.stamp === stamp) return kept.site;
    // Kept under the count of changes when it was asked for: a change while it is read makes the next caller read again.
    const site = read();
    const entry = { stamp, site };
    kept = entry;
    site.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return site;
  };
}
