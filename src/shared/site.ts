import { z } from 'zod';
import { requiredText } from './text.ts';

/**
 * The organisation's own details, edited by admins at /dashboard/settings (PUT /api/site) and read by
 * every page, message and receipt (GET /api/site). Every field has a default, so a fresh install
 * works: its name is the product's, every contact detail is empty (and so not shown), its time zone
 * the server's.
 */

/** Optional text: trimmed, and an empty box is "not given" (''). */
function optionalText(label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');
}

/** An http(s) address, an uploaded picture (/api/images/…) or a picture the app ships (/images/…); '' for none. */
export const pictureAddressSchema = (label: string) =>
  optionalText(label, 2000).refine(
    (value) =>
      value === '' ||
      /^https?:\/\/[^\s]+$/i.test(value) ||
      /^\/api\/images\/[0-9a-f-]{36}$/.test(value) ||
      /^\/images\/[\w/.-]+$/.test(value),
    `${label} must be an http(s) image address or an uploaded picture`,
  );

/** Whether the runtime knows the IANA time zone (Europe/London, America/New_York, UTC …). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ message: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Time zone must be at most 64 characters')
  .refine(isTimeZone, 'Time zone must be a time zone name such as Europe/London or America/New_York');

export const socialLinkSchema = z.object({
  label: requiredText('Link name', 40),
  url: z
    .string({ message: 'Link address is required' })
    .trim()
    .max(2000, 'Link address must be at most 2000 characters')
    .regex(/^https:\/\/[^\s]+$/i, 'Link address must start with https://'),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** The settings as stored and as an admin writes them (PUT /api/site). */
export const siteSettingsSchema = z.object({
  name: requiredText('Organisation name', 100),
  logo: pictureAddressSchema('Logo'),
  tagline: optionalText('Tagline', 200),
  address: optionalText('Contact address', 500),
  phone: optionalText('Phone', 50).refine(
    (v) => v === '' || /^[+()\d\s.-]{3,50}$/.test(v),
    'Phone may contain digits, spaces, + ( ) . and - only',
  ),
  email: optionalText('Contact email', 254).refine(
    (v) => v === '' || z.email().safeParse(v).success,
    'Contact email is not a valid email address',
  ),
  registrationNumber: optionalText('Charity registration number', 100),
  socialLinks: z.array(socialLinkSchema).max(8, 'At most 8 social links').default([]),
  timeZone: timeZoneSchema,
  /** The currency donations are taken in (ISO 4217, lower case as the payment gateways write it). */
  currency: z
    .string({ message: 'Currency is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'Currency must be a three-letter code such as usd or gbp')
    .default('usd'),
  /** Markdown, shown at /privacy and /terms ('' until the organisation writes them). */
  privacy: optionalText('Privacy policy', 50_000),
  terms: optionalText('Terms', 50_000),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** GET /api/site: the settings, and how this installation signs people in. */
export const siteSchema = siteSettingsSchema.extend({
  /** The identity provider behind 'Continue With Google', or null when none is configured. */
  socialSignIn: z.enum(['google', 'oidc']).nullable(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteMessages = { saved: 'Settings saved' } as const;
