import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { totalCountHeader } from '../../../shared/http.ts';
import { noticeCreateSchema, noticeListQuerySchema, noticeSchema } from '../../../shared/notices.ts';
import { insertedIdSchema } from '../../../shared/results.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { mailSiteFrom } from '../../mail/site.ts';
import { pagedList, tagged } from '../../http/api-docs.ts';
import { listNotices, publishNotice } from './service.ts';

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Notices'));

  app.post(
    '/notices',
    {
      onRequest: requireRole('admin'),
      schema: {
        summary: 'Publish a notice to volunteers',
        description:
          'The author (email, name, picture) is the caller. Volunteers and admins who asked for notices by email (their email preferences) are sent it, the author aside.',
        body: noticeCreateSchema,
        response: { 200: insertedIdSchema },
      },
    },
    async (request) => {
      const site = await mailSiteFrom(app.db, app.config.publicUrl);
      const published = await publishNotice(app.db, requireSignedIn(request), request.body.notice, { site, secret: app.authSecret });
      if (published.mailed > 0) app.outbox.kick();
      return { insertedId: published.id };
    },
  );

  app.get(
    '/notices',
    {
      onRequest: requireRole('volunteer', 'admin'),
      schema: { summary: 'List notices, newest first', querystring: noticeListQuerySchema, response: { 200: pagedList(noticeSchema) } },
    },
    async (request, reply) => {
      const { notices, total } = await listNotices(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      return notices;
    },
  );
};
