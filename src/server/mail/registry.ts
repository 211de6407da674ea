import type { Language } from '../../shared/language.ts';
import type { Database } from '../db/client.ts';
import { enqueueUnwritten, enqueueUnwrittenMany, type OutgoingMessage } from './outbox.ts';
import { donationReceiptHeading, donationReceiptMessage, type ReceiptMail } from './templates/donation-receipt.tsx';
import { donationRefundedHeading, donationRefundedMessage, type RefundMail } from './templates/donation-refunded.tsx';
import { type EventChangeMail, eventChangedHeading, eventChangedMessage } from './templates/event-changed.tsx';
import { eventDeletedHeading, eventDeletedMessage } from './templates/event-deleted.tsx';
import { type EventMessageMail, eventMessageHeading, eventMessageMessage } from './templates/event-message.tsx';
import { type EventReminder, eventReminderHeading, eventReminderMessage } from './templates/event-reminder.tsx';
import { type MonthlyGiftMail, monthlyGiftHeading, monthlyGiftMessage, reviveMonthlyGift } from './templates/monthly-gift.tsx';
import { type NewNotice, newNoticeHeading, newNoticeMessage } from './templates/new-notice.tsx';
import { type CancellationMail, registrationCancelledHeading, registrationCancelledMessage } from './templates/registration-cancelled.tsx';
import { type RegistrationMail, registrationConfirmedHeading, registrationConfirmedMessage } from './templates/registration-confirmed.tsx';
import { registrationWaitlistedHeading, registrationWaitlistedMessage } from './templates/registration-waitlisted.tsx';
import { waitlistPlaceHeading, waitlistPlaceMessage } from './templates/waitlist-place.tsx';
import { type SigningSite, unsubscribeFor } from './unsubscribe.ts';

/** What a template needs besides the site: stored as JSON with the message until the worker writes it. */
type Input<M> = Omit<M, 'site'>;

interface Template<M extends { site: SigningSite; to: string }> {
  /**
   * The key and subject, cheaply, at the time the message is queued: the outbox shows the subject at
   * once (in English until the message is written in its recipient's language).
   */
  heading(input: Input<M>): { key: string; subject: string };
  /** The whole message: the React template, the QR code, the calendar file. */
  write(mail: M): Promise<OutgoingMessage>;
  /** The input again from its JSON (a Date comes back as a string). */
  revive?(stored: Input<M>): Input<M>;
}

const template = <M extends { site: SigningSite; to: string }>(t: Template<M>) => t;

/**
 * The messages written after the commit that queues them, by kind (docs/decisions/040). A message
 * queued while an event's row is locked is queued here: rendering one took about 53 ms of CPU, and
 * a rush of registrations waited on each other's renders.
 */
const templates = {
  'registration-confirmed': template<RegistrationMail>({ heading: registrationConfirmedHeading, write: registrationConfirmedMessage }),
  'registration-waitlisted': template<RegistrationMail & { waitlistPosition: number }>({
    heading: registrationWaitlistedHeading,
    write: registrationWaitlistedMessage,
  }),
  'registration-cancelled': template<CancellationMail>({ heading: registrationCancelledHeading, write: registrationCancelledMessage }),
  'waitlist-place': template<RegistrationMail>({ heading: waitlistPlaceHeading, write: waitlistPlaceMessage }),
  'event-changed': template<EventChangeMail>({
    heading: eventChangedHeading,
    write: eventChangedMessage,
    revive: (stored) => ({ ...stored, changedAt: new Date(stored.changedAt) }),
  }),
  'event-deleted': template<RegistrationMail>({ heading: eventDeletedHeading, write: eventDeletedMessage }),
  'event-reminder': template<Omit<EventReminder, 'site' | 'unsubscribe'> & { accountId: string; site: SigningSite }>({
    heading: eventReminderHeading,
    write: (mail) =>
      eventReminderMessage({
        ...mail,
        unsubscribe: unsubscribeFor(mail.site, { accountId: mail.accountId }, 'reminders', mail.site.secret),
      }),
  }),
  'event-message': template<Omit<EventMessageMail, 'site' | 'unsubscribe'> & { site: SigningSite }>({
    heading: eventMessageHeading,
    write: (mail) =>
      eventMessageMessage({ ...mail, unsubscribe: unsubscribeFor(mail.site, { accountId: mail.accountId }, 'events', mail.site.secret) }),
  }),
  notice: template<Omit<NewNotice, 'site' | 'unsubscribe'> & { site: SigningSite }>({
    heading: newNoticeHeading,
    write: (mail) =>
      newNoticeMessage({ ...mail, unsubscribe: unsubscribeFor(mail.site, { accountId: mail.accountId }, 'notices', mail.site.secret) }),
  }),
  // The charity as it was named when the money came (in the input); the site as it is when written.
  'donation-receipt': template<Omit<ReceiptMail, 'site'> & { site: SigningSite }>({
    heading: donationReceiptHeading,
    write: donationReceiptMessage,
    revive: (stored) => ({ ...stored, paidAt: new Date(stored.paidAt) }),
  }),
  'donation-refunded': template<Omit<RefundMail, 'site'> & { site: SigningSite }>({
    heading: donationRefundedHeading,
    write: donationRefundedMessage,
    revive: (stored) => ({ ...stored, paidAt: new Date(stored.paidAt), refundedAt: new Date(stored.refundedAt) }),
  }),
  'monthly-gift-changed': template<MonthlyGiftMail>({
    heading: monthlyGiftHeading('monthly-gift-changed'),
    write: monthlyGiftMessage('monthly-gift-changed'),
    revive: reviveMonthlyGift,
  }),
  'monthly-gift-failed': template<MonthlyGiftMail>({
    heading: monthlyGiftHeading('monthly-gift-failed'),
    write: monthlyGiftMessage('monthly-gift-failed'),
    revive: reviveMonthlyGift,
  }),
  'monthly-gift-ended': template<MonthlyGiftMail>({
    heading: monthlyGiftHeading('monthly-gift-ended'),
    write: monthlyGiftMessage('monthly-gift-ended'),
    revive: reviveMonthlyGift,
  }),
};

export type TemplateName = keyof typeof templates;
export type TemplateInput<K extends TemplateName> = Parameters<(typeof templates)[K]['heading']>[0];

/**
 * Queues a message to be written by the outbox worker: only its key, kind, recipient, subject and the
 * template's input, in the transaction of the change that causes it (both kept or neither), once per key.
 */
export function enqueueMail<K extends TemplateName>(db: Database, kind: K, input: TemplateInput<K>): Promise<boolean> {
  const { key, subject } = (templates[kind] as Template<{ site: SigningSite; to: string; language?: Language }>).heading(input);
  return enqueueUnwritten(db, { key, kind, to: input.to, subject, input: JSON.stringify(input) });
}

/**
 * Queues one kind of message to many people in one statement, each a copy of the message `source`
 * names (counted by it in the outbox); keys already queued are skipped. How many were new.
 */
export function enqueueMailMany<K extends TemplateName>(
  db: Database,
  kind: K,
  inputs: TemplateInput<K>[],
  source: string,
): Promise<number> {
  const heading = (templates[kind] as Template<{ site: SigningSite; to: string; language?: Language }>).heading;
  return enqueueUnwrittenMany(
    db,
    inputs.map((input) => ({ ...heading(input), kind, to: input.to, input: JSON.stringify(input), source })),
  );
}

/** Writes a queued message from its stored input, with the site as it is now, in its recipient's language. */
export function writeQueued(kind: string, input: string, site: SigningSite, language: Language): Promise<OutgoingMessage> {
  const found = Object.hasOwn(templates, kind)
    ? (templates as Record<string, Template<{ site: SigningSite; to: string; language?: Language }>>)[kind]
    : undefined;
  if (!found) throw new Error(`no template named ${kind}`);
  const stored = JSON.parse(input) as Input<{ site: SigningSite; to: string; language?: Language }>;
  return found.write({ ...(found.revive ? found.revive(stored) : stored), site, language });
}
