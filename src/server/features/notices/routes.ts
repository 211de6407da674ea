import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { noticeCreateSchema, noticeListQuerySchema, noticeSchema } from '../../../shared/notices.ts';
import { deletedCountSchema, insertedIdSchema } from '../../../shared/results.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, pagedList, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { noteAudit } from '../audit/record.ts';
import { noticeOfPath } from './audit-targets.ts';
import { deleteNotice, editNotice, listNotices, publishNotice } from './service.ts';

const idParams = z.object({ id: z.string().max(100) });

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Notices'));

  app.post(
    '/notices',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'notice.create' } },
      schema: {
        summary: 'Publish a notice to volunteers',
        description:
          'The author (email, name, picture) is the caller. Volunteers and admins who asked for notices by email (their email preferences) are sent it, the author aside.',
        body: noticeCreateSchema,
        response: { 200: insertedIdSchema },
      },
    },
    async (request) => {
      const published = await publishNotice(app.db, requireSignedIn(request), request.body.notice);
      noteAudit(request, { target: { kind: 'notice', id: published.id, label: request.body.notice.slice(0, 80) } });
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
      const { notices, total, next } = await listNotices(app.db, app.config.publicUrl, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return notices;
    },
  );

  app.put(
    '/notices/:id',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'notice.update', target: noticeOfPath } },
      schema: {
        summary: 'Edit a notice',
        description: 'Changes its text only: the author and date stay, and it is not emailed again.',
        params: idParams,
        body: noticeCreateSchema,
        response: { 200: noticeSchema, ...errorResponses({ 404: 'No notice has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const edited = id && (await editNotice(app.db, app.config.publicUrl, id, request.body.notice));
      if (!edited) throw notFound('Notice');
      return edited;
    },
  );

  app.delete(
    '/notices/:id',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'notice.delete', target: noticeOfPath } },
      schema: {
        summary: 'Delete a notice',
        description: '`deletedCount` is 0 when no notice has the id.',
        params: idParams,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      return { deletedCount: id ? await deleteNotice(app.db, id) : 0 };
    },
  );
};
