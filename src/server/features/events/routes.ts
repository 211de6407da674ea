import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventIdSchema, eventListQuerySchema, eventParamsSchema, eventSchema } from '../../../shared/events.ts';
import { totalCountHeader } from '../../../shared/http.ts';
import { notFound } from '../../http/errors.ts';
import { findEvent, listEvents } from './service.ts';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    { config: { public: true }, schema: { querystring: eventListQuerySchema, response: { 200: z.array(eventSchema) } } },
    async (request, reply) => {
      const { events, total } = await listEvents(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      return events;
    },
  );

  app.get(
    '/events/:id',
    { config: { public: true }, schema: { params: eventParamsSchema, response: { 200: eventSchema } } },
    async (request) => {
      // A malformed id names no event: the same 404 as an unknown one.
      const id = eventIdSchema.safeParse(request.params.id);
      const found = id.success ? await findEvent(app.db, id.data) : undefined;
      if (!found) throw notFound('Event');
      return found;
    },
  );
};
