import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParamsSchema } from '../../../shared/events.ts';
import { includeQuerySchema } from '../../../shared/questions.ts';
import { rosterSchema } from '../../../shared/roster.ts';
import { eventStaffOrAdmin, requireSignedIn } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, fileResponse, tagged } from '../../http/api-docs.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { recordId } from '../../http/record-id.ts';
import { eventOfPath } from '../events/audit-targets.ts';
import { withSensitive } from '../questions/service.ts';
import { requireEventStaffOrAdmin } from '../staff/service.ts';
import { findRoster, rosterCsv } from './service.ts';

const noSuchEvent = errorResponses({ 404: 'No event has this id.' });

/** An event's roster for admins: who has a place and who is waiting, as JSON for the page and as CSV. */
export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Events'));

  const rosterOf = async (request: FastifyRequest, rawId: string, sensitive: boolean) => {
    const id = recordId(rawId);
    await requireEventStaffOrAdmin(request, app.db, id);
    const found = id && (await findRoster(app.db, id, { sensitive }));
    if (!found) throw notFound('Event');
    return found;
  };

  app.get(
    '/events/:id/roster',
    {
      onRequest: eventStaffOrAdmin,
      config: { audit: { action: 'roster.read', target: eventOfPath } },
      schema: {
        summary: 'Get an event’s roster',
        description:
          'The event, its shifts (`shifts`, in time order; empty without shifts), the people registered and the waitlist, each person with the shift their place is for (`shift`, null without shifts): shift by shift, by name among the registered and by position on each waitlist. Admins, and the door staff and shift leads named for this event.',
        params: eventParamsSchema,
        response: { 200: rosterSchema, ...noSuchEvent },
      },
    },
    async (request) => rosterOf(request, request.params.id, requireSignedIn(request).role === 'admin'),
  );

  app.get(
    '/events/:id/roster.csv',
    {
      onRequest: eventStaffOrAdmin,
      config: { audit: { action: 'export.roster.csv', target: eventOfPath } },
      schema: {
        summary: 'Download an event’s roster as CSV',
        description:
          'A column per question of the event, but answers to questions marked sensitive only when an admin asks for them (`?include=sensitive`, recorded in the audit log); door staff are refused them (403).',
        params: eventParamsSchema,
        querystring: includeQuerySchema,
        response: {
          200: fileResponse('text/csv', 'The people registered, by name, then the waitlist by position.'),
          ...errorResponses({ 403: 'Door staff asked for sensitive answers.', 404: 'No event has this id.' }),
        },
      },
    },
    async (request, reply) => {
      const sensitive = withSensitive(request, request.query.include);
      return sendCsv(reply, 'roster', rosterCsv(await rosterOf(request, request.params.id, sensitive)));
    },
  );
};
