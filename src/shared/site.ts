import { z } from 'zod';
import { languages } from './language.ts';
import { formatMoney, minorPerMajor, moneyExample, parseMoney } from './money.ts';
import { questionsSchema } from './questions.ts';
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

/**
 * The smallest and largest single card payment, in the currency's minor units (Stripe's bounds, as
 * 0.50 to 999,999.99 in a currency with cents; ¥50 to ¥99,999,999 in one without).
 */
export const GATEWAY_MIN_MINOR = 50;
export const GATEWAY_MAX_MINOR = 99_999_999;

/** An amount of money as the API takes it: a whole number of the site's currency's minor unit (cents for USD, yen for JPY). */
export const amountMinorSchema = (label: string) =>
  z
    .number({ message: `${label} must be a whole number of the currency's minor unit (cents for USD)` })
    .int(`${label} must be a whole number of the currency's minor unit (cents for USD)`);

/** Why an amount is not a card payment the gateway can take, in the currency's own writing, or null. */
export function outsideGatewayBounds(label: string, amount: number, currency: string): string | null {
  if (amount < GATEWAY_MIN_MINOR) return `${label} must be at least ${formatMoney(GATEWAY_MIN_MINOR, currency)}`;
  if (amount > GATEWAY_MAX_MINOR) return `${label} must be at most ${formatMoney(GATEWAY_MAX_MINOR, currency)}`;
  return null;
}

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
  /** The language of a visitor whose browser asks for none the product speaks, and of mail to someone who never chose. */
  defaultLanguage: z.enum(languages, { message: `Default language must be one of ${languages.join(', ')}` }).default('en'),
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
   * The amounts a donor picks from, in minor units (cents; yen for JPY), the first chosen at first. Not set: DONATION_AMOUNT
   * alone (GET /api/site gives the list in force either way).
   */
  donationAmounts: z
    .array(amountMinorSchema('Each amount'))
    .min(1, 'Give at least one amount')
    .max(6, 'At most 6 amounts')
    .refine((amounts) => new Set(amounts).size === amounts.length, 'Each amount may be given once')
    .optional(),
  /** Whether a donor may give another amount, between `minAmount` and `maxAmount` (cents). */
  customAmount: z.boolean({ message: 'Other amounts must be allowed or not' }).default(false),
  minAmount: amountMinorSchema('The smallest other amount').default(100),
  maxAmount: amountMinorSchema('The largest other amount').default(1_000_000),
  /**
   * The organisation's questions, for every event at once (issue 33): each new event starts with them
   * (its add page offers them, to keep or switch off), as `questions` on an event. Admins read them with
   * GET /api/site/questions (GET /api/site is public: staff-only questions are not); left out of
   * PUT /api/site, the stored ones are kept.
   */
  questions: questionsSchema.optional(),
});

/** Each amount within what a card payment may be, in the settings' currency, and the bounds in order. */
function checkAmounts(
  settings: { currency: string; donationAmounts?: number[]; minAmount: number; maxAmount: number },
  context: z.RefinementCtx,
) {
  settings.donationAmounts?.forEach((amount, index) => {
    const refused = outsideGatewayBounds('Each amount', amount, settings.currency);
    if (refused) context.addIssue({ code: 'custom', path: ['donationAmounts', index], message: refused });
  });
  for (const [field, label] of [
    ['minAmount', 'The smallest other amount'],
    ['maxAmount', 'The largest other amount'],
  ] as const) {
    const refused = outsideGatewayBounds(label, settings[field], settings.currency);
    if (refused) context.addIssue({ code: 'custom', path: [field], message: refused });
  }
  if (settings.minAmount > settings.maxAmount) {
    context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'The largest other amount must be at least the smallest' });
  }
}

/** The settings as stored and as an admin writes them (PUT /api/site), amounts in the currency's minor units. */
export const siteSettingsSchema = siteSettingsFields.superRefine(checkAmounts);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** The amounts typed in one box: '15, 30, 100'. */
const amountWords = (text: string) => text.split(/[,;\s]+/).filter(Boolean);

/**
 * The settings page's form: the same settings, with the donation amounts typed as money in the chosen
 * currency ('15, 30, 100'; '12.50'), made minor units with that currency's exponent (¥30 is 30, $30 is
 * 3000). Its output is what PUT /api/site takes.
 */
export const siteSettingsFormSchema = siteSettingsFields
  .extend({
    // What can be told without the currency is told beside each field with the rest of the form's messages.
    donationAmounts: z
      .string()
      .refine((text) => amountWords(text).length > 0, 'Give at least one amount')
      .refine((text) => amountWords(text).length <= 6, 'At most 6 amounts'),
    minAmount: z.string().trim().min(1, 'The smallest other amount is required'),
    maxAmount: z.string().trim().min(1, 'The largest other amount is required'),
  })
  .transform((typed, context) => {
    const { currency } = typed;
    let typedWell = true;
    const money = (text: string, label: string, path: (string | number)[]) => {
      const amount = text.trim() === '' ? undefined : parseMoney(text, currency);
      if (amount === undefined) context.addIssue({ code: 'custom', path, message: `${label} is required` });
      else if (amount === null)
        context.addIssue({ code: 'custom', path, message: `${label} must be an amount such as ${moneyExample(currency)}` });
      if (amount === undefined || amount === null) typedWell = false;
      return amount ?? 0;
    };
    const donationAmounts = amountWords(typed.donationAmounts).map((word, index) => money(word, 'Each amount', ['donationAmounts', index]));
    if (new Set(donationAmounts).size !== donationAmounts.length) {
      context.addIssue({ code: 'custom', path: ['donationAmounts'], message: 'Each amount may be given once' });
    }
    const settings = {
      ...typed,
      donationAmounts,
      minAmount: money(typed.minAmount, 'The smallest other amount', ['minAmount']),
      maxAmount: money(typed.maxAmount, 'The largest other amount', ['maxAmount']),
    };
    // Bounds only for amounts that were money: 'ten' is not also 'less than 0.50'.
    if (typedWell) checkAmounts(settings, context);
    return settings;
  });

/** The settings page's values: the amounts as typed. */
export type SiteSettingsFormValues = Omit<SiteSettings, 'donationAmounts' | 'minAmount' | 'maxAmount'> & {
  donationAmounts: string;
  minAmount: string;
  maxAmount: string;
};
export type SiteSettingsFormOutput = z.output<typeof siteSettingsFormSchema>;

/** GET /api/site: the settings, and how this installation signs people in. */
export const siteSchema = siteSettingsFields.omit({ questions: true }).extend({
  donationAmounts: z.array(z.number().int()),
  /** The identity provider behind 'Continue With Google', or null when none is configured. */
  socialSignIn: z.enum(['google', 'oidc']).nullable(),
  /** Whether this installation sends email (SMTP_URL is set): pages never say a link was sent when none can be. */
  mailConfigured: z.boolean(),
  /** Which gateway takes card payments: Stripe, or the offline test mode (whose card form is the site's own). */
  payments: z.enum(['stripe', 'test']),
});
export type Site = z.infer<typeof siteSchema>;

/**
 * The preset amounts in force, in minor units: the settings' own, or the installation's DONATION_AMOUNT
 * alone (given in whole units of money, so 30 is $30 or ¥30).
 */
export function donationAmountsOf(settings: Pick<SiteSettings, 'donationAmounts' | 'currency'>, installationAmount: number): number[] {
  return settings.donationAmounts?.length ? settings.donationAmounts : [Math.round(installationAmount * minorPerMajor(settings.currency))];
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

/** GET /api/site/manifest.webmanifest?lang=: the language to write it in (else the reader's). */
export const manifestQuerySchema = z.object({
  lang: z.enum(languages, { message: `lang must be one of ${languages.join(', ')}` }).optional(),
});

/** The web app manifest (W3C Web Application Manifest): what a phone shows when the site is added to its home screen. */
export const webManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.enum(languages),
  dir: z.literal('ltr'),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string() })),
});
