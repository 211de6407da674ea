import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileImageTypes } from '../../../shared/accounts.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, fileResponse, tagged } from '../../http/api-docs.ts';
import { acceptRawImageBodies } from '../../http/raw-image-body.ts';
import { recordId } from '../../http/record-id.ts';
import { noteAudit } from '../audit/record.ts';
import { findImage, storeImage } from './service.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const BANNER_SIDE = 1600;

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Images'));

  app.get(
    '/images/:id',
    {
      config: { public: true },
      schema: {
        summary: 'Get an uploaded picture',
        params: z.object({ id: z.string() }),
        response: {
          200: fileResponse('image/webp', 'The picture; it never changes, so it may be cached for good.'),
          ...errorResponses({ 404: 'No picture has this id.' }),
        },
      },
    },
    async (request, reply) => {
      const id = recordId(request.params.id);
      const found = id && (await findImage(app.db, id));
      if (!found) throw notFound('Image');
      // A stored picture never changes: a new upload gets a new id.
      reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
      reply.type(found.contentType);
      return reply.send(found.bytes);
    },
  );

  await app.register(async (uploads) => {
    acceptRawImageBodies(uploads);
    // Event banners: admins upload a picture, then use its address as the event's banner.
    uploads.post(
      '/images',
      {
        config: { accountLimit: 'uploads', audit: { action: 'image.upload' } },
        onRequest: requireRole('admin'),
        schema: {
          summary: 'Upload an event banner',
          description:
            'The body is the picture itself (PNG, JPEG or WebP, at most 2 MB and 25 megapixels), recognised by its content. It is stored as WebP, at most 1600 pixels a side, without its metadata; use its `url` as an event’s banner.',
          consumes: profileImageTypes,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => {
        const stored = await storeImage(app.db, app.pictureDecodes, request.body, requireSignedIn(request).id, BANNER_SIDE);
        noteAudit(request, { target: { kind: 'image', id: stored.id, label: stored.url } });
        return { url: stored.url };
      },
    );
  });
};
