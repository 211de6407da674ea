import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { findImage } from './service.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/images/:id', { config: { public: true }, schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
    const id = z.uuid().safeParse(request.params.id);
    const found = id.success ? await findImage(app.db, id.data) : undefined;
    if (!found) throw notFound('Image');
    // A stored picture never changes: a new upload gets a new id.
    reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    reply.type(found.contentType);
    return reply.send(found.bytes);
  });
};
