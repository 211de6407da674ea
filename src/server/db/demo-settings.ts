import { type SiteSettings, siteSettingsSchema } from '../../shared/site.ts';
import { serverTimeZone } from '../../shared/time-zone.ts';
import type { Database } from './client.ts';
import { siteSettings } from './schema.ts';

/**
 * The organisation as the demo shows it: every contact detail filled in, so each place that shows
 * one can be seen, and each saying it is a demo value, so nobody takes it for a real charity's.
 * The time zone stays the server's, as on a fresh install.
 */
export function demoSiteSettings(): SiteSettings {
  return siteSettingsSchema.parse({
    name: 'Helping Hands',
    tagline: 'Neighbours lending a hand (demo site)',
    address: 'Demo address: 1 Example Street, Exampletown',
    // 555-01xx numbers and example.org are reserved for fiction and examples: neither reaches anyone.
    phone: '+1 555 0100',
    email: 'demo@example.org',
    registrationNumber: 'DEMO-000000',
    socialLinks: [{ label: 'Example social page (demo)', url: 'https://example.org/helping-hands-demo' }],
    timeZone: serverTimeZone(),
    privacy: [
      '# Privacy policy (example)',
      '',
      'This is an **example** privacy policy that comes with the demo content. The organisation running this site replaces it with its own at Dashboard → Settings.',
      '',
      '## What we keep',
      '',
      '- your name and email address, to run your account;',
      '- the events you register for, to tell you about them;',
      '- your donations, as financial records.',
      '',
      '## Who sees it',
      '',
      'Only the organisation’s administrators. We never sell your data.',
    ].join('\n'),
    terms: [
      '# Terms of use (example)',
      '',
      'These are **example** terms that come with the demo content. The organisation running this site replaces them with its own at Dashboard → Settings.',
      '',
      '- Register only for events you mean to attend, and cancel when you cannot come.',
      '- Be kind to other volunteers and the people we help.',
      '- Donations are not refundable once the event has taken place.',
    ].join('\n'),
  });
}

/** Stores the demo settings unless the organisation has saved its own. */
export async function seedDemoSettings(db: Database): Promise<void> {
  await db.insert(siteSettings).values({ id: 1, settings: demoSiteSettings(), updatedBy: null }).onConflictDoNothing();
}
