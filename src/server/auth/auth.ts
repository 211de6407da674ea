import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { eq, and, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/accounts.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { authLogger } from '../http/logger.ts';
import { account, credential, session, verification } from '../db/schema.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Accounts and sessions: the sign-in library on the product's own tables. Sessions live in the
 * database, last 7 days (renewed daily while used), and also work as bearer tokens for API clients.
 */
export function createAuth(config: Config, db: Database, secret: string, log: FastifyBaseLogger) {
  const provider = config.socialProvider;
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());

  return betterAuth({
    appName: 'Helping Hands',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: account, account: credential, session, verification },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'donator', required: false },
        address: { type: 'string', input: false, required: false },
        age: { type: 'string', input: false, required: false },
        education: { type: 'string', input: false, required: false },
        occupation: { type: 'string', input: false, required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    session: { expiresIn: 7 * DAY_SECONDS, updateAge: DAY_SECONDS },
    account: { accountLinking: { enabled: true, trustedProviders: provider ? [provider.id] : [] } },
    socialProviders: provider?.id === 'google' ? { google: { clientId: provider.clientId, clientSecret: provider.clientSecret } } : {},
    plugins: [
      bearer(),
      ...(provider?.id === 'oidc'
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: `${provider.issuer}/.well-known/openid-configuration`,
                  clientId: provider.clientId,
                  clientSecret: provider.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    // The app limits sign-in attempts itself (shared through Redis when there is one).
    rateLimit: { enabled: false },
    // The public address, and the address this request was sent to (same-origin calls made
    // through another name for this server, such as 127.0.0.1 or a development proxy).
    trustedOrigins: (request) => {
      const publicOrigin = new URL(config.publicUrl).origin;
      const host = request?.headers.get('host');
      return host ? [publicOrigin, `${new URL(config.publicUrl).protocol}//${host}`] : [publicOrigin];
    },
    advanced: {
      // Checked in every environment (the library would skip it under a test runner), so the
      // tests see what production does.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
    telemetry: { enabled: false },
    // Into the server's JSON log, scrubbed like every other line.
    logger: authLogger(log),
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, email: user.email.toLowerCase(), role: isAdminEmail(user.email) ? 'admin' : 'donator' },
          }),
        },
      },
      session: {
        create: {
          // ADMIN_EMAILS applies from the next sign-in on, also to accounts made before it was set.
          after: async (created) => {
            const [owner] = await db.select({ email: account.email }).from(account).where(eq(account.id, created.userId));
            if (owner && isAdminEmail(owner.email)) {
              await db
                .update(account)
                .set({ role: 'admin' })
                .where(and(eq(account.id, created.userId), ne(account.role, 'admin')));
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
