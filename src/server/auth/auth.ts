import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth, twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/accounts.ts';
import { cookieLanguage } from '../../shared/language.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { account, credential, session, twoFactor, verification } from '../db/schema.ts';
import { authLogger } from '../http/logger.ts';
import { recipientLanguage } from '../mail/language.ts';
import { enqueue } from '../mail/outbox.ts';
import { RESET_PASSWORD_MINUTES, resetPasswordMessage } from '../mail/templates/reset-password.tsx';
import { VERIFY_EMAIL_HOURS, verifyEmailMessage } from '../mail/templates/verify-email.tsx';
import type { SigningSite } from '../mail/unsubscribe.ts';
import { mailSetUpLink, makeAdminIfListed, passwordSetThroughMailbox } from './mailbox-proof.ts';

const DAY_SECONDS = 24 * 60 * 60;
/**
 * However often a session is renewed, it ends this long after sign-in (src/server/auth/session-hook.ts
 * refuses and deletes it): a stolen or forgotten session does not live for ever.
 */
export const SESSION_LIFETIME_MS = 30 * DAY_SECONDS * 1000;

/** The sign-in library's calls that finish a sign-in with a code, or confirm one on a session. */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** Password sign-in: the two-factor plugin ends the session it makes unless the second factor is passed. */
const PASSWORD_SIGN_IN_PATHS = new Set(['/sign-in/email']);

/**
 * Accounts and sessions: the sign-in library on the product's own tables. Sessions live in the
 * database, last 7 days (renewed daily while used) and 30 days at most since sign-in, and also work
 * as bearer tokens for API clients.
 */
export function createAuth(
  config: Config,
  db: Database,
  secret: string,
  log: FastifyBaseLogger,
  /** The site as messages name it (`app.mailSite`). */
  site: () => Promise<SigningSite>,
) {
  const provider = config.socialProvider;
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());

  /** The library itself, for the hooks below that read the caller's session (set once it is made). */
  let self: { api: { getSession(options: { headers: Headers }): Promise<{ session: { id: string; userId: string } } | null> } } | undefined;

  /**
   * The library calls these after its own write (the account at sign-up, the reset token row), not
   * inside its transaction, so the message is queued right after: see docs/decisions/018-verified-email.md.
   */
  async function queue(message: Promise<Parameters<typeof enqueue>[1]>) {
    await enqueue(db, await message);
  }

  const auth = betterAuth({
    appName: 'Helping Hands',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: account, account: credential, session, verification, twoFactor },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'donator', required: false },
        address: { type: 'string', input: false, required: false },
        age: { type: 'string', input: false, required: false },
        education: { type: 'string', input: false, required: false },
        occupation: { type: 'string', input: false, required: false },
        // Written by the account's create hook below (a provider vouched for the address); never sent out.
        mailboxProvenAt: { type: 'date', input: false, required: false, returned: false },
        // The language chosen to read the product and its mail in: written on sign-up from the `lang`
        // cookie (the create hook below) and by PUT /api/users/me/language.
        language: { type: 'string', input: false, required: false, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // A password set through a mailed link proves the mailbox: see mailbox-proof.ts.
      onPasswordReset: async ({ user }) => passwordSetThroughMailbox(db, config.adminEmails, user.id),
      resetPasswordTokenExpiresIn: RESET_PASSWORD_MINUTES * 60,
      sendResetPassword: async ({ user, token }) => {
        const mailSite = await site();
        const language = await recipientLanguage(db, user.email, mailSite);
        await queue(resetPasswordMessage({ site: mailSite, to: user.email, name: user.name, token, language }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_EMAIL_HOURS * 60 * 60,
      // The link confirms the address; it does not sign anyone in (a mail forwarded or read over a
      // shoulder must not hand over the account).
      autoSignInAfterVerification: false,
      // An admin address is asked to choose its password through the mailed link instead: only that
      // proves the mailbox owner holds the account (see mailbox-proof.ts).
      sendVerificationEmail: async ({ user, token }) => {
        if (isAdminEmail(user.email)) {
          await mailSetUpLink(db, await site(), { id: user.id, email: user.email, name: user.name, admin: true });
          return;
        }
        const mailSite = await site();
        const language = await recipientLanguage(db, user.email, mailSite);
        await queue(verifyEmailMessage({ site: mailSite, userId: user.id, to: user.email, name: user.name, token, language }));
      },
      // Confirming an address ends the account's other sessions: whoever signed up with it before
      // the owner clicked is signed out.
      afterEmailVerification: async (user, request) => {
        const current = request ? await self?.api.getSession({ headers: request.headers }).catch(() => null) : null;
        const keep = current?.session.userId === user.id ? current.session.id : undefined;
        await db.delete(session).where(keep ? and(eq(session.userId, user.id), ne(session.id, keep)) : eq(session.userId, user.id));
      },
    },
    session: {
      expiresIn: 7 * DAY_SECONDS,
      updateAge: DAY_SECONDS,
      additionalFields: { secondFactor: { type: 'boolean', input: false, defaultValue: false, required: false } },
    },
    // A provider's account joins an existing one with the same email only when the provider says
    // `email_verified` and the existing address is confirmed too (the library's rules for an
    // untrusted provider): an unproven address at the provider cannot take over an account.
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    socialProviders: provider?.id === 'google' ? { google: { clientId: provider.clientId, clientSecret: provider.clientSecret } } : {},
    plugins: [
      bearer(),
      // Two-step sign-in: an authenticator app's codes (TOTP) and ten single-use recovery codes.
      // The library's own limit is off (see rateLimit below); its lock after 10 wrong codes stays.
      twoFactorPlugin({ issuer: 'Helping Hands', backupCodeOptions: { amount: 10 } }),
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
    // The public address only (scheme, host and port): never one made from the Host header, which
    // the caller chooses. Callbacks and links are built from PUBLIC_URL (baseURL above).
    trustedOrigins: [new URL(config.publicUrl).origin],
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
          // Admin from the start only when the sign-in provider vouches for the address
          // (`email_verified`); an email and password sign-up is confirmed by its link first.
          before: async (user, ctx) => {
            // A language chosen before signing up (the `lang` cookie) is the account's from the start:
            // its first message, the confirmation link, is already in it.
            const language = cookieLanguage(ctx?.headers?.get('cookie'));
            return {
              data: {
                ...user,
                email: user.email.toLowerCase(),
                ...(language ? { language } : {}),
                role: user.emailVerified === true && isAdminEmail(user.email) ? 'admin' : 'donator',
                // A provider made this account and vouched for the address: nobody else held it first.
                ...(user.emailVerified === true ? { mailboxProvenAt: new Date() } : {}),
              },
            };
          },
        },
      },
      session: {
        create: {
          // Whether the new session passed the second factor: made by a code's check, or by a
          // password sign-in of an account with two-step sign-in on (the plugin deletes that session
          // again unless a code was given or the device is trusted). A session from Google or OpenID
          // Connect sign-in did not: admin calls then ask for a code (see session-hook.ts).
          before: async (created, ctx) => {
            const path = ctx?.path ?? '';
            let passed = SECOND_FACTOR_PATHS.has(path);
            if (!passed && PASSWORD_SIGN_IN_PATHS.has(path)) {
              const [owner] = await db
                .select({ twoFactorEnabled: account.twoFactorEnabled })
                .from(account)
                .where(eq(account.id, created.userId));
              passed = owner?.twoFactorEnabled === true;
            } else if (!passed) {
              // A session that replaces the caller's own (a password change) keeps what it had.
              const current = ctx?.context.session?.session as { secondFactor?: unknown } | undefined;
              passed = current?.secondFactor === true;
            }
            return { data: { ...created, secondFactor: passed } };
          },
          // ADMIN_EMAILS applies from the next sign-in on, also to accounts made before it was
          // set, once the mailbox owner has proven they hold the account.
          after: async (created) => makeAdminIfListed(db, config.adminEmails, created.userId),
        },
      },
    },
  });
  self = auth;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
