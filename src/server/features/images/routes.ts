import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { acceptRawImageBodies } from '../../http/raw-image-body.ts';
import { recordId } from '../../http/record-id.ts';
import { findImage, storeImage } from './service.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const BANNER_SIDE = 1600;

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/images/:id', { config: { public: true }, schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
    const id = recordId(request.params.id);
    const found = id && (await findImage(app.db, id));
    if (!found) throw notFound('Image');
    // A stored picture never changes: a new upload gets a new id.
    reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    reply.type(found.contentType);
    return reply.send(found.bytes);
  });

  await app.register(async (uploads) => {
    acceptRawImageBodies(uploads);
    // Event banners: admins upload a picture, then use its address as the event's banner.
    uploads.post(
      '/images',
      { onRequest: requireRole('admin'), schema: { response: { 200: z.object({ url: z.string() }) } } },
      async (request) => {
        const stored = await storeImage(app.db, request.body, requireSignedIn(request).id, BANNER_SIDE);
        return { url: stored.url };
      },
    );
  });
};
