import { asc, eq, or, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/accounts.ts';
import { type OwnData, ownDataMessages } from '../../../shared/own-data.ts';
import type { SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import {
  account,
  credential,
  donation,
  event,
  notice,
  outboxMessage,
  registration,
  review,
  session,
  shift,
  testPayment,
  verification,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { forgetRecipient } from '../../mail/outbox.ts';
import type { SigningSite } from '../../mail/unsubscribe.ts';
import { forgetAuthor } from '../event-messages/service.ts';
import { lockEventPlaces } from '../events/places.ts';
import { deleteImageByUrl } from '../images/service.ts';
import { cancelRegistration } from '../registrations/service.ts';
import { toShiftSummary } from '../shifts/service.ts';
import { forgetGiver } from '../subscriptions/service.ts';
import { forgetSigner, signaturesOf } from '../waivers/service.ts';
import { deletedAccountAddress, refuseLastAdmin, setAuthorPicture } from './service.ts';

/**
 * People's own data (DECISIONS 4.7): everything the product holds about an account, and the
 * account's deletion by its owner.
 */

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => at?.toISOString() ?? null;

/** Everything held about the account, without any secret; undefined when the account is gone. */
export async function exportOwnData(db: Database, accountId: string): Promise<OwnData | undefined> {
  const [me] = await db.select().from(account).where(eq(account.id, accountId));
  if (!me) return undefined;
  const [methods, sessions, registrations, donations, reviews, notices, mail, waivers] = await Promise.all([
    db
      .select({ provider: credential.providerId, createdAt: credential.createdAt })
      .from(credential)
      .where(eq(credential.userId, accountId))
      .orderBy(asc(credential.createdAt)),
    db.select().from(session).where(eq(session.userId, accountId)).orderBy(asc(session.createdAt)),
    db
      .select({
        registration,
        title: event.title,
        date: event.date,
        shift: { id: shift.id, role: shift.role, startsAt: shift.startsAt, endsAt: shift.endsAt },
      })
      .from(registration)
      .innerJoin(event, eq(registration.eventId, event.id))
      .leftJoin(shift, eq(shift.id, registration.shiftId))
      .where(eq(registration.accountId, accountId))
      .orderBy(asc(registration.createdAt)),
    db.select().from(donation).where(eq(donation.accountId, accountId)).orderBy(asc(donation.paymentCreatedAt)),
    db.select().from(review).where(eq(review.accountId, accountId)).orderBy(asc(review.createdAt)),
    db.select().from(notice).where(eq(notice.accountId, accountId)).orderBy(asc(notice.createdAt)),
    db
      .select({
        subject: outboxMessage.subject,
        kind: outboxMessage.kind,
        status: outboxMessage.status,
        createdAt: outboxMessage.createdAt,
        sentAt: outboxMessage.sentAt,
      })
      .from(outboxMessage)
      .where(eq(outboxMessage.to, me.email))
      .orderBy(asc(outboxMessage.createdAt)),
    signaturesOf(db, accountId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      _id: me.id,
      name: me.name,
      email: me.email,
      emailVerified: me.emailVerified,
      role: me.role,
      photoURL: me.image,
      address: me.address,
      age: me.age,
      education: me.education,
      occupation: me.occupation,
      createdAt: iso(me.createdAt),
      updatedAt: iso(me.updatedAt),
      hasCalendarFeed: me.calendarToken !== null,
    },
    signInMethods: methods.map((m) => ({ provider: m.provider, createdAt: iso(m.createdAt) })),
    sessions: sessions.map((s) => ({
      createdAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
      expiresAt: iso(s.expiresAt),
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
    })),
    registrations: registrations.map(({ registration: r, title, date, shift: taken }) => ({
      _id: r.id,
      eventId: r.eventId,
      event: title,
      eventDate: date,
      status: r.status,
      position: r.status === 'waitlisted' ? r.position : null,
      registeredAt: iso(r.createdAt),
      checkedInAt: isoOrNull(r.checkedInAt),
      hoursMinutes: r.hoursMinutes,
      shift: taken?.id ? toShiftSummary(taken) : null,
      answers: r.answers ?? null,
    })),
    donations: donations.map((d) => ({
      _id: d.id,
      amount: d.amountCents,
      currency: d.currency,
      paidAt: iso(d.paymentCreatedAt),
      recordedAt: iso(d.createdAt),
      event: d.eventTitle,
      eventId: d.eventId,
      transaction: d.transaction,
      last4: d.last4,
      refundedAt: isoOrNull(d.refundedAt),
    })),
    waivers,
    reviews: reviews.map((r) => ({ _id: r.id, message: r.message, review: r.review, status: r.status, createdAt: iso(r.createdAt) })),
    notices: notices.map((n) => ({ _id: n.id, notice: n.notice, createdAt: iso(n.createdAt) })),
    emailPreferences: { reminders: me.emailReminders, events: me.emailEvents, notices: me.emailNotices },
    mail: mail.map((m) => ({ ...m, createdAt: iso(m.createdAt), sentAt: isoOrNull(m.sentAt) })),
  };
}

/**
 * What a deletion removed and kept: for the audit log to record (who, by id and email, and how
 * much), and for the tests to check.
 */
export interface DeletedAccount {
  accountId: string;
  email: string;
  role: Role;
  registrationsCancelled: number;
  reviewsDeleted: number;
  sessionsEnded: number;
  signInMethodsRemoved: number;
  verificationsRemoved: number;
  mailDropped: number;
  /** Mail already sent, kept in the outbox's history under the placeholder address, without its body. */
  mailKept: number;
  /** Donations kept as financial records, with no account and a placeholder address. */
  donationsKept: number;
  /** Signed waivers kept as records, with no account and the placeholder address. */
  waiversKept: number;
  photoDeleted: boolean;
}

/**
 * The account deletes itself, in one transaction: its registrations are cancelled as the cancel
 * route does it (a freed place goes to the first person waiting, who is emailed); its reviews,
 * sessions, sign-in methods, verification links, picture and unsent mail go; its donations stay as
 * financial records with no account and a placeholder address (`deleted-<12 random hex>@deleted.invalid`), so
 * every total, receipt and export still counts them; the mail it was sent stays in the outbox's
 * history under the same placeholder, without its body. Refused for the last admin (409) and when
 * `confirm` is not the account's email (400).
 */
export async function deleteOwnAccount(db: Database, caller: SignedInAccount, confirm: string, site: SigningSite): Promise<DeletedAccount> {
  if (confirm.trim().toLowerCase() !== caller.email.toLowerCase()) {
    throw new AppError('invalid_input', ownDataMessages.wrongConfirmation, { confirm: ownDataMessages.wrongConfirmation });
  }
  const id = caller.id;
  // One placeholder for the account's donations and the mail it was sent (decisions 029 and 035).
  const placeholder = deletedAccountAddress();
  return db.transaction(async (tx) => {
    // The same lock order as every other change to places: events (in id order), then admin
    // rows, then the account.
    const eventIds = async () =>
      (
        await tx
          .selectDistinct({ eventId: registration.eventId })
          .from(registration)
          .where(eq(registration.accountId, id))
          .orderBy(asc(registration.eventId))
      ).map((row) => row.eventId);
    // Monthly gifts stop first: no card is charged for someone who left, and a renewal holding a gift (which
    // then names the account) is waited for before the account is locked, the order a renewal takes them in.
    await forgetGiver(tx, id, placeholder);
    for (const eventId of await eventIds()) await lockEventPlaces(tx, eventId);
    await refuseLastAdmin(tx, id);
    const [target] = await tx.select().from(account).where(eq(account.id, id)).for('update');
    if (!target) throw new AppError('unauthenticated', 'Please sign in first');

    const mine = await tx.select({ id: registration.id }).from(registration).where(eq(registration.accountId, id));
    let registrationsCancelled = 0;
    for (const row of mine) registrationsCancelled += await cancelRegistration(tx, caller, row.id, site);

    const reviewsDeleted = (await tx.delete(review).where(eq(review.accountId, id)).returning({ id: review.id })).length;
    const donationsKept = (
      await tx
        .update(donation)
        .set({ accountId: null, email: placeholder })
        .where(eq(donation.accountId, id))
        .returning({ id: donation.id })
    ).length;
    // Signed waivers are kept as records, like donations, under the same placeholder.
    const waiversKept = await forgetSigner(tx, id, placeholder);
    // Messages the person wrote to an event's people stay in its history, under the same placeholder.
    await forgetAuthor(tx, id, placeholder);
    // The offline test gateway keeps each payment's donor in its metadata, as Stripe does: the donor goes.
    await tx
      .update(testPayment)
      .set({ metadata: sql`(${testPayment.metadata}::jsonb - 'accountId' - 'email')::text` })
      .where(sql`${testPayment.metadata}::jsonb ->> 'accountId' = ${id}`);
    const sessionsEnded = (await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id })).length;
    const signInMethodsRemoved = (await tx.delete(credential).where(eq(credential.userId, id)).returning({ id: credential.id })).length;
    // Password reset links name the account by id; others name the address.
    const verificationsRemoved = (
      await tx
        .delete(verification)
        .where(or(eq(verification.value, id), eq(verification.identifier, target.email)))
        .returning({ id: verification.id })
    ).length;
    // Mail not yet sent to them goes (the cancellations just queued among it); what was sent stays in
    // the outbox's history, under the placeholder.
    const { dropped: mailDropped, kept: mailKept } = await forgetRecipient(tx, target.email, placeholder);
    // Notices they wrote are the organisation's; their picture is personal data and goes.
    await setAuthorPicture(tx, id, null);
    await tx.delete(account).where(eq(account.id, id));
    if (target.image) await deleteImageByUrl(tx, target.image);
    return {
      accountId: id,
      email: target.email,
      role: target.role,
      registrationsCancelled,
      reviewsDeleted,
      sessionsEnded,
      signInMethodsRemoved,
      verificationsRemoved,
      mailDropped,
      mailKept,
      donationsKept,
      waiversKept,
      photoDeleted: target.image !== null,
    };
  });
}
