import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCreateSchema,
  accountListQuerySchema,
  accountSchema,
  emailSchema,
  languageChoiceSchema,
  meSchema,
  profileImageTypes,
  profileUpdateSchema,
  roleFlagsSchema,
  roleUpdateSchema,
} from '../../../shared/accounts.ts';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { cookieLanguage, isLanguage, languageCookie } from '../../../shared/language.ts';
import { accountDeletionSchema, ownDataFileName, ownDataSchema } from '../../../shared/own-data.ts';
import { deletedCountSchema, modifiedCountSchema } from '../../../shared/results.ts';
import { clearSessionCookies } from '../../auth/session-cookies.ts';
import { requireRole, requireSelfOrAdmin, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { AppError, notFound } from '../../errors.ts';
import { errorResponses, pagedList, tagged } from '../../http/api-docs.ts';
import { requestLanguage } from '../../http/language.ts';
import { acceptRawImageBodies } from '../../http/raw-image-body.ts';
import { noteAudit, queryOf } from '../audit/record.ts';
import { storeImage } from '../images/service.ts';
import * as gifts from '../subscriptions/service.ts';
import { accountTarget, othersAccount, personOfPath, roleChange } from './audit-targets.ts';
import { deleteOwnAccount, exportOwnData } from './own-data.ts';
import * as users from './service.ts';

const PROFILE_IMAGE_SIDE = 512;
const adminOnly = requireRole('admin');
const noSuchAccount = errorResponses({ 404: 'No account has this id or email.' });
const lastAdmin = 'It is the only admin account; make another account admin first.';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A deleted account's monthly gifts, stopped at the payment provider too (they are cancelled here with the account). */
  const stopGifts = async (gatewayIds: string[]) => {
    for (const err of await gifts.stopAtGateway(app.payments, gatewayIds)) {
      app.log.error({ err }, 'a deleted account’s monthly gift could not be cancelled at the payment provider: cancel it there');
    }
  };
  app.addHook('onRoute', tagged('Accounts'));
  const secureSite = app.config.publicUrl.startsWith('https://');

  // The pages ask this on every load: being signed out is an answer (null), not an error.
  app.get(
    '/users/me',
    {
      config: { public: true },
      schema: {
        summary: 'The signed-in account, or null',
        description:
          'Reads the session sent with the call, if any; signed out, the answer is `null`. `language` is the account’s saved choice, else the language this call is answered in; a saved choice is also set in this device’s `lang` cookie, so the pages the server draws follow it.',
        response: { 200: meSchema.nullable() },
      },
    },
    async (request, reply) => {
      const found = request.account ? await users.findAccountById(app.db, request.account.id) : undefined;
      if (!found || !request.account) return null;
      const saved = isLanguage(found.language) ? found.language : null;
      if (saved && cookieLanguage(request.headers.cookie) !== saved) reply.header('Set-Cookie', languageCookie(saved, secureSite));
      return {
        ...users.toAccount(found),
        twoFactorEnabled: found.twoFactorEnabled,
        mfaRequired: request.account.mfaPending ?? null,
        twoFactorLocked: found.role === 'admin' && app.config.adminMfa === 'required',
        language: saved ?? (await requestLanguage(request)),
      };
    },
  );

  app.put(
    '/users/me/language',
    {
      schema: {
        summary: 'Choose the language the signed-in account reads the product and its mail in',
        description:
          'Saved on the account, so it follows the person to every device, and set in this device’s `lang` cookie (a year). Pages, messages, PDFs and the API’s error messages are then in this language.',
        body: languageChoiceSchema,
        response: { 200: languageChoiceSchema },
      },
    },
    async (request, reply) => {
      const { language } = request.body;
      await users.saveLanguage(app.db, requireSignedIn(request).id, language);
      reply.header('Set-Cookie', languageCookie(language, secureSite));
      return { language };
    },
  );

  // The language menu's links work before the page's scripts (and without them): the choice is kept in
  // the cookie (and on the account when signed in) and the person comes back to the page, in it.
  app.get(
    '/language/:language',
    {
      config: { public: true },
      schema: {
        summary: 'Choose the language from a plain link, and go back to the page',
        description:
          'What the language menu’s links do when the page’s scripts have not started: sets the `lang` cookie (and, signed in, saves the choice on the account, as `PUT /api/users/me/language`), then redirects (303) to `back`, a path on this site (`/` when absent or elsewhere).',
        params: languageChoiceSchema,
        querystring: z.object({ back: z.string().max(2000).optional() }),
        response: { 303: z.undefined().describe('Back to the page, in the language chosen.') },
      },
    },
    async (request, reply) => {
      const { language } = request.params;
      if (request.account) await users.saveLanguage(app.db, request.account.id, language);
      const back = request.query.back ?? '/';
      const local = back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/\\') ? back : '/';
      return reply.header('Set-Cookie', languageCookie(language, secureSite)).redirect(local, 303);
    },
  );

  app.get(
    '/users/me/export',
    {
      config: { downloadLimit: 'ownData' },
      schema: {
        summary: 'Download everything held about the signed-in account',
        description:
          'The account, its sign-in methods and sessions, registrations, donations, reviews, notices written, email preferences and the mail sent to it, as a JSON file. No secret is in it (no password hash, session or verification token, provider token, or calendar feed address), and no mail body.',
        response: { 200: ownDataSchema },
      },
    },
    async (request, reply) => {
      const data = await exportOwnData(app.db, requireSignedIn(request).id);
      if (!data) throw new AppError('unauthenticated', 'Please sign in first');
      return reply
        .header('Content-Disposition', `attachment; filename="${ownDataFileName(data.exportedAt.slice(0, 10))}"`)
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );

  app.delete(
    '/users/me',
    {
      // An admin leaving is recorded like an admin deleting an account: by their email and role, the account gone.
      config: { audit: { action: 'account.delete' } },
      schema: {
        summary: 'Delete the signed-in account',
        description:
          'The body repeats the account’s email (`confirm`), so that a stray call cannot delete it. Its registrations are cancelled (a freed place goes to the first person waiting, who is emailed), its reviews, sessions, sign-in methods, picture and unsent mail are removed, and the session cookie is cleared; its donations stay as financial records, with no account and a placeholder address shown as ‘Deleted account’, and the mail it was sent stays in the outbox under the same placeholder, without its body.',
        body: accountDeletionSchema,
        response: {
          200: deletedCountSchema,
          ...errorResponses({ 400: 'confirm is not the account’s email.', 409: lastAdmin }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireSignedIn(request);
      const monthly = await gifts.gatewayGiftsOf(app.db, caller.id);
      const deleted = await deleteOwnAccount(app.db, caller, request.body.confirm, await app.mailSite());
      await stopGifts(monthly);
      noteAudit(request, { target: { kind: 'account', id: deleted.accountId, label: deleted.email }, details: { role: deleted.role } });
      clearSessionCookies(reply, app.config.publicUrl);
      return { deletedCount: 1 };
    },
  );

  app.get(
    '/users',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'accounts.read', target: queryOf } },
      schema: { summary: 'List accounts, by email', querystring: accountListQuerySchema, response: { 200: pagedList(accountSchema) } },
    },
    async (request, reply) => {
      const { accounts, total, next } = await users.listAccounts(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return accounts;
    },
  );

  app.get(
    '/users/account/:id',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'account.read', target: othersAccount } },
      schema: {
        summary: 'Get an account',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: accountSchema, ...noSuchAccount },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, { id: request.params.id });
      const found = await users.findAccountById(app.db, request.params.id);
      if (!found) throw notFound('Account');
      return users.toAccount(found);
    },
  );

  app.get(
    '/users/:email',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'account.read', target: personOfPath } },
      schema: {
        summary: 'Whether an account is an admin and whether a volunteer',
        description: 'Answers `[isAdmin, isVolunteer]`.',
        params: z.object({ email: z.string().max(254) }),
        response: { 200: roleFlagsSchema, ...noSuchAccount },
      },
    },
    async (request) => {
      const email = emailSchema.safeParse(request.params.email);
      requireSelfOrAdmin(request, { email: email.success ? email.data : request.params.email });
      const found = email.success ? await users.findAccountByEmail(app.db, email.data) : undefined;
      if (!found) throw notFound('Account');
      return [found.role === 'admin', found.role === 'volunteer'] as [boolean, boolean];
    },
  );

  app.post(
    '/users',
    {
      schema: {
        summary: 'Set the caller’s display name after sign-up',
        body: accountCreateSchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) => ({
      modifiedCount: await users.updateDisplayName(app.db, requireSignedIn(request).id, request.body.displayName),
    }),
  );

  app.put(
    '/users',
    {
      schema: {
        summary: 'Update the caller’s profile',
        description: 'Profile fields only: role and email are never taken from here.',
        body: profileUpdateSchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) => ({
      modifiedCount: await users.updateProfile(app.db, requireSignedIn(request).id, request.body),
    }),
  );

  app.put(
    '/users/role',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'account.role', target: roleChange } },
      schema: {
        summary: 'Change an account’s role',
        description: '`modifiedCount` is 0 when the account already has the role.',
        body: roleUpdateSchema,
        response: { 200: modifiedCountSchema, ...errorResponses({ 404: 'No account has this email.', 409: lastAdmin }) },
      },
    },
    async (request) => ({ modifiedCount: await users.changeRole(app.db, request.body.email, request.body.role) }),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: adminOnly,
      config: {
        audit: { action: 'account.delete', target: (request, db) => accountTarget(db, { id: (request.params as { id: string }).id }) },
      },
      schema: {
        summary: 'Delete an account',
        description:
          'Removes its sign-in, sessions, registrations (and their answers), picture and unsent mail; its donations and signed waivers stay, as records, and the mail it was sent stays in the outbox under a placeholder address, without its body. A place its registrations held goes to the first person on that event’s waitlist, who is emailed. `deletedCount` is 0 when no account has the id.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: deletedCountSchema, ...errorResponses({ 409: lastAdmin }) },
      },
    },
    async (request) => {
      const monthly = await gifts.gatewayGiftsOf(app.db, request.params.id);
      const deletedCount = await users.deleteAccount(app.db, request.params.id, await app.mailSite());
      if (deletedCount) await stopGifts(monthly);
      return { deletedCount };
    },
  );

  await app.register(async (uploads) => {
    acceptRawImageBodies(uploads);
    uploads.put(
      '/users/photo',
      {
        config: { accountLimit: 'uploads' },
        schema: {
          summary: 'Set the caller’s picture',
          description:
            'The body is the picture itself (PNG, JPEG or WebP, at most 2 MB and 25 megapixels), recognised by its content. It is stored as WebP, at most 512 pixels a side, without its metadata.',
          consumes: profileImageTypes,
          response: { 200: z.object({ photoURL: z.string() }) },
        },
      },
      async (request) => {
        const caller = requireSignedIn(request);
        const stored = await storeImage(app.db, app.pictureDecodes, request.body, caller.id, PROFILE_IMAGE_SIDE);
        await users.setPhoto(app.db, caller.id, stored.url);
        return { photoURL: stored.url };
      },
    );
  });
};
