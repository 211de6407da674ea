import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventIdSchema, eventListQuerySchema, eventParamsSchema, eventSchema, eventWriteSchema } from '../../../shared/events.ts';
import { deletedCountSchema, insertedIdSchema, modifiedCountSchema } from '../../../shared/results.ts';
import { requireRole } from '../../auth/signed-in.ts';
import { totalCountHeader } from '../../../shared/http.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, pagedList, tagged } from '../../http/api-docs.ts';
import { createEvent, deleteEvent, findEvent, listEvents, updateEvent } from './service.ts';

const adminOnly = requireRole('admin');
const validId = (id: string) => eventIdSchema.safeParse(id).success;
const noSuchEvent = errorResponses({ 404: 'No event has this id.' });

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Events'));

  app.get(
    '/events',
    {
      config: { public: true },
      schema: {
        summary: 'List events',
        description: 'Upcoming events soonest first, then past events most recent first, unless `sort` says otherwise.',
        querystring: eventListQuerySchema,
        response: { 200: pagedList(eventSchema) },
      },
    },
    async (request, reply) => {
      const { events, total } = await listEvents(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      return events;
    },
  );

  app.get(
    '/events/:id',
    {
      config: { public: true },
      schema: { summary: 'Get an event', params: eventParamsSchema, response: { 200: eventSchema, ...noSuchEvent } },
    },
    async (request) => {
      // A malformed id names no event: the same 404 as an unknown one.
      const id = eventIdSchema.safeParse(request.params.id);
      const found = id.success ? await findEvent(app.db, id.data) : undefined;
      if (!found) throw notFound('Event');
      return found;
    },
  );

  app.post(
    '/events',
    { onRequest: adminOnly, schema: { summary: 'Add an event', body: eventWriteSchema, response: { 200: insertedIdSchema } } },
    async (request) => ({
      insertedId: await createEvent(app.db, request.body),
    }),
  );

  app.put(
    '/events/:id',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Update an event',
        params: eventParamsSchema,
        body: eventWriteSchema,
        response: { 200: modifiedCountSchema, ...noSuchEvent },
      },
    },
    async (request) => {
      const modifiedCount = validId(request.params.id) ? await updateEvent(app.db, request.params.id, request.body) : 0;
      if (modifiedCount === 0) throw notFound('Event');
      return { modifiedCount };
    },
  );

  app.delete(
    '/events/:id',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Delete an event',
        description:
          'Its registrations go with it; donations to it stay, as financial records. `deletedCount` is 0 when no event has the id.',
        params: eventParamsSchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => ({ deletedCount: validId(request.params.id) ? await deleteEvent(app.db, request.params.id) : 0 }),
  );
};
