import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { testPayment } from '../db/schema.ts';
import {
  type GatewayPayment,
  InvalidSignature,
  type PaymentGateway,
  type PaymentMetadata,
  type PaymentStatus,
  RefundRefused,
} from './gateway.ts';
import { type CardOutcome, cardOutcome, declineMessages, methodOutcome, saveOutcome, testPaymentMethod } from './test-cards.ts';

/** A monthly gift's later payment, taken from the test payment method kept for it. */
export interface SavedCharge {
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  metadata: PaymentMetadata;
  paymentMethod: string | null;
  last4: string | null;
}

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

function toPayment(row: typeof testPayment.$inferSelect): GatewayPayment {
  return {
    id: row.id,
    status: row.status as PaymentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    created: row.createdAt,
    last4: row.last4,
    metadata: JSON.parse(row.metadata),
    paymentMethod: row.paymentMethod,
  };
}

/**
 * The built-in gateway for a fresh install: no network, no real money, and Stripe's documented
 * test cards give Stripe's documented outcomes. Payments are kept in the database like any record.
 */
export function createTestModeGateway(db: Database) {
  const gateway: PaymentGateway & {
    confirm: typeof confirm;
    chargeSaved: typeof chargeSaved;
    chargeSavedMany: typeof chargeSavedMany;
    saveCard: typeof saveCard;
  } = {
    mode: 'test',
    publishableKey: null,

    async createPayment({ amountCents, currency, idempotencyKey, metadata }) {
      const id = `pi_test_${token(18)}`;
      await db
        .insert(testPayment)
        .values({
          id,
          clientSecret: `${id}_secret_${token(18)}`,
          idempotencyKey,
          amountCents,
          currency,
          status: 'requires_payment_method',
          metadata: JSON.stringify(metadata),
        })
        .onConflictDoNothing({ target: testPayment.idempotencyKey });
      const [row] = await db.select().from(testPayment).where(eq(testPayment.idempotencyKey, idempotencyKey));
      if (!row) throw new Error('test payment not stored');
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async retrievePayment(id) {
      const [row] = await db.select().from(testPayment).where(eq(testPayment.id, id));
      return row ? toPayment(row) : null;
    },

    async refundPayment({ paymentId }) {
      // Like Stripe's: one refund per payment, given again to whoever asks again.
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(testPayment).where(eq(testPayment.id, paymentId)).for('update');
        if (!row) throw new RefundRefused(`No such payment: ${paymentId}`);
        if (row.status !== 'succeeded') throw new RefundRefused('This payment was not completed, so there is nothing to give back');
        if (row.refundId) return { id: row.refundId, paymentId };
        const id = `re_test_${token(18)}`;
        await tx.update(testPayment).set({ refundId: id }).where(eq(testPayment.id, paymentId));
        return { id, paymentId };
      });
    },

    async verifyNotification() {
      throw new InvalidSignature('The test-mode gateway sends no notifications');
    },

    confirm,
    chargeSaved,
    chargeSavedMany,
    saveCard,
  };

  /**
   * A monthly gift's later payment, taken from the card kept for it without the donor (as Stripe charges
   * a subscription's saved card): the card's outcome decides it at once. The same key again gives the
   * same payment. Written through `tx`, so the payment and what records it are kept or lost together.
   */
  async function chargeSaved(tx: Database, input: SavedCharge): Promise<{ payment: GatewayPayment; outcome: CardOutcome }> {
    const [charged] = await chargeSavedMany(tx, [input]);
    if (!charged) throw new Error('test payment not stored');
    return charged;
  }

  /**
   * Many such payments at once (a day's monthly gifts), in one insert and one read: each the payment its
   * key names, in the order asked.
   */
  async function chargeSavedMany(tx: Database, inputs: SavedCharge[]): Promise<{ payment: GatewayPayment; outcome: CardOutcome }[]> {
    if (inputs.length === 0) return [];
    await tx
      .insert(testPayment)
      .values(
        inputs.map((input) => {
          const method = input.paymentMethod;
          const outcome: CardOutcome = method
            ? methodOutcome(method)
            : { ok: false, code: 'card_declined', message: 'No card is saved for this gift.' };
          const id = `pi_test_${token(18)}`;
          return {
            id,
            clientSecret: `${id}_secret_${token(18)}`,
            idempotencyKey: input.idempotencyKey,
            amountCents: input.amountCents,
            currency: input.currency,
            status: outcome.ok ? 'succeeded' : 'requires_payment_method',
            last4: input.last4,
            paymentMethod: method,
            failureMessage: outcome.ok ? null : outcome.message,
            metadata: JSON.stringify(input.metadata),
          };
        }),
      )
      .onConflictDoNothing({ target: testPayment.idempotencyKey });
    const rows = await tx
      .select()
      .from(testPayment)
      .where(
        inArray(
          testPayment.idempotencyKey,
          inputs.map((input) => input.idempotencyKey),
        ),
      );
    const byKey = new Map(rows.map((row) => [row.idempotencyKey, row]));
    return inputs.map((input) => {
      const row = byKey.get(input.idempotencyKey);
      if (!row) throw new Error('test payment not stored');
      const payment = toPayment(row);
      const outcome: CardOutcome =
        payment.status === 'succeeded' ? { ok: true } : { ok: false, code: 'card_declined', message: row.failureMessage ?? 'Declined' };
      return { payment, outcome };
    });
  }

  /** A card kept for later payments, as Stripe answers when one is attached: its test payment method, or why it was refused. */
  function saveCard(card: TestCard, now = new Date()): { ok: true; paymentMethod: string } | { ok: false; message: string } {
    const expired = card.expYear < now.getFullYear() || (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
    if (expired) return { ok: false, message: "Your card's expiration date is in the past." };
    const outcome = saveOutcome(card.number);
    const paymentMethod = testPaymentMethod(card.number);
    if (!outcome.ok) return outcome;
    return paymentMethod ? { ok: true, paymentMethod } : { ok: false, message: declineMessages.unknownCard };
  }

  /**
   * What Stripe.js's confirmCardPayment does, offline: the card's outcome decides the payment's
   * status. Only the last four digits are kept. A payment that already succeeded stays so. Only the
   * account the payment was made for may confirm it.
   */
  async function confirm(
    clientSecret: string,
    card: TestCard,
    accountId: string,
    now = new Date(),
  ): Promise<{ payment: GatewayPayment; outcome: CardOutcome } | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(testPayment).where(eq(testPayment.clientSecret, clientSecret)).for('update');
      if (!row || toPayment(row).metadata.accountId !== accountId) return null;
      if (row.status === 'succeeded') return { payment: toPayment(row), outcome: { ok: true } };
      const expired = card.expYear < now.getFullYear() || (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
      const outcome: CardOutcome = expired
        ? { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." }
        : cardOutcome(card.number);
      const [updated] = await tx
        .update(testPayment)
        .set(
          outcome.ok
            ? {
                status: 'succeeded',
                last4: card.number.slice(-4),
                // Stripe's test payment method for the card, for a monthly gift's later payments.
                paymentMethod: testPaymentMethod(card.number),
                failureMessage: null,
              }
            : { status: 'requires_payment_method', failureMessage: outcome.message },
        )
        .where(eq(testPayment.id, row.id))
        .returning();
      return { payment: toPayment(updated ?? row), outcome };
    });
  }

  return gateway;
}

export type TestModeGateway = ReturnType<typeof createTestModeGateway>;
