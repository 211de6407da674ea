import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessage } from '../../db/schema.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { mailingApp } from './../../test/mailing-app.ts';
import { pdfText } from '../../test/pdf-text.ts';
import type { SmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { TestApp } from '../../test/test-app.ts';

let smtp: SmtpStandIn;
let t: TestApp;
let admin: TestAccount;
let eventId: string;

mailingApp(
  async (started) => {
    ({ smtp, t } = started);
    admin = await signUp(t, { role: 'admin' });
    eventId = (await insertEvent(t.app.db, { title: 'Winter Coat Drive' })).id;
  },
  { config: { donationAmount: 25.5 } },
);

/** A donation as the donation page makes it in test mode: start, pay with a test card, record. */
async function donate(who: TestAccount) {
  const started = await (await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, who.auth)).json();
  const paid = await call(
    t,
    'POST',
    '/api/test-payments/confirm',
    {
      clientSecret: started.clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' },
    },
    who.auth,
  );
  expect((await paid.json()).status).toBe('succeeded');
  const recorded = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, who.auth);
  expect(recorded.status).toBe(200);
  return { paymentId: started.paymentId as string, donationId: (await recorded.json()).insertedId as string };
}

describe('the donation receipt', () => {
  it('is mailed once, with the amount, date, reference, card and charity, and a link to the printable receipt', async () => {
    const donor = await signUp(t);
    const { paymentId, donationId } = await donate(donor);
    // Recorded again (a retry, the webhook): the same donation, and no second receipt.
    expect(await (await call(t, 'POST', '/api/payment', { transaction: paymentId }, donor.auth)).json()).toEqual({
      insertedId: donationId,
    });

    const [mail] = await smtp.mailTo(donor.email);
    expect(mail?.subject).toBe('Your receipt: $25.50 to Helping Hands');
    for (const body of [mail?.text ?? '', mail?.html ?? '']) {
      expect(body).toContain('$25.50');
      expect(body).toContain(paymentId);
      expect(body).toContain('Card ending 4242');
      expect(body).toContain('Winter Coat Drive');
      expect(body).toMatch(/\d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
      expect(body).toContain(`${t.config.publicUrl}/dashboard/donation/${donationId}/receipt`);
    }
    // A record of a payment, like a shop's receipt: nothing to unsubscribe from.
    expect(mail?.header('list-unsubscribe')).toBeUndefined();
    expect(mail?.text).not.toMatch(/unsubscribe/i);

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await smtp.mailTo(donor.email)).toHaveLength(1);
    expect(
      await t.app.db
        .select()
        .from(outboxMessage)
        .where(eq(outboxMessage.key, `donation-receipt:${donationId}`)),
    ).toHaveLength(1);
  });

  it('names the charity as its settings say: registered name and number, postal address and contact email', async () => {
    const saved = await call(
      t,
      'PUT',
      '/api/site',
      {
        name: 'Riverside Food Share',
        address: '4 Mill Lane\nRiverside RS1 2AB',
        email: 'donations@riverside.example.org',
        registrationNumber: 'CH-1234567',
        timeZone: 'Europe/London',
      },
      admin.auth,
    );
    expect(saved.status).toBe(200);
    try {
      const donor = await signUp(t);
      const { donationId } = await donate(donor);
      const [mail] = await smtp.mailTo(donor.email);
      expect(mail?.subject).toBe('Your receipt: $25.50 to Riverside Food Share');
      for (const body of [mail?.text ?? '', mail?.html ?? '']) {
        expect(body).toContain('CH-1234567');
        expect(body).toContain('4 Mill Lane, Riverside RS1 2AB');
        expect(body).toContain('donations@riverside.example.org');
      }
      const receipt = await (await call(t, 'GET', `/api/payment/${donationId}/receipt`, undefined, donor.auth)).json();
      expect(receipt.charity).toEqual({
        name: 'Riverside Food Share',
        website: t.config.publicUrl,
        contact: 'donations@riverside.example.org',
        registrationNumber: 'CH-1234567',
        address: '4 Mill Lane\nRiverside RS1 2AB',
        email: 'donations@riverside.example.org',
      });
    } finally {
      expect((await call(t, 'PUT', '/api/site', { name: 'Helping Hands', timeZone: 'UTC' }, admin.auth)).status).toBe(200);
    }
  });

  it('is queued with the donation only when the payment succeeded', async () => {
    const donor = await signUp(t);
    const started = await (await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, donor.auth)).json();
    expect((await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, donor.auth)).status).toBe(409);
    const queuedFor = await t.app.db.select().from(outboxMessage).where(eq(outboxMessage.to, donor.email));
    expect(queuedFor.map((m) => m.kind)).toEqual(['verify-email']);
  });
});

describe('GET /api/payment/{id}/receipt', () => {
  it('gives the donor and admins the receipt, and nobody else', async () => {
    const donor = await signUp(t);
    const other = await signUp(t);
    const { paymentId, donationId } = await donate(donor);
    const path = `/api/payment/${donationId}/receipt`;

    const mine = await call(t, 'GET', path, undefined, donor.auth);
    expect(mine.status).toBe(200);
    const receipt = await mine.json();
    expect(receipt).toMatchObject({
      _id: donationId,
      amount: 2550,
      currency: 'usd',
      transaction: paymentId,
      last4: '4242',
      email: donor.email,
      event: 'Winter Coat Drive',
      // No contact details set: the website is where to ask, and nothing else is named.
      charity: {
        name: 'Helping Hands',
        website: t.config.publicUrl,
        contact: t.config.publicUrl,
        registrationNumber: '',
        address: '',
        email: '',
      },
    });
    expect(await (await call(t, 'GET', path, undefined, admin.auth)).json()).toEqual(receipt);
    expect((await call(t, 'GET', path, undefined, other.auth)).status).toBe(403);
    expect((await call(t, 'GET', path)).status).toBe(401);
    expect((await call(t, 'GET', `/api/payment/${randomUUID()}/receipt`, undefined, donor.auth)).status).toBe(404);
    expect((await call(t, 'GET', '/api/payment/not-an-id/receipt', undefined, admin.auth)).status).toBe(404);
  });

  it("is not given to whoever signs up later with a deleted donor's email", async () => {
    const first = await signUp(t);
    const { donationId } = await donate(first);
    expect((await call(t, 'DELETE', `/api/users/${first.id}`, undefined, admin.auth)).status).toBe(200);
    const newcomer = await signUp(t, { email: first.email });
    expect((await call(t, 'GET', `/api/payment/${donationId}/receipt`, undefined, newcomer.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/payment/${donationId}/receipt`, undefined, admin.auth)).status).toBe(200);
  });
});

describe('the receipt as a PDF', () => {
  it('is in the donor’s language: Bengali words, digits and dates for someone who chose বাংলা, their name as written', async () => {
    const donor = await signUp(t, { name: 'ক্ষমা শ্রাবন্তী' });
    const { paymentId, donationId } = await donate(donor);
    expect((await call(t, 'PUT', '/api/users/me/language', { language: 'bn' }, donor.auth)).status).toBe(200);
    const text = pdfText(
      Buffer.from(await (await call(t, 'GET', `/api/payment/${donationId}/receipt.pdf`, undefined, donor.auth)).arrayBuffer()),
    );
    for (const line of [
      'দানের রসিদ',
      'পরিমাণ',
      '২৫.৫০',
      '(USD)',
      'দাতা',
      'শেষ চার অঙ্ক 4242',
      'Winter Coat Drive',
      paymentId,
      donationId,
      donor.email,
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Donation receipt');
    // An admin who reads English gets the same receipt in English.
    expect(
      pdfText(Buffer.from(await (await call(t, 'GET', `/api/payment/${donationId}/receipt.pdf`, undefined, admin.auth)).arrayBuffer())),
    ).toContain('Donation receipt');
  });

  it('is a PDF download of the receipt for its donor and admins, 403 for anyone else, and says when it was refunded', async () => {
    const donor = await signUp(t, { name: 'Zoë Okafor' });
    const { paymentId, donationId } = await donate(donor);
    const res = await call(t, 'GET', `/api/payment/${donationId}/receipt.pdf`, undefined, donor.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${donationId.slice(0, 8)}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const line of ['Donation receipt', '$25.50 (USD)', 'Winter Coat Drive', paymentId, donationId, 'Card ending 4242', donor.email]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Refunded');

    expect((await call(t, 'GET', `/api/payment/${donationId}/receipt.pdf`, undefined, admin.auth)).status).toBe(200);
    const stranger = await signUp(t);
    expect((await call(t, 'GET', `/api/payment/${donationId}/receipt.pdf`, undefined, stranger.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/payment/${donationId}/receipt.pdf`)).status).toBe(401);
    expect((await call(t, 'GET', `/api/payment/${randomUUID()}/receipt.pdf`, undefined, admin.auth)).status).toBe(404);

    expect((await call(t, 'POST', `/api/payment/${donationId}/refund`, {}, admin.auth)).status).toBe(200);
    const refunded = pdfText(
      Buffer.from(await (await call(t, 'GET', `/api/payment/${donationId}/receipt.pdf`, undefined, donor.auth)).arrayBuffer()),
    );
    expect(refunded).toMatch(/Refunded on \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC: this donation was given back in full\./);
    // The receipt's JSON says so too.
    const receipt = await (await call(t, 'GET', `/api/payment/${donationId}/receipt`, undefined, donor.auth)).json();
    expect(receipt.refundedAt).not.toBeNull();
  });
});
