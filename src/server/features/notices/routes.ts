import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totalCountHeader } from '../../../shared/http.ts';
import { noticeCreateSchema, noticeListQuerySchema, noticeSchema } from '../../../shared/notices.ts';
import { insertedIdSchema } from '../../../shared/results.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { listNotices, publishNotice } from './service.ts';

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/notices',
    { onRequest: requireRole('admin'), schema: { body: noticeCreateSchema, response: { 200: insertedIdSchema } } },
    async (request) => ({ insertedId: await publishNotice(app.db, requireSignedIn(request), request.body.notice) }),
  );

  app.get(
    '/notices',
    {
      onRequest: requireRole('volunteer', 'admin'),
      schema: { querystring: noticeListQuerySchema, response: { 200: z.array(noticeSchema) } },
    },
    async (request, reply) => {
      const { notices, total } = await listNotices(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      return notices;
    },
  );
};
