import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditListQuerySchema } from '../../../shared/audit.ts';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { requireRole } from '../../auth/signed-in.ts';
import { fileResponse, pagedList, tagged } from '../../http/api-docs.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { queryOf } from './record.ts';
import { auditCsv, listAudit } from './service.ts';

const adminOnly = requireRole('admin');
const filtersOnly = auditListQuerySchema.pick({ q: true, action: true, actor: true });

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Audit log'));

  app.get(
    '/audit',
    {
      onRequest: adminOnly,
      // The log names people too (an account's email, a donor's): reading it is recorded like its CSV.
      config: { audit: { action: 'audit.read', target: queryOf } },
      schema: {
        summary: 'List the audit log, newest first',
        description:
          'Every admin action and every read of personal data by an admin (lists, and one person’s records other than the admin’s own): who (their email and role as they were), when, what (`action`), to which record (`target`) and from which address. Searched by action, actor email or target (`q`), filtered by `action` and `actor` (an email). Entries older than AUDIT_RETENTION_DAYS are deleted daily. Reading it is itself recorded (`audit.read`), once the page is answered.',
        querystring: auditListQuerySchema,
        response: { 200: pagedList(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const { entries, total, next } = await listAudit(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return entries;
    },
  );

  app.get(
    '/audit.csv',
    {
      onRequest: adminOnly,
      config: {
        audit: {
          action: 'export.audit.csv',
          target: async (request) => ({ details: filtersOnly.parse(request.query) }),
        },
      },
      schema: {
        summary: 'Download the audit log as CSV',
        description: 'The entries matching `q`, `action` and `actor`, newest first. The download is itself recorded in the log.',
        querystring: filtersOnly,
        response: { 200: fileResponse('text/csv', 'The audit entries, newest first.') },
      },
    },
    async (request, reply) => sendCsv(reply, 'audit-log', auditCsv(app.db, request.query)),
  );
};
