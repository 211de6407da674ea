import { formatEventDate } from '../../../shared/event-date.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, Paragraph } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

export interface EventChangeMail extends RegistrationMail {
  /** The event's date before the change; `event.date` is the new one. */
  previousDate: string;
  /** When the change was saved: each change is its own message, even back to an earlier date. */
  changedAt: Date;
  /** The person's place on the waitlist, when they have no place yet. */
  waitlistPosition?: number | null;
}

function EventChanged({ mail, unsubscribeUrl }: { mail: EventChangeMail; unsubscribeUrl: string }) {
  const { site, event } = mail;
  const when = formatEventDate(event.date);
  return (
    <Layout
      site={site}
      preview={`${event.title} is now on ${when}.`}
      heading={`${event.title} has a new date`}
      reason={`You get this email because you signed up for this event on ${site.name}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>Hello {mail.name},</Paragraph>
      <Paragraph>
        The organisers have moved {event.title}. It is now on {when} (it was on {formatEventDate(mail.previousDate)}).
      </Paragraph>
      <Paragraph>
        {mail.waitlistPosition
          ? `You are still on the waitlist, number ${mail.waitlistPosition}: we will email you if a place frees. If you can no longer come, please cancel in My Events.`
          : 'You are still registered. If you can no longer come, please cancel your registration in My Events.'}
      </Paragraph>
      <Action href={links.myEvents(site)}>See My Events</Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const eventChangedHeading = (mail: Omit<EventChangeMail, 'site'>) => ({
  key: `event-changed:${mail.event.id}:${mail.registrationId}:${mail.event.date}:${mail.changedAt.toISOString()}`,
  subject: `New date: ${mail.event.title} is now on ${formatEventDate(mail.event.date)}`,
});

/** 'Event date changed', to one person registered, queued with the change. */
export async function eventChangedMessage(mail: EventChangeMail): Promise<OutgoingMessage> {
  const unsubscribe = unsubscribeFor(mail.site, { accountId: mail.accountId }, 'events', mail.site.secret);
  const { html, text } = await renderMessage(<EventChanged mail={mail} unsubscribeUrl={unsubscribe.url} />);
  return {
    ...eventChangedHeading(mail),
    kind: 'event-changed',
    to: mail.to,
    html,
    text,
    headers: unsubscribe.headers,
  };
}
