import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  donationListQuerySchema,
  donationSchema,
  paymentRecordSchema,
  paymentStartedSchema,
  paymentStartSchema,
  receiptSchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '../../../shared/donations.ts';
import { nextCursorHeader, totalAmountHeader, totalAmountsHeader, totalCountHeader } from '../../../shared/http.ts';
import { insertedIdSchema } from '../../../shared/results.ts';
import { ownerOf, requireRole, requireSelfOrAdmin, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { AppError, notFound } from '../../errors.ts';
import { errorResponses, fileResponse, pagedList, tagged } from '../../http/api-docs.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { readerLanguage } from '../../http/language.ts';
import { recordId } from '../../http/record-id.ts';
import { InvalidSignature, type PaymentNotification } from '../../payments/gateway.ts';
import { noteAudit, queryOf } from '../audit/record.ts';
import { readSiteSettings } from '../site/settings.ts';
import * as gifts from '../subscriptions/service.ts';
import { personOfPath } from '../users/audit-targets.ts';
import { donationOfPath, othersDonation } from './audit-targets.ts';
import { receiptPdf } from './receipt-pdf.ts';
import * as donations from './service.ts';

export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.payments;
  app.addHook('onRoute', tagged('Donations'));

  app.post(
    '/create-payment-intent',
    {
      config: { accountLimit: 'paymentIntents' },
      schema: {
        summary: 'Start a donation to an event',
        description:
          'Starts a card payment for the caller. `amount` (in the currency’s minor units: cents, or yen for JPY) must be one of the amounts the settings offer (`GET /api/site` `donationAmounts`), or, when `customAmount` is allowed, a whole number of minor units from `minAmount` to `maxAmount`; without it, the first amount offered. Anything else is refused (400, naming the amounts allowed) and nothing is charged. The same `attemptId` again (with the same amount) gives the same payment; without one, each call starts a new payment. Pay it with Stripe.js (`mode: stripe`) or `POST /api/test-payments/confirm` (`mode: test`).',
        body: paymentStartSchema,
        response: {
          200: paymentStartedSchema,
          ...errorResponses({
            400: 'The amount is not one the settings allow.',
            404: 'No event has this id.',
            409: 'The event has already taken place: it takes no donations.',
          }),
        },
      },
    },
    async (request) =>
      donations.startDonation(app.db, gateway, requireSignedIn(request), {
        ...request.body,
        installationAmount: app.config.donationAmount,
      }),
  );

  app.post(
    '/payment',
    {
      schema: {
        summary: 'Record a paid donation',
        description:
          'Names the payment only; amount, card and event come from the payment gateway. Recording the same payment again gives the same donation. The first recording emails the donor a receipt.',
        body: paymentRecordSchema,
        response: {
          200: insertedIdSchema,
          ...errorResponses({
            400: 'The payment is not a donation made here.',
            403: 'The payment was made by another account.',
            404: 'The gateway has no payment with this id.',
            409: 'The payment has not succeeded.',
          }),
        },
      },
    },
    async (request) => {
      const insertedId = await donations.confirmDonation(
        app.db,
        gateway,
        requireSignedIn(request),
        request.body.transaction,
        await app.mailSite(),
      );
      return { insertedId };
    },
  );

  app.post(
    '/test-payments/confirm',
    {
      schema: {
        summary: 'Pay with a test card (test mode only)',
        description:
          'What Stripe.js’s confirmCardPayment does, for the offline test mode: Stripe’s test card numbers give their documented outcomes (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, …). A refused card is a 200 with `error`.',
        body: testConfirmSchema,
        response: {
          200: testConfirmResultSchema,
          ...errorResponses({ 404: 'Payments are not in test mode, or no payment of the caller has this client secret.' }),
        },
      },
    },
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
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'donations.read', target: queryOf } },
      schema: {
        summary: 'List donations, newest first',
        querystring: donationListQuerySchema,
        response: {
          200: pagedList(donationSchema, {
            [totalAmountHeader]:
              'The sum of the matching donations not refunded, in minor units of the site’s currency (cents; yen for JPY).',
            [totalAmountsHeader]: 'Each currency’s sum of the matching donations not refunded, in minor units: `usd=3000, eur=2000`.',
          }),
        },
      },
    },
    async (request, reply) => {
      const [{ donations: rows, total, raised, next }, { currency }] = await Promise.all([
        donations.listDonations(app.db, request.query),
        readSiteSettings(app.db),
      ]);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      reply.header(totalAmountHeader, String(raised.find((r) => r.currency === currency)?.cents ?? 0));
      reply.header(totalAmountsHeader, raised.map((r) => `${r.currency}=${r.cents}`).join(', '));
      return rows;
    },
  );

  app.get(
    '/payment/export.csv',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'export.donations.csv' } },
      schema: { summary: 'Download every donation as CSV', response: { 200: fileResponse('text/csv', 'The donations, newest first.') } },
    },
    async (_request, reply) => sendCsv(reply, 'donations', donations.donationsCsv(app.db)),
  );

  app.get(
    '/payment/:email',
    {
      onRequest: selfOrAdmin,
      // The donations, and the account the guard checked the email against.
      config: { cache: 'personal', tables: ['donation', 'account'], audit: { action: 'donations.read', target: personOfPath } },
      schema: {
        summary: 'List the donations made with an email',
        params: z.object({ email: z.string().max(254) }),
        response: { 200: z.array(donationSchema) },
      },
    },
    async (request) => {
      return donations.listDonationsOf(app.db, ownerOf(requireSelfOrAdmin(request, { email: request.params.email }), request.params.email));
    },
  );

  app.get(
    '/payment/:id/receipt',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'receipt.read', target: othersDonation } },
      schema: {
        summary: 'Get the receipt of a donation',
        description: 'The donation with the charity it went to, for the printable receipt page. For the account that made it, or an admin.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: receiptSchema, ...errorResponses({ 404: 'No donation has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id && (await donations.findReceipt(app.db, requireSignedIn(request), id, await app.mailSite()));
      if (!found) throw notFound('Donation');
      return found;
    },
  );

  app.get(
    '/payment/:id/receipt.pdf',
    {
      onRequest: selfOrAdmin,
      config: { downloadLimit: 'receipts', audit: { action: 'export.receipt.pdf', target: othersDonation } },
      schema: {
        summary: 'Download the receipt of a donation as a PDF',
        description: 'The printable receipt as an A4 PDF, with its refund when it was refunded. For the account that made it, or an admin.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: fileResponse('application/pdf', 'The receipt.'), ...errorResponses({ 404: 'No donation has this id.' }) },
      },
    },
    async (request, reply) => {
      const id = recordId(request.params.id);
      const site = await app.mailSite();
      const found = id && (await donations.findReceipt(app.db, requireSignedIn(request), id, site));
      if (!found) throw notFound('Donation');
      const pdf = await receiptPdf(found, site.timeZone, await readerLanguage(request));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="receipt-${found._id.slice(0, 8)}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/payment/:id/refund',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'donation.refund', target: donationOfPath, attempts: true } },
      schema: {
        summary: 'Refund a donation',
        description:
          'Gives the whole donation back through the payment gateway (Stripe, or the test mode offline), marks it refunded with who and when, emails the donor, and answers the donation. A refunded donation stays listed and counts in no total. Asked again, or many times at once, it is refunded once: every other request answers 409, with `reason` `already-refunded` (also when the gateway’s notice of this refund marked it first) or `refused` (the gateway would not). Every attempt is in the audit log with its outcome.',
        params: z.object({ id: z.string().max(100) }),
        response: {
          200: donationSchema,
          ...errorResponses({
            404: 'No donation has this id.',
            409: 'The donation was already refunded, or the gateway would not refund it.',
          }),
        },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      if (!id) throw notFound('Donation');
      const refunded = await donations.refundDonation(app.db, gateway, requireSignedIn(request), id, await app.mailSite());
      noteAudit(request, { details: { outcome: 'refunded' } });
      return refunded;
    },
  );

  await app.register(async (webhook) => {
    // The signature covers the exact bytes Stripe sent, so the body stays raw.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/stripe/webhook',
      {
        config: { public: true },
        schema: {
          summary:
            'Where Stripe notifies payments (payment_intent.succeeded, charge.refunded, invoice.paid, invoice.payment_failed, customer.subscription.deleted)',
          description:
            'The body is the event exactly as Stripe sent it, signed in the `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET. A paid donation is recorded once, however often Stripe sends it; a payment given back in full (`charge.refunded`, also from Stripe’s dashboard) marks its donation refunded once and tells the donor. For monthly gifts: each month paid (`invoice.paid`) is a donation with its receipt, once; a refused month (`invoice.payment_failed`) tells the donor, with Stripe’s page to pay it with another card; a subscription Stripe ends after its last retry (`customer.subscription.deleted`) ends the gift and tells the donor.',
          consumes: ['application/json'],
          response: {
            200: z.object({ received: z.literal(true), handled: z.boolean() }),
            ...errorResponses({ 400: 'The signature is missing or not valid (always, in test mode: it sends no notifications).' }),
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        let notification: PaymentNotification;
        try {
          notification = await gateway.verifyNotification(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof InvalidSignature) throw new AppError('invalid_input', 'The notification signature is not valid');
          throw error;
        }
        const site = await app.mailSite();
        const handled = await donations.handleNotification(app.db, notification, site, (tx) => gifts.giftNotice(tx, notification, site));
        return { received: true, ...handled };
      },
    );
  });
};
