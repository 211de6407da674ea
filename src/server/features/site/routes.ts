import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionSchema } from '../../../shared/questions.ts';
import { testEmailBodySchema, testEmailSentSchema } from '../../../shared/setup.ts';
import {
  demoContentSchema,
  donationAmountsOf,
  manifestQuerySchema,
  siteSchema,
  siteSettingsSchema,
  webManifestSchema,
} from '../../../shared/site.ts';
import { adminEvenBeforeSecondFactor, mfaRequired, requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { AppError } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { requestLanguage } from '../../http/language.ts';
import { wordsFor } from '../../words.ts';
import { settingsChange } from './audit-targets.ts';
import { demoContentLeft, removeDemoContent } from './demo-content.ts';
import { organisationQuestions, readSiteSettings, writeSiteSettings } from './settings.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Site'));

  const site = async () => {
    // The organisation's questions are for admins (GET /api/site/questions): this answer is public.
    const { questions: _questions, ...settings } = await readSiteSettings(app.db);
    return {
      ...settings,
      donationAmounts: donationAmountsOf(settings, app.config.donationAmount),
      socialSignIn: app.config.socialProvider?.id ?? null,
      mailConfigured: app.outbox.sends,
      payments: app.payments.mode,
    };
  };

  app.get(
    '/site',
    {
      config: { public: true, cache: 'public', tables: ['site_settings'] },
      schema: {
        summary: "The organisation's details (name, contact, time zone, policies) and how this installation signs people in",
        response: { 200: siteSchema },
      },
    },
    site,
  );

  app.get(
    '/site/questions',
    {
      onRequest: requireRole('admin'),
      schema: {
        summary: 'The organisation’s questions, for every event',
        description:
          'Offered to each new event: an event added without `questions` of its own gets a copy of them. Staff-only ones too (the public settings leave them all out). Set with `questions` on PUT /api/site.',
        response: { 200: z.array(questionSchema) },
      },
    },
    async () => organisationQuestions(app.db),
  );

  app.get(
    '/site/manifest.webmanifest',
    {
      config: { public: true },
      schema: {
        summary: 'The web app manifest: the organisation’s name, the icon and colours, in a language',
        description:
          'In `lang` when given (a drawn page links to it in its own language: browsers fetch a manifest without cookies), ' +
          'else in the reader’s language (the `lang` cookie, Accept-Language, the organisation’s default).',
        querystring: manifestQuerySchema,
        response: { 200: webManifestSchema },
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? (await requestLanguage(request));
      const { name } = await app.mailSite();
      reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Language');
      return {
        name,
        short_name: name,
        description: wordsFor(language, 'documents')('page.appDescription', { site: name }),
        lang: language,
        dir: 'ltr' as const,
        start_url: '/',
        scope: '/',
        display: 'standalone' as const,
        background_color: '#ffffff',
        theme_color: '#a8461a',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      };
    },
  );

  app.put(
    '/site',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'settings.update', target: settingsChange } },
      schema: {
        summary: "Change the organisation's details",
        description:
          'The whole settings at once; a field left out takes its default (empty for the contact details), except `questions` (the organisation’s questions for every event), kept as they are when left out.',
        body: siteSettingsSchema,
        response: { 200: siteSchema },
      },
    },
    async (request) => {
      await writeSiteSettings(app.db, request.body, requireSignedIn(request).id);
      return site();
    },
  );

  // A few a quarter of an hour per admin: each is a real message through the mail server.
  const testEmailLimit = app.rateLimit({
    max: 5,
    timeWindow: 15 * 60 * 1000,
    keyGenerator: (request) => `test-email:${request.account?.id ?? request.ip}`,
  });

  app.post(
    '/site/test-email',
    {
      onRequest: [adminEvenBeforeSecondFactor, testEmailLimit],
      config: { audit: { action: 'mail.test', attempts: true } },
      schema: {
        summary: 'Send a test email (to the admin, or to `to`) straight through the mail server',
        description:
          "409 when SMTP_URL is not set; 503 with the mail server's reason when it does not take the message. " +
          'An admin still to set up two-step sign-in (ADMIN_MFA=required) may send one to their own address only.',
        body: testEmailBodySchema,
        response: {
          200: testEmailSentSchema,
          ...errorResponses({ 409: 'SMTP_URL is not set.', 503: 'The mail server did not take the message (its reason is given).' }),
        },
      },
    },
    async (request) => {
      const caller = requireSignedIn(request);
      const to = request.body.to ?? caller.email;
      if (to !== caller.email && caller.mfaPending) throw mfaRequired(caller.mfaPending);
      if (!app.outbox.sends) {
        throw new AppError(
          'conflict',
          "Mail is not set up, so nothing was sent: set SMTP_URL and start the server again. Until then, messages are written to the server's log.",
        );
      }
      const { name } = await readSiteSettings(app.db);
      try {
        await app.outbox.sendTest(to, { name, url: app.config.publicUrl });
      } catch (err) {
        request.log.warn({ err }, 'test email not taken by the mail server');
        const reason = err instanceof Error ? err.message : String(err);
        throw new AppError('unavailable', `The mail server did not take the test message: ${reason}`);
      }
      return { to };
    },
  );

  app.get(
    '/site/demo-content',
    {
      onRequest: requireRole('admin'),
      schema: {
        summary: 'What is left of the demo content a fresh install is seeded with',
        description: "Demo events and reviews still as seeded, and settings fields still holding the demo's values.",
        response: { 200: demoContentSchema },
      },
    },
    async () => demoContentLeft(app.db),
  );

  app.delete(
    '/site/demo-content',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'demo.remove' } },
      schema: {
        summary: 'Remove the demo content',
        description:
          'Its events as a delete does (people registered for one still to come are told), its reviews, and the demo contact ' +
          'details and policies. What the charity changed stays. Answers what was removed; again, nothing.',
        response: { 200: demoContentSchema },
      },
    },
    async (request) => {
      return removeDemoContent(app.db, await app.mailSite(), requireSignedIn(request).id);
    },
  );
};
