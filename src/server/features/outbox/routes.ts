import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDeletedDonor } from '../../../shared/donations.ts';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { outboxIdParamsSchema, outboxListQuerySchema, outboxMessageSchema } from '../../../shared/outbox.ts';
import { requireRole } from '../../auth/signed-in.ts';
import { AppError } from '../../errors.ts';
import { errorResponses, pagedList, tagged } from '../../http/api-docs.ts';
import { queryOf } from '../audit/record.ts';
import { outboxOfPath } from './audit-targets.ts';
import { findOutboxMessage, listOutbox, sendMessageAgain } from './service.ts';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Outbox'));

  app.get(
    '/outbox',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'outbox.read', target: queryOf } },
      schema: {
        summary: 'List the messages the product sends, newest first',
        description: 'Searched by recipient or subject (`q`) and by `status`; without SMTP_URL, messages are `logged`, not sent.',
        querystring: outboxListQuerySchema,
        response: { 200: pagedList(outboxMessageSchema) },
      },
    },
    async (request, reply) => {
      const { messages, total, next } = await listOutbox(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return messages;
    },
  );

  app.post(
    '/outbox/:id/send-again',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'outbox.send-again', target: outboxOfPath } },
      schema: {
        summary: 'Send a message again',
        description:
          'Queues it now, with its tries counted afresh. A message being sent at this moment is left alone (409), and so is one to an account deleted since (409): its address was replaced by a placeholder where nothing can be sent.',
        params: outboxIdParamsSchema,
        response: {
          200: outboxMessageSchema,
          ...errorResponses({
            404: 'No message has this id.',
            409: 'The message is being sent right now, or its account was deleted.',
          }),
        },
      },
    },
    async (request) => {
      const queued = await sendMessageAgain(app.db, request.params.id);
      if (queued) return queued;
      const found = await findOutboxMessage(app.db, request.params.id);
      if (!found) throw new AppError('not_found', 'Message not found');
      if (isDeletedDonor(found.to)) {
        throw new AppError('conflict', 'This message cannot be sent again: the account it went to was deleted, and its address with it');
      }
      throw new AppError('conflict', 'This message is being sent right now');
    },
  );
};
