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

const knownTimeZones = new Map<string, boolean>();

/**
 * Whether the runtime knows the IANA time zone (Europe/London, America/New_York, UTC …). The answer is
 * kept: the settings are read and checked on every registration, page and message, and making a date
 * formatter to ask was most of that read's time. Only well-formed names are kept, so the map stays as
 * small as the runtime's own list.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  let known = knownTimeZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    if (knownTimeZones.size < 1_000) knownTimeZones.set(value, known);
  }
  return known;
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

/** The smallest and largest single card payment the gateways take (Stripe: 0.50 to 999,999.99). */
export const GATEWAY_MIN_CENTS = 50;
export const GATEWAY_MAX_CENTS = 99_999_999;

/** An amount of money in cents of the site's currency, within what a card payment may be. */
export const amountCentsSchema = (label: string) =>
  z
    .number({ message: `${label} must be a whole number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(GATEWAY_MIN_CENTS, `${label} must be at least 0.50`)
    .max(GATEWAY_MAX_CENTS, `${label} must be at most 999,999.99`);

const siteSettingsFields = z.object({
  name: requiredText('Organisation name', 100),
  logo: pictureAddressSchema('Logo'),
  tagline: optionalText('Tagline', 200),
  /** The home page's first headline and the line under it ('' for the spec's own words). */
  headline: optionalText('Home page headline', 120),
  subtext: optionalText('Text under the headline', 300),
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
  /**
   * The amounts a donor picks from, in cents, the first chosen at first. Not set: DONATION_AMOUNT
   * alone (GET /api/site gives the list in force either way).
   */
  donationAmounts: z
    .array(amountCentsSchema('Each amount'))
    .min(1, 'Give at least one amount')
    .max(6, 'At most 6 amounts')
    .refine((amounts) => new Set(amounts).size === amounts.length, 'Each amount may be given once')
    .optional(),
  /** Whether a donor may give another amount, between `minAmount` and `maxAmount` (cents). */
  customAmount: z.boolean({ message: 'Other amounts must be allowed or not' }).default(false),
  minAmount: amountCentsSchema('The smallest other amount').default(100),
  maxAmount: amountCentsSchema('The largest other amount').default(1_000_000),
});

/** The settings as stored and as an admin writes them (PUT /api/site). */
export const siteSettingsSchema = siteSettingsFields.superRefine((settings, context) => {
  if (settings.minAmount > settings.maxAmount) {
    context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'The largest other amount must be at least the smallest' });
  }
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** Money as an admin types it, in the site's currency: '25' or '12.50'. */
const moneyText = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `${label} must be an amount such as 25 or 12.50`)
    .transform((text) => Math.round(Number(text) * 100))
    .pipe(amountCentsSchema(label));

/** The amounts as the settings page writes them: '15, 30, 100'. */
export const amountsText = (cents: number[]) => cents.map((c) => (c % 100 === 0 ? String(c / 100) : (c / 100).toFixed(2))).join(', ');

/**
 * The settings page's form: the same settings, with the donation amounts typed as money (the API's are
 * cents). Its output is what PUT /api/site takes.
 */
export const siteSettingsFormSchema = siteSettingsFields
  .extend({
    donationAmounts: z
      .string()
      .transform((text) => text.split(/[,;\s]+/).filter(Boolean))
      .pipe(
        z
          .array(moneyText('Each amount'))
          .min(1, 'Give at least one amount')
          .max(6, 'At most 6 amounts')
          .refine((amounts) => new Set(amounts).size === amounts.length, 'Each amount may be given once'),
      ),
    minAmount: moneyText('The smallest other amount'),
    maxAmount: moneyText('The largest other amount'),
  })
  .superRefine((settings, context) => {
    if (settings.minAmount > settings.maxAmount) {
      context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'The largest other amount must be at least the smallest' });
    }
  });

/** The settings page's values: the amounts as typed. */
export type SiteSettingsFormValues = Omit<SiteSettings, 'donationAmounts' | 'minAmount' | 'maxAmount'> & {
  donationAmounts: string;
  minAmount: string;
  maxAmount: string;
};
export type SiteSettingsFormOutput = z.output<typeof siteSettingsFormSchema>;

/** GET /api/site: the settings, and how this installation signs people in. */
export const siteSchema = siteSettingsFields.extend({
  donationAmounts: z.array(z.number().int()),
  /** The identity provider behind 'Continue With Google', or null when none is configured. */
  socialSignIn: z.enum(['google', 'oidc']).nullable(),
  /** Whether this installation sends email (SMTP_URL is set): pages never say a link was sent when none can be. */
  mailConfigured: z.boolean(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteMessages = { saved: 'Settings saved' } as const;

/** The preset amounts in force: the settings' own, or the installation's DONATION_AMOUNT alone. */
export function donationAmountsOf(settings: Pick<SiteSettings, 'donationAmounts'>, installationAmountCents: number): number[] {
  return settings.donationAmounts?.length ? settings.donationAmounts : [installationAmountCents];
}

/**
 * Why a donation amount is refused, or null when it is allowed: one of the presets, or, when other
 * amounts are allowed, a whole number of cents between the bounds.
 */
export function refusedAmount(
  amountCents: number,
  settings: Pick<SiteSettings, 'customAmount' | 'minAmount' | 'maxAmount'> & { donationAmounts: number[] },
  format: (cents: number) => string,
): string | null {
  if (settings.donationAmounts.includes(amountCents)) return null;
  const presets = settings.donationAmounts.map(format).join(', ');
  if (!settings.customAmount) return `Choose one of the amounts offered: ${presets}`;
  if (!Number.isInteger(amountCents) || amountCents < settings.minAmount || amountCents > settings.maxAmount) {
    return `Choose one of ${presets}, or another amount from ${format(settings.minAmount)} to ${format(settings.maxAmount)}`;
  }
  return null;
}

/** GET and DELETE /api/site/demo-content: what is left of the demo content, or what was removed. */
export const demoContentSchema = z.object({
  events: z.number().int(),
  reviews: z.number().int(),
  /** Settings fields (contact details, policies, …) still holding the demo's values. */
  settings: z.number().int(),
});
export type DemoContent = z.infer<typeof demoContentSchema>;
