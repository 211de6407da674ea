import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totalCountHeader } from '../../../shared/http.ts';
import { publicReviewSchema, reviewListQuerySchema } from '../../../shared/reviews.ts';
import { listReviews } from './service.ts';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    { config: { public: true }, schema: { querystring: reviewListQuerySchema, response: { 200: z.array(publicReviewSchema) } } },
    async (request, reply) => {
      const { reviews, total } = await listReviews(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      return reviews;
    },
  );
};
