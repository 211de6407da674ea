import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { deletedCountSchema, insertedIdSchema } from '../../../shared/results.ts';
import {
  publicReviewSchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewModerationQuerySchema,
  reviewModerationSchema,
  reviewSchema,
} from '../../../shared/reviews.ts';
import { ownerOf, requireRole, requireSelfOrAdmin, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, pagedList, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { noteAudit, queryOf } from '../audit/record.ts';
import { personOfPath } from '../users/audit-targets.ts';
import { reviewOfPath } from './audit-targets.ts';
import { addReview, deleteReview, listForModeration, listReviews, listReviewsOf, setReviewStatus } from './service.ts';

const idParams = z.object({ id: z.string().max(100) });

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Reviews'));
  const publicUrl = app.config.publicUrl;

  app.get(
    '/review',
    {
      config: { public: true, cache: 'public', tables: ['review'] },
      schema: {
        summary: 'List approved reviews, newest first',
        description:
          'Only reviews an admin has approved. Without the reviewers’ emails and names; `img` is the reviewer’s picture (the default picture’s URL when they have none).',
        querystring: reviewListQuerySchema,
        response: { 200: pagedList(publicReviewSchema) },
      },
    },
    async (request, reply) => {
      const { reviews, total, next } = await listReviews(app.db, publicUrl, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return reviews;
    },
  );

  app.get(
    '/review/:email',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'reviews.read', target: personOfPath } },
      schema: {
        summary: 'List the reviews written with an email',
        description: 'Each with its `status`: pending (waiting for approval), approved (public) or hidden.',
        params: z.object({ email: z.string().max(254) }),
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request) => {
      const owner = ownerOf(requireSelfOrAdmin(request, { email: request.params.email }), request.params.email);
      return listReviewsOf(app.db, publicUrl, owner);
    },
  );

  app.post(
    '/review',
    {
      config: { accountLimit: 'reviews' },
      schema: {
        summary: 'Write a review',
        description: 'The reviewer (email, name, picture) is the caller. It is `pending` until an admin approves it.',
        body: reviewCreateSchema,
        response: { 200: insertedIdSchema },
      },
    },
    async (request) => ({
      insertedId: await addReview(app.db, requireSignedIn(request), request.body),
    }),
  );

  app.get(
    '/reviews',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'reviews.read', target: queryOf } },
      schema: {
        summary: 'List reviews to moderate, newest first',
        description: 'The reviews in one `status` (pending by default), with their reviewers, searched by `q` (words, name or email).',
        querystring: reviewModerationQuerySchema,
        response: { 200: pagedList(reviewSchema) },
      },
    },
    async (request, reply) => {
      const { reviews, total, next } = await listForModeration(app.db, publicUrl, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return reviews;
    },
  );

  app.patch(
    '/review/:id',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'review.moderate', target: reviewOfPath } },
      schema: {
        summary: 'Approve or hide a review',
        description: '`approved` shows it on the public pages; `hidden` takes it off them.',
        params: idParams,
        body: reviewModerationSchema,
        response: { 200: reviewSchema, ...errorResponses({ 404: 'No review has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const changed = id && (await setReviewStatus(app.db, publicUrl, id, request.body.status));
      if (!changed) throw notFound('Review');
      noteAudit(request, { details: { to: request.body.status } });
      return changed;
    },
  );

  app.delete(
    '/review/:id',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'review.delete', target: reviewOfPath } },
      schema: {
        summary: 'Delete a review',
        description: '`deletedCount` is 0 when no review has the id.',
        params: idParams,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      return { deletedCount: id ? await deleteReview(app.db, id) : 0 };
    },
  );
};
