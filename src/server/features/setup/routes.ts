import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setupBodySchema, setupDoneSchema, setupStatusSchema } from '../../../shared/setup.ts';
import { AppError } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { addressKey } from '../../http/rate-limit.ts';
import { readSiteSettings } from '../site/settings.ts';
import { adminExists, checkSetupRequest, finishFirstAdmin, setupCodeAccepted, setupDone } from './service.ts';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/**
 * The first run (docs/decisions/047-first-run.md): the set-up address the server prints while no admin
 * exists, and the one call that makes the first admin. Both answer 404 once an admin exists.
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Set-up'));
  // A wrong code is one guess of 2^192: the limit keeps the log and the database quiet, not the code safe.
  const limit = app.rateLimit({
    max: app.config.authRateLimit,
    timeWindow: FIVE_MINUTES_MS,
    keyGenerator: (request) => `setup:${addressKey(request.ip)}`,
  });

  app.get(
    '/setup',
    {
      onRequest: limit,
      config: { public: true },
      schema: {
        summary: 'Whether the set-up code is the current one, and what the install has (mail, payments)',
        description: 'Answers 404 once an admin exists. Without the current code, only `codeAccepted: false`.',
        querystring: z.object({ code: z.string().max(200).optional() }),
        response: { 200: setupStatusSchema, ...errorResponses({ 404: 'The site has an admin: set-up is done.' }) },
      },
    },
    async (request) => {
      if (await adminExists(app.db)) throw setupDone();
      if (!(await setupCodeAccepted(app.db, request.query.code))) return { codeAccepted: false };
      return {
        codeAccepted: true,
        organisation: (await readSiteSettings(app.db)).name,
        mailConfigured: app.outbox.sends,
        payments: app.config.stripe ? ('stripe' as const) : ('test' as const),
      };
    },
  );

  app.post(
    '/setup',
    {
      onRequest: limit,
      config: { public: true },
      schema: {
        summary: 'Make the first admin account (signed in) and name the organisation, with the set-up code',
        description:
          'With SMTP_URL set, a link to confirm the address is mailed; without it, the code proves the address. ' +
          'Two at once make one admin: the other answers 409 and its account is not kept. 404 once an admin exists.',
        body: setupBodySchema,
        response: {
          201: setupDoneSchema,
          ...errorResponses({
            403: 'The code is not the one the server printed at its last start.',
            404: 'The site has an admin: set-up is done.',
            409: 'The email has an account already, or another set-up finished first.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { organisation, name, email, password } = request.body;
      await checkSetupRequest(app.db, request.body);

      const response = await app.auth.api.signUpEmail({
        body: { name, email, password },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      const created = (await response.json().catch(() => null)) as { user?: { id?: string }; message?: string } | null;
      const accountId = created?.user?.id;
      if (!response.ok || !accountId) {
        request.log.warn({ status: response.status, reason: created?.message }, 'set-up: the account could not be made');
        throw new AppError('conflict', 'The account could not be made: an account with this email may have just been made');
      }
      const mailConfigured = app.outbox.sends;
      // Without mail the code, which only the server's operator sees, proves the address.
      await finishFirstAdmin(app.db, accountId, { organisation, mailboxProven: !mailConfigured });
      request.log.info({ accountId, mailConfigured }, 'set-up: the first admin was made');
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.code(201).send({ email, confirmationMailed: mailConfigured, mailConfigured });
    },
  );
};
