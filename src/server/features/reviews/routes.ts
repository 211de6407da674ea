import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totalCountHeader } from '../../../shared/http.ts';
import { insertedIdSchema } from '../../../shared/results.ts';
import { publicReviewSchema, reviewCreateSchema, reviewListQuerySchema, reviewSchema } from '../../../shared/reviews.ts';
import { ownerOf, requireSelfOrAdmin, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { pagedList, tagged } from '../../http/api-docs.ts';
import { addReview, listReviews, listReviewsOf } from './service.ts';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Reviews'));

  app.get(
    '/review',
    {
      config: { public: true },
      schema: {
        summary: 'List reviews, newest first',
        description: 'Without the reviewers’ emails and names.',
        querystring: reviewListQuerySchema,
        response: { 200: pagedList(publicReviewSchema) },
      },
    },
    async (request, reply) => {
      const { reviews, total } = await listReviews(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      return reviews;
    },
  );

  app.get(
    '/review/:email',
    {
      onRequest: selfOrAdmin,
      schema: {
        summary: 'List the reviews written with an email',
        params: z.object({ email: z.string().max(254) }),
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request) => {
      return listReviewsOf(app.db, ownerOf(requireSelfOrAdmin(request, { email: request.params.email }), request.params.email));
    },
  );

  app.post(
    '/review',
    {
      schema: {
        summary: 'Write a review',
        description: 'The reviewer (email, name, picture) is the caller.',
        body: reviewCreateSchema,
        response: { 200: insertedIdSchema },
      },
    },
    async (request) => ({
      insertedId: await addReview(app.db, requireSignedIn(request), request.body),
    }),
  );
};
