import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  donationListQuerySchema,
  donationSchema,
  paymentRecordSchema,
  paymentStartedSchema,
  paymentStartSchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '../../../shared/donations.ts';
import { totalAmountHeader, totalCountHeader } from '../../../shared/http.ts';
import { insertedIdSchema } from '../../../shared/results.ts';
import { ownerOf, requireRole, requireSelfOrAdmin, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { AppError, notFound } from '../../errors.ts';
import { InvalidSignature, type PaymentNotification } from '../../payments/gateway.ts';
import * as donations from './service.ts';

export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.payments;

  app.post('/create-payment-intent', { schema: { body: paymentStartSchema, response: { 200: paymentStartedSchema } } }, async (request) =>
    donations.startDonation(app.db, gateway, requireSignedIn(request), { ...request.body, amountCents: app.config.donationAmountCents }),
  );

  app.post('/payment', { schema: { body: paymentRecordSchema, response: { 200: insertedIdSchema } } }, async (request) => ({
    insertedId: await donations.confirmDonation(app.db, gateway, requireSignedIn(request), request.body.transaction),
  }));

  app.post(
    '/test-payments/confirm',
    { schema: { body: testConfirmSchema, response: { 200: testConfirmResultSchema } } },
    async (request) => {
      const donor = requireSignedIn(request);
      if (gateway.mode !== 'test' || !('confirm' in gateway)) throw notFound('Test-mode payment');
      const result = await gateway.confirm(request.body.clientSecret, request.body.card, donor.id);
      if (!result) throw notFound('Payment');
      return {
        status: result.payment.status,
        paymentId: result.payment.id,
        ...(result.outcome.ok ? {} : { error: { code: result.outcome.code, message: result.outcome.message } }),
      };
    },
  );

  app.get(
    '/payment',
    { onRequest: requireRole('admin'), schema: { querystring: donationListQuerySchema, response: { 200: z.array(donationSchema) } } },
    async (request, reply) => {
      const { donations: rows, total, totalCents } = await donations.listDonations(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      reply.header(totalAmountHeader, String(totalCents));
      return rows;
    },
  );

  app.get('/payment/export.csv', { onRequest: requireRole('admin') }, async (_request, reply) =>
    sendCsv(reply, 'donations', donations.donationsCsv(app.db)),
  );

  app.get(
    '/payment/:email',
    { onRequest: selfOrAdmin, schema: { params: z.object({ email: z.string().max(254) }), response: { 200: z.array(donationSchema) } } },
    async (request) => {
      return donations.listDonationsOf(app.db, ownerOf(requireSelfOrAdmin(request, { email: request.params.email }), request.params.email));
    },
  );

  await app.register(async (webhook) => {
    // The signature covers the exact bytes Stripe sent, so the body stays raw.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post('/stripe/webhook', { config: { public: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      let notification: PaymentNotification;
      try {
        notification = await gateway.verifyNotification(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof InvalidSignature) throw new AppError('invalid_input', 'The notification signature is not valid');
        throw error;
      }
      return { received: true, ...(await donations.handleNotification(app.db, notification)) };
    });
  });
};
