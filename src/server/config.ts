import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: 'must be a comma-separated list of email addresses' })));

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://');

/** Every setting the server reads, parsed once. Only this module looks at process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\//.test(value), 'must start with redis:// or rediss://')
    .optional(),
  SEED_DEMO: booleanFromEnv.default(true),
  ADMIN_EMAILS: emailList.default([]),
  ADMIN_MFA: z.enum(['required', 'optional'], { message: 'must be required or optional' }).default('required'),
  DONATION_AMOUNT: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount of the site currency with at most two decimals, e.g. 30 or 12.50')
    .transform(Number)
    .refine((amount) => amount > 0, 'must be more than 0')
    .default(30),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be the http(s) address people use to reach the app, e.g. https://give.example.org' })
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').max(100_000).default(10),
  TRUST_PROXY: booleanFromEnv.default(false),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, message: 'must be the http(s) address of the OpenID Connect issuer' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => {
      if (!/^smtps?:\/\//.test(value)) return false;
      try {
        return new URL(value).hostname !== '';
      } catch {
        return false;
      }
    }, 'must be smtp://user:password@host:port (or smtps://… for TLS from the start)')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().min(1).default('./dist/web'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64').default(1),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(30, 'must be at least 30 (days)')
    .max(36_500, 'must be at most 36500 (days)')
    .default(365),
});

export type Env = z.infer<typeof envSchema>;

/** Settings that only make sense together: all of a group or none. */
const groups: [string, (keyof Env)[]][] = [
  ['Google sign-in', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']],
  ['OpenID Connect sign-in', ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']],
  ['Stripe card payments', ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']],
];

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Without it, Stripe's notifications are refused and payments are recorded when the browser confirms them. */
  webhookSecret: string | undefined;
  /** Another address for Stripe's API (a local stand-in in tests). */
  apiBase: URL | undefined;
}

export interface SocialProvider {
  id: 'google' | 'oidc';
  clientId: string;
  clientSecret: string;
  /** The issuer for a generic OpenID Connect provider. */
  issuer?: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  seedDemo: boolean;
  adminEmails: string[];
  /**
   * `required`: an admin account works as admin only once it has two-step sign-in on and the session
   * passed it. `optional` (development and test set-ups): admins may work without it.
   */
  adminMfa: 'required' | 'optional';
  /** DONATION_AMOUNT: in whole units of the site currency (30 is $30 or ¥30). */
  donationAmount: number;
  logLevel: Env['LOG_LEVEL'];
  /** Server processes sharing the port (node:cluster); more than one needs DATABASE_URL. */
  webConcurrency: number;
  /** Where the built web app lives; the server answers without it, but then only the API. */
  webDir: string;
  /** The address people use to reach the app: sign-in callbacks, trusted origin, Secure cookies. */
  publicUrl: string;
  /** Signs sessions and tokens; when absent, one is generated once and kept in the database. */
  authSecret: string | undefined;
  /** Sign-in attempts allowed per address and email, and sign-ups per address, in each five minutes. */
  authRateLimit: number;
  /**
   * Limits no person reaches by hand, against scripts: sign-in attempts per client address across
   * every email (password spraying) in each five minutes, each account's writes in each hour and its
   * downloads in each minute. Not settings; tests lower them.
   */
  limits: Limits;
  /** Behind a reverse proxy: take the client address and scheme from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** The identity provider behind 'Continue With Google', if any. */
  socialProvider: SocialProvider | undefined;
  /** Stripe when its keys are set; otherwise payments go through the offline test-mode gateway. */
  stripe: StripeSettings | undefined;
  /** How often test mode looks for monthly payments due (also at start). Not a setting; with Stripe, Stripe renews. */
  renewalCheckMs: number;
  /**
   * Slow clients: a request's headers must arrive within `headersMs` and the whole request, body
   * included, within `requestMs`, or its connection is closed. Not a setting; tests shorten them.
   */
  clientTimeouts: { headersMs: number; requestMs: number };
  mail: MailSettings;
  audit: AuditSettings;
}

export interface AuditSettings {
  /** How long audit entries are kept (AUDIT_RETENTION_DAYS); older ones are deleted daily. */
  retentionDays: number;
  /** How often the old entries are looked for (also at start). Not a setting; tests shorten it. */
  retentionCheckMs: number;
}

export interface Limits {
  signInPerAddress: number;
  /** Failed sign-ins for one account, from any address, in 15 minutes before it is locked for a growing while. */
  signInFailuresPerAccount: number;
  perAccountHourly: Record<AccountLimit, number>;
  /** Each kind of file made for one account, counted apart. */
  downloadsPerMinute: Record<DownloadLimit, number>;
  /** Pictures decoded at once; more wait in line, up to `pictureQueue`, and beyond that are answered 503. */
  pictureDecodes: number;
  pictureQueue: number;
}

/** The writes each account may make a limited number of times an hour. */
export type AccountLimit = 'uploads' | 'reviews' | 'registrations' | 'paymentIntents';

/** The files each account may download a limited number of times a minute: each takes the server a while to make. */
export type DownloadLimit = 'ownData' | 'receipts' | 'certificates';

export interface MailSettings {
  /** Where messages go; without it nothing is sent and each message is written to the log instead. */
  smtpUrl: string | undefined;
  /**
   * The From of every message when MAIL_FROM sets it; otherwise messages come from `senderAddress`
   * under the organisation's name as its settings say when each is sent.
   */
  from: string | undefined;
  /** `no-reply@<host of PUBLIC_URL>`: the address when MAIL_FROM is not set. */
  senderAddress: string;
  /** How often the outbox looks for messages due (also woken at once when one is queued). */
  pollMs: number;
  /** The wait before each retry of a message SMTP did not take (then the last again), in seconds. */
  retryDelaysS: number[];
  /** How often the day-before reminders are looked for (also at start). Not a setting; tests shorten it. */
  reminderCheckMs: number;
  /** How often messages to events' people that are due are looked for (also at start, and when one is written to go now). Not a setting. */
  messageCheckMs: number;
}

/** The product's name in messages and the sign-in library. */
export const SITE_NAME = 'Helping Hands';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as most deployment tools write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0] ?? 'environment')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const incomplete = groups
    .filter(([, names]) => names.some((n) => e[n] !== undefined) && !names.every((n) => e[n] !== undefined))
    .map(
      ([what, names]) =>
        `  ${names.filter((n) => e[n] === undefined).join(', ')}: needed for ${what} (set all of ${names.join(', ')} or none)`,
    );
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    incomplete.push('  WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database belongs to one process)');
  }
  if (incomplete.length) throw new ConfigError(`Invalid configuration:\n${incomplete.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO,
    adminEmails: e.ADMIN_EMAILS,
    adminMfa: e.ADMIN_MFA,
    donationAmount: e.DONATION_AMOUNT,
    logLevel: e.LOG_LEVEL,
    webConcurrency: e.WEB_CONCURRENCY,
    webDir: e.WEB_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    authSecret: e.AUTH_SECRET,
    authRateLimit: e.AUTH_RATE_LIMIT,
    limits: {
      // An office or a phone network shares one address: five times one person's allowance.
      signInPerAddress: 5 * e.AUTH_RATE_LIMIT,
      // Guessing one person's password from many addresses (150 tries from 15 addresses went unseen).
      signInFailuresPerAccount: 10,
      // A person registers for a few events at a time; 60 also takes a form sent many times at once
      // (each after the first answered 409), which must still make one registration.
      perAccountHourly: { uploads: 20, reviews: 10, registrations: 60, paymentIntents: 30 },
      // A person downloads a file or two at a time; a script looping on one slowed everyone else.
      downloadsPerMinute: { ownData: 10, receipts: 10, certificates: 10 },
      pictureDecodes: 2,
      pictureQueue: 20,
    },
    trustProxy: e.TRUST_PROXY,
    socialProvider: socialProvider(e),
    // Generous for a 2 MB picture on a slow phone connection; a stalled one is cut off.
    clientTimeouts: { headersMs: 10_000, requestMs: 30_000 },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      senderAddress: `no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`,
      pollMs: 1_000,
      retryDelaysS: [10, 30, 60, 120, 300, 900, 1800],
      reminderCheckMs: 5 * 60_000,
      messageCheckMs: 15_000,
    },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS, retentionCheckMs: 24 * 3600_000 },
    renewalCheckMs: 60_000,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
          }
        : undefined,
  };
}

function socialProvider(e: Env): SocialProvider | undefined {
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    return { id: 'google', clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET };
  }
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    return { id: 'oidc', clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, issuer: e.OIDC_ISSUER.replace(/\/+$/, '') };
  }
  return undefined;
}
