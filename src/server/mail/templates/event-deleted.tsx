import { formatEventDate } from '../../../shared/event-date.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, Paragraph } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

function EventDeleted({ mail, unsubscribeUrl }: { mail: RegistrationMail; unsubscribeUrl: string }) {
  const { site, event } = mail;
  const when = formatEventDate(event.date);
  return (
    <Layout
      site={site}
      preview={`${event.title} on ${when} will not take place.`}
      heading={`${event.title} is cancelled`}
      reason={`You get this email because you signed up for this event on ${site.name}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>Hello {mail.name},</Paragraph>
      <Paragraph>
        The organisers have cancelled {event.title}, which was to take place on {when}. Your registration for it has ended, and there is
        nothing you need to do.
      </Paragraph>
      <Paragraph>Thank you for offering your time. Other events could use your help.</Paragraph>
      <Action href={links.events(site)}>Browse events</Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const eventDeletedHeading = (mail: Omit<RegistrationMail, 'site'>) => ({
  key: `event-deleted:${mail.event.id}:${mail.registrationId}`,
  subject: `Cancelled: ${mail.event.title}, ${formatEventDate(mail.event.date)}`,
});

/** 'Event cancelled', to one person registered, queued with the deletion of the event. */
export async function eventDeletedMessage(mail: RegistrationMail): Promise<OutgoingMessage> {
  const unsubscribe = unsubscribeFor(mail.site, { accountId: mail.accountId }, 'events', mail.site.secret);
  const { html, text } = await renderMessage(<EventDeleted mail={mail} unsubscribeUrl={unsubscribe.url} />);
  return {
    ...eventDeletedHeading(mail),
    kind: 'event-deleted',
    to: mail.to,
    html,
    text,
    headers: unsubscribe.headers,
  };
}
