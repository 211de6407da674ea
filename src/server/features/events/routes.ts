import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventListQuerySchema, eventParamsSchema, eventSchema, eventWriteSchema } from '../../../shared/events.ts';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { deletedCountSchema, insertedIdSchema, modifiedCountSchema } from '../../../shared/results.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, pagedList, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { REGISTRATION_PLACES } from '../../http/reply-cache.ts';
import { noteAudit } from '../audit/record.ts';
import { eventOfPath } from './audit-targets.ts';
import { createEvent, deleteEvent, findEvent, listEvents, updateEvent } from './service.ts';

const adminOnly = requireRole('admin');
/**
 * What an event as listed is made of: its row, its shifts (their number and places), its places taken (not
 * its waitlist), its donations, and the site's clock and currency.
 */
const eventReadTables = ['event', 'shift', REGISTRATION_PLACES, 'donation', 'site_settings'];
const noSuchEvent = errorResponses({ 404: 'No event has this id.' });

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Events'));

  app.get(
    '/events',
    {
      config: { public: true, cache: 'public', tables: eventReadTables },
      schema: {
        summary: 'List events',
        description:
          'Upcoming events soonest first, then past events most recent first, unless `sort` says otherwise; `when=upcoming` or `when=past` gives one of the two. An event is past once its end (or, without one, the end of its day) has come on the site’s clock. Each event has `registered` (people with a place), `spotsLeft` (null without a capacity) and `past`.',
        querystring: eventListQuerySchema,
        response: { 200: pagedList(eventSchema) },
      },
    },
    async (request, reply) => {
      const { events, total, next } = await listEvents(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return events;
    },
  );

  app.get(
    '/events/:id',
    {
      config: { public: true, cache: 'public', tables: eventReadTables },
      schema: { summary: 'Get an event', params: eventParamsSchema, response: { 200: eventSchema, ...noSuchEvent } },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id && (await findEvent(app.db, id));
      if (!found) throw notFound('Event');
      return found;
    },
  );

  app.post(
    '/events',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'event.create' } },
      schema: { summary: 'Add an event', body: eventWriteSchema, response: { 200: insertedIdSchema } },
    },
    async (request) => {
      const insertedId = await createEvent(app.db, request.body, requireSignedIn(request).id);
      noteAudit(request, { target: { kind: 'event', id: insertedId, label: request.body.title }, details: { date: request.body.date } });
      return { insertedId };
    },
  );

  app.put(
    '/events/:id',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'event.update', target: eventOfPath } },
      schema: {
        summary: 'Update an event',
        description:
          'When its date or time changes, everyone registered for it is told by email. Location, end and capacity left out stay as they are; null or empty clears them. A capacity below the people already registered is refused (409); a larger one gives the new places to the first people on the waitlist, who are emailed.',
        params: eventParamsSchema,
        body: eventWriteSchema,
        response: {
          200: modifiedCountSchema,
          ...errorResponses({ 404: 'No event has this id.', 409: 'The capacity is below the number of people already registered.' }),
        },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const modifiedCount = id ? await updateEvent(app.db, id, request.body, await app.mailSite(), requireSignedIn(request).id) : 0;
      if (modifiedCount === 0) throw notFound('Event');
      return { modifiedCount };
    },
  );

  app.delete(
    '/events/:id',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'event.delete', target: eventOfPath } },
      schema: {
        summary: 'Delete an event',
        description:
          'Its registrations go with it, and the people registered for an event still to come are told by email; donations to it stay, as financial records. `deletedCount` is 0 when no event has the id.',
        params: eventParamsSchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const deletedCount = id ? await deleteEvent(app.db, id, await app.mailSite()) : 0;
      return { deletedCount };
    },
  );
};
