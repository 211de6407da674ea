import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { donationAmountsOf, siteSchema, siteSettingsSchema } from '../../../shared/site.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { tagged } from '../../http/api-docs.ts';
import { readSiteSettings, writeSiteSettings } from './settings.ts';
import { settingsChange } from '../audit/service.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Site'));

  const site = async () => {
    const settings = await readSiteSettings(app.db);
    return {
      ...settings,
      donationAmounts: donationAmountsOf(settings, app.config.donationAmountCents),
      socialSignIn: app.config.socialProvider?.id ?? null,
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

  app.put(
    '/site',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'settings.update', target: settingsChange } },
      schema: {
        summary: "Change the organisation's details",
        description: 'The whole settings at once; a field left out takes its default (empty for the contact details).',
        body: siteSettingsSchema,
        response: { 200: siteSchema },
      },
    },
    async (request) => {
      await writeSiteSettings(app.db, request.body, requireSignedIn(request).id);
      return site();
    },
  );
};
