import { and, eq, inArray, or } from 'drizzle-orm';
import type { SiteSettings } from '../../../shared/site.ts';
import type { Database } from '../../db/client.ts';
import { demoEvents, demoReviews } from '../../db/demo-content.ts';
import { demoSiteSettings } from '../../db/demo-settings.ts';
import { event, review } from '../../db/schema.ts';
import type { SigningSite } from '../../mail/unsubscribe.ts';
import { deleteEvent } from '../events/service.ts';
import { deleteReview } from '../reviews/service.ts';
import { readSiteSettings, writeSiteSettings } from './settings.ts';

/**
 * The demo content a fresh install is seeded with (src/server/db/seed.ts), as it still is: events
 * whose title and description are a demo event's, reviews whose author's address and words are a demo
 * review's, and settings fields that still hold the demo's values. Whatever the charity has changed is
 * its own and stays. Nothing marks seeded rows, so installs seeded before this existed are found too.
 */
const demoSettingFields = ['tagline', 'address', 'phone', 'email', 'registrationNumber', 'socialLinks', 'privacy', 'terms'] as const;

export interface DemoContent {
  events: number;
  reviews: number;
  /** Settings fields (contact details, policies, …) that still hold the demo's values. */
  settings: number;
}

function demoEventRows(db: Database) {
  const titles = demoEvents.map((demo) => demo.title);
  return db
    .select({ id: event.id, title: event.title, desc: event.desc })
    .from(event)
    .where(inArray(event.title, titles))
    .then((rows) => rows.filter((row) => demoEvents.some((demo) => demo.title === row.title && demo.desc === row.desc)));
}

function demoReviewRows(db: Database) {
  const matches = demoReviews.map((demo) => and(eq(review.email, demo.email), eq(review.review, demo.review)));
  return db
    .select({ id: review.id })
    .from(review)
    .where(or(...matches));
}

/** The settings fields that still hold the demo's values. */
function demoSettingsIn(settings: SiteSettings): (typeof demoSettingFields)[number][] {
  const demo = demoSiteSettings();
  return demoSettingFields.filter(
    (field) => JSON.stringify(settings[field]) === JSON.stringify(demo[field]) && JSON.stringify(demo[field]) !== JSON.stringify(''),
  );
}

export async function demoContentLeft(db: Database): Promise<DemoContent> {
  const [events, reviews, settings] = await Promise.all([demoEventRows(db), demoReviewRows(db), readSiteSettings(db)]);
  return { events: events.length, reviews: reviews.length, settings: demoSettingsIn(settings).length };
}

/**
 * Removes the demo content still there: its events as an admin's delete does (their registrations
 * go, people registered for one still to come are told), its reviews, and the demo's contact details
 * and policies (emptied, so none is shown). Returns what was removed; a second call removes nothing.
 */
export async function removeDemoContent(db: Database, site: SigningSite, by: string): Promise<DemoContent> {
  let events = 0;
  for (const row of await demoEventRows(db)) events += await deleteEvent(db, row.id, site);
  let reviews = 0;
  for (const row of await demoReviewRows(db)) reviews += await deleteReview(db, row.id);
  const settings = await readSiteSettings(db);
  const fields = demoSettingsIn(settings);
  if (fields.length > 0) {
    const emptied = Object.fromEntries(fields.map((field) => [field, field === 'socialLinks' ? [] : '']));
    await writeSiteSettings(db, { ...settings, ...emptied }, by);
  }
  return { events, reviews, settings: fields.length };
}
