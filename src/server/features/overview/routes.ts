import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewSchema } from '../../../shared/overview.ts';
import { requireRole } from '../../auth/signed-in.ts';
import { tagged } from '../../http/api-docs.ts';
import { readOverview } from './service.ts';

/** The admin's dashboard front page: upcoming events and how full they are, the last 30 days, money raised, the latest activity. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Overview'));

  app.get(
    '/overview',
    {
      onRequest: requireRole('admin'),
      // Its latest activity names people (donors by email).
      config: { audit: { action: 'overview.read' } },
      schema: {
        summary: 'Get the admins’ overview',
        description:
          'The next events (under way or to come in the site’s time zone) with registered, waitlisted and capacity; registrations and donations in the last 30 days; money raised in them and in all, per currency (amounts in cents, never added across currencies); the latest registrations, donations, reviews and notices, newest first.',
        response: { 200: overviewSchema },
      },
    },
    // The site's time zone, as messages and reminders read it from the settings, decides what is upcoming.
    async () => readOverview(app.db, (await app.mailSite()).timeZone),
  );
};
