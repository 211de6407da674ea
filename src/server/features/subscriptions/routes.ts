import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { formatAmount } from '../../../shared/money.ts';
import {
  subscriptionCardSchema,
  subscriptionChangeSchema,
  subscriptionListQuerySchema,
  subscriptionMessages,
  subscriptionSchema,
  subscriptionStartedSchema,
  subscriptionStartSchema,
  subscriptionTotalsSchema,
  testRenewalSchema,
} from '../../../shared/subscriptions.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { subscription } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { errorResponses, fileResponse, pagedList, tagged } from '../../http/api-docs.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { recordId } from '../../http/record-id.ts';
import type { TestModeGateway } from '../../payments/test-mode-gateway.ts';
import { type AuditNote, pathRecordId, queryOf } from '../audit/record.ts';
import { readManageToken } from './manage-link.ts';
import { renewGift, renewNow } from './renewals.ts';
import * as gifts from './service.ts';

/** Another's monthly gift an admin acts on (their own is not recorded). */
async function othersGift(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = pathRecordId(request, 'id');
  if (!id) return null;
  const [found] = await db.select().from(subscription).where(eq(subscription.id, id));
  if (!found || found.accountId === request.account?.id) return null;
  return {
    target: { kind: 'subscription', id: found.id, label: `${formatAmount(found.amountCents, found.currency)} a month by ${found.email}` },
  };
}

const giftId = z.object({ id: z.string().max(100) });
const linkToken = z.object({ token: z.string().max(300) });

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.payments;
  const testMode = () => (gateway.mode === 'test' && 'chargeSaved' in gateway ? (gateway as TestModeGateway) : null);
  app.addHook('onRoute', tagged('Monthly giving'));

  /** The gift a manage link names: 404 for one altered or made up, 403 once its 30 days are over. */
  const linked = (token: string) => {
    const read = readManageToken(token, app.authSecret);
    if (!read) throw new AppError('not_found', subscriptionMessages.linkInvalid);
    if ('expired' in read) throw new AppError('forbidden', subscriptionMessages.linkExpired, undefined, { reason: 'expired' });
    return read.subscriptionId;
  };
  const idOf = (raw: string) => {
    const id = recordId(raw);
    if (!id) throw notFound('Monthly gift');
    return id;
  };
  /** A card saved with a refused payment waiting: charged again now, as Stripe retries an invoice once the card changes. */
  const afterCard = async (id: string, retryNow: boolean) => {
    const test = testMode();
    if (retryNow && test) await renewGift(app.db, test, id, await app.mailSite());
  };

  app.post(
    '/subscriptions',
    {
      config: { accountLimit: 'paymentIntents' },
      schema: {
        summary: 'Start a monthly gift',
        description:
          'Starts a monthly gift of `amount` (in the currency’s minor units; the same rules as a single donation’s: one of `GET /api/site` `donationAmounts`, or within `minAmount`–`maxAmount` when `customAmount` is allowed), to an event (`eventId`, which must not have taken place) or to the organisation. Answers its first payment, to pay as a single donation is paid (Stripe.js in `mode: stripe`, `POST /api/test-payments/confirm` in `mode: test`) and record with `POST /api/payment`: that makes the gift active, with its next payment a month later on the same day. The same `attemptId` again gives the same gift and payment.',
        body: subscriptionStartSchema,
        response: {
          200: subscriptionStartedSchema,
          ...errorResponses({
            400: 'The amount is not one the settings allow.',
            404: 'No event has this id.',
            409: 'The event has already taken place, or monthly giving is not available with this gateway.',
          }),
        },
      },
    },
    async (request) =>
      gifts.startSubscription(app.db, gateway, requireSignedIn(request), {
        ...request.body,
        installationAmount: app.config.donationAmount,
      }),
  );

  app.get(
    '/subscriptions',
    {
      config: { audit: { action: 'subscriptions.read', target: async (request) => (isAll(request) ? queryOf(request) : null) } },
      schema: {
        summary: 'List monthly gifts',
        description:
          'The caller’s own monthly gifts, newest first. With `all=true` (admins only), everyone’s, searched by email or event (`q`), filtered by `status`, sorted and paged like other lists (`X-Total-Count`, `X-Next-Cursor`).',
        querystring: subscriptionListQuerySchema,
        response: { 200: pagedList(subscriptionSchema), ...errorResponses({ 403: '`all=true` by someone who is not an admin.' }) },
      },
    },
    async (request, reply) => {
      const caller = requireSignedIn(request);
      if (!request.query.all) return gifts.listSubscriptionsOf(app.db, caller.id);
      if (caller.role !== 'admin') throw new AppError('forbidden', 'Only admins can list everyone’s monthly gifts');
      const { gifts: rows, total, next } = await gifts.listSubscriptions(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return rows;
    },
  );

  app.get(
    '/subscriptions/totals',
    {
      onRequest: requireRole('admin'),
      schema: {
        summary: 'What monthly gifts bring in',
        description: 'The sum of the active gifts’ monthly amounts, by currency (minor units), and how many gifts are in each state.',
        response: { 200: subscriptionTotalsSchema },
      },
    },
    async () => gifts.subscriptionTotals(app.db),
  );

  app.get(
    '/subscriptions/export.csv',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'export.subscriptions.csv' } },
      schema: {
        summary: 'Download every monthly gift as CSV',
        response: { 200: fileResponse('text/csv', 'The monthly gifts, newest first.') },
      },
    },
    async (_request, reply) => sendCsv(reply, 'monthly-gifts', gifts.subscriptionsCsv(app.db)),
  );

  app.get(
    '/subscriptions/link/:token',
    {
      config: { public: true },
      schema: {
        summary: 'Read a monthly gift through its manage link',
        description:
          'The gift a “Manage your monthly gift” link names (in every receipt and message about it), without signing in. The link is for that gift only and works for 30 days after its message was written.',
        params: linkToken,
        response: {
          200: subscriptionSchema,
          ...errorResponses({
            403: 'The link’s 30 days are over (`reason: expired`).',
            404: 'The link is not one this site made, or was altered.',
          }),
        },
      },
    },
    async (request) => gifts.findSubscription(app.db, linked(request.params.token), { link: true }),
  );

  app.put(
    '/subscriptions/link/:token',
    {
      config: { public: true },
      schema: {
        summary: 'Change a monthly gift through its manage link',
        description: 'As `PUT /api/subscriptions/{id}`, for whoever holds the gift’s manage link, without signing in.',
        params: linkToken,
        body: subscriptionChangeSchema,
        response: {
          200: subscriptionSchema,
          ...errorResponses({
            400: 'The amount is not one the settings allow, or `months` is not 1, 2 or 3.',
            403: 'The link’s 30 days are over.',
            404: 'The link is not one this site made, or was altered.',
            409: 'The change does not fit the gift (it has ended; it is not paused).',
          }),
        },
      },
    },
    async (request) =>
      gifts.changeSubscription(
        app.db,
        gateway,
        linked(request.params.token),
        request.body,
        { link: true },
        await app.mailSite(),
        app.config.donationAmount,
      ),
  );

  app.post(
    '/subscriptions/link/:token/card',
    {
      config: { public: true },
      schema: {
        summary: 'Change a monthly gift’s card through its manage link (test mode)',
        description: 'As `POST /api/subscriptions/{id}/card`, for whoever holds the gift’s manage link.',
        params: linkToken,
        body: subscriptionCardSchema,
        response: {
          200: subscriptionSchema,
          ...errorResponses({
            400: 'The card was refused.',
            403: 'The link’s 30 days are over.',
            404: 'Not test mode, or the link is not valid.',
          }),
        },
      },
    },
    async (request) => {
      const test = testMode();
      const id = linked(request.params.token);
      if (!test) throw notFound('Test-mode payment');
      const { retryNow } = await gifts.changeCard(app.db, test, id, request.body.card, { link: true }, await app.mailSite());
      await afterCard(id, retryNow);
      return gifts.findSubscription(app.db, id, { link: true });
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        summary: 'Read a monthly gift',
        description: 'For its donor, or an admin.',
        params: giftId,
        response: { 200: subscriptionSchema, ...errorResponses({ 404: 'No gift of the caller’s has this id.' }) },
      },
    },
    async (request) => gifts.findSubscription(app.db, idOf(request.params.id), { caller: requireSignedIn(request) }),
  );

  app.put(
    '/subscriptions/:id',
    {
      config: { audit: { action: 'subscription.cancel', target: othersGift } },
      schema: {
        summary: 'Change, pause, resume or cancel a monthly gift',
        description:
          '`{ amount }` sets a new monthly amount (the same rules as a donation’s), from the next payment. `{ action: "pause", months }` (1–3) skips the next payments; it takes them again on the day of the month it began (`pausedUntil`). `{ action: "resume" }` takes them again from the next such day. `{ action: "cancel" }` stops it; cancelling again changes nothing. Each change is confirmed to the donor by email. An admin may cancel anyone’s gift (recorded in the audit log, and the donor told) but change none.',
        params: giftId,
        body: subscriptionChangeSchema,
        response: {
          200: subscriptionSchema,
          ...errorResponses({
            400: 'The amount is not one the settings allow, or `months` is not 1, 2 or 3.',
            403: 'An admin changing someone else’s gift other than cancelling it.',
            404: 'No gift of the caller’s has this id.',
            409: 'The change does not fit the gift (it has ended; it is not paused; it is already paused).',
          }),
        },
      },
    },
    async (request) =>
      gifts.changeSubscription(
        app.db,
        gateway,
        idOf(request.params.id),
        request.body,
        { caller: requireSignedIn(request) },
        await app.mailSite(),
        app.config.donationAmount,
      ),
  );

  app.post(
    '/subscriptions/:id/card',
    {
      schema: {
        summary: 'Change a monthly gift’s card (test mode)',
        description:
          'In test mode, the card later payments are taken from, checked as Stripe checks a card it saves (4000 0000 0000 0341 saves, then every payment with it is declined). When a payment was refused, it is tried again at once. Answers the gift after it.',
        params: giftId,
        body: subscriptionCardSchema,
        response: {
          200: subscriptionSchema,
          ...errorResponses({
            400: 'The card was refused.',
            403: 'An admin changing someone else’s card.',
            404: 'Not test mode, or no gift of the caller’s has this id.',
            409: 'The gift has ended.',
          }),
        },
      },
    },
    async (request) => {
      const test = testMode();
      if (!test) throw notFound('Test-mode payment');
      const id = idOf(request.params.id);
      const actor = { caller: requireSignedIn(request) };
      const { retryNow } = await gifts.changeCard(app.db, test, id, request.body.card, actor, await app.mailSite());
      await afterCard(id, retryNow);
      return gifts.findSubscription(app.db, id, actor);
    },
  );

  app.post(
    '/subscriptions/:id/test-renewal',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'subscription.test-renewal', target: othersGift } },
      schema: {
        summary: 'Take a monthly gift’s next payment now (test mode)',
        description:
          'In test mode only: makes the gift’s next payment due now and takes it, as the renewal job would when its day comes: a donation with its receipt, or a refusal counted (the donor emailed, a retry set; the fourth ends the gift). For trying every path without waiting a month.',
        params: giftId,
        response: {
          200: testRenewalSchema,
          ...errorResponses({ 404: 'Not test mode, or no gift has this id.', 409: 'The gift has been cancelled or has ended.' }),
        },
      },
    },
    async (request) => {
      const test = testMode();
      if (!test) throw notFound('Test-mode payment');
      const id = idOf(request.params.id);
      const actor = { caller: requireSignedIn(request) };
      await gifts.findSubscription(app.db, id, actor);
      const renewed = await renewNow(app.db, test, id, await app.mailSite());
      if (!renewed) throw new AppError('conflict', subscriptionMessages.over);
      return { ...renewed, subscription: await gifts.findSubscription(app.db, id, actor) };
    },
  );
};

const isAll = (request: FastifyRequest) => (request.query as { all?: boolean }).all === true;
