import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailPreferencesSchema,
  subscriptionSchema,
  subscriptionUpdateSchema,
  unsubscribeQuerySchema,
} from '../../../shared/mail-preferences.ts';
import { requireSignedIn } from '../../auth/signed-in.ts';
import { AppError, notFound } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { readPreferences, setSubscribed, writePreferences } from '../../mail/preferences.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe.ts';

const badLink =
  'This unsubscribe link is not valid: it may have been cut short or changed. Open it again from the email, or sign in and change your email preferences on your profile.';
const linkErrors = errorResponses({
  400: 'The token is missing or was not made here (altered, cut short).',
  404: 'The account no longer exists.',
});

/**
 * Which emails a person gets: on the profile (signed in), and through the unsubscribe link every
 * message that is not about the account's security carries (no sign-in; the signed token names the
 * account and the kind of email). RFC 8058: a mail program POSTs the link, with no page and no
 * session; a person opening it is sent to a page that asks before anything changes.
 */
export const mailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Accounts'));

  app.get(
    '/users/me/email-preferences',
    {
      schema: {
        summary: 'The caller’s email preferences',
        description: 'Reminders and event updates are on unless turned off; notices (volunteers and admins) are off until turned on.',
        response: { 200: emailPreferencesSchema },
      },
    },
    async (request) => {
      const found = await readPreferences(app.db, requireSignedIn(request).id);
      if (!found) throw notFound('Account');
      return found;
    },
  );

  app.put(
    '/users/me/email-preferences',
    {
      schema: {
        summary: 'Set the caller’s email preferences',
        description: 'All three at once. Messages about the account itself (confirming the address, a password reset) always go.',
        body: emailPreferencesSchema,
        response: { 200: emailPreferencesSchema },
      },
    },
    async (request) => {
      const saved = await writePreferences(app.db, requireSignedIn(request).id, request.body);
      if (!saved) throw notFound('Account');
      return saved;
    },
  );

  function subscriptionOf(token: string) {
    const named = readUnsubscribeToken(token, app.authSecret);
    if (!named) throw new AppError('invalid_input', badLink, { token: 'This unsubscribe link is not valid' });
    return named;
  }

  const oneClickRoutes: FastifyPluginAsyncZod = async (oneClick) => {
    // Mail programs send the one-click request as a form (`List-Unsubscribe=One-Click`); its body says nothing more.
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_r, _b, done) => done(null, undefined),
    );
    oneClick.post(
      '/mail/unsubscribe',
      {
        config: { public: true },
        schema: {
          summary: 'One-click unsubscribe (RFC 8058), as mail programs send it',
          description:
            'The address in a message’s `List-Unsubscribe` header: turns off the kind of email the token names, for the account it names. No session and no Origin needed; the body (`List-Unsubscribe=One-Click`) is not read. Doing it again changes nothing.',
          querystring: unsubscribeQuerySchema,
          response: { 200: subscriptionSchema, ...linkErrors },
        },
      },
      async (request) => {
        const { accountId, topic } = subscriptionOf(request.query.token);
        if (!(await setSubscribed(app.db, accountId, topic, false))) throw notFound('Account');
        request.log.info({ mail: { unsubscribed: topic } }, 'unsubscribed');
        return { topic, subscribed: false };
      },
    );
  };
  await app.register(oneClickRoutes);

  app.get(
    '/mail/unsubscribe',
    {
      config: { public: true },
      schema: {
        summary: 'Open an unsubscribe link: on to the page that asks',
        description:
          'A person clicked the link in a message. Nothing changes here (mail scanners open links too): the answer sends the browser to `/unsubscribe?token=…`, where they confirm.',
        querystring: unsubscribeQuerySchema,
        response: { 303: z.undefined().describe('To the page /unsubscribe?token=….') },
      },
    },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.get(
    '/mail/subscription',
    {
      config: { public: true },
      schema: {
        summary: 'What an unsubscribe link is about, and whether that email is on',
        querystring: unsubscribeQuerySchema,
        response: { 200: subscriptionSchema, ...linkErrors },
      },
    },
    async (request) => {
      const { accountId, topic } = subscriptionOf(request.query.token);
      const preferences = await readPreferences(app.db, accountId);
      if (!preferences) throw notFound('Account');
      return { topic, subscribed: preferences[topic] };
    },
  );

  app.put(
    '/mail/subscription',
    {
      config: { public: true },
      schema: {
        summary: 'Turn the email an unsubscribe link names off, or back on',
        description: 'What the page `/unsubscribe` calls: to confirm, and to undo.',
        querystring: unsubscribeQuerySchema,
        body: subscriptionUpdateSchema,
        response: { 200: subscriptionSchema, ...linkErrors },
      },
    },
    async (request) => {
      const { accountId, topic } = subscriptionOf(request.query.token);
      if (!(await setSubscribed(app.db, accountId, topic, request.body.subscribed))) throw notFound('Account');
      return { topic, subscribed: request.body.subscribed };
    },
  );
};
