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

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://');

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
  DONATION_AMOUNT: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be a number of dollars with at most two decimals, e.g. 30 or 12.50')
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents > 0, 'must be more than 0')
    .default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().min(1).default('./dist/web'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  seedDemo: boolean;
  adminEmails: string[];
  donationAmountCents: number;
  logLevel: Env['LOG_LEVEL'];
  /** Where the built web app lives; the server answers without it, but then only the API. */
  webDir: string;
}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO,
    adminEmails: e.ADMIN_EMAILS,
    donationAmountCents: e.DONATION_AMOUNT,
    logLevel: e.LOG_LEVEL,
    webDir: e.WEB_DIR,
  };
}
