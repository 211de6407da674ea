import { formatEventDate } from '../../../shared/event-date.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, Paragraph } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

export interface CancellationMail extends RegistrationMail {
  /** An admin cancelled it, not the person. */
  byOrganisers: boolean;
}

function RegistrationCancelled({ mail, unsubscribeUrl }: { mail: CancellationMail; unsubscribeUrl: string }) {
  const { site, event } = mail;
  const when = formatEventDate(event.date);
  return (
    <Layout
      site={site}
      preview={`Your registration for ${event.title} on ${when} is cancelled.`}
      heading="Your registration is cancelled"
      reason={`You get this email because you had registered for an event on ${site.name}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>Hello {mail.name},</Paragraph>
      <Paragraph>
        {mail.byOrganisers
          ? `The organisers have cancelled your registration for ${event.title} on ${when}.`
          : `You have cancelled your registration for ${event.title} on ${when}.`}
      </Paragraph>
      <Paragraph>If this was a mistake, you can register again from the event’s page.</Paragraph>
      <Action href={links.event(site, event.id)}>Open the event</Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const registrationCancelledHeading = (mail: Omit<CancellationMail, 'site'>) => ({
  key: `registration-cancelled:${mail.registrationId}`,
  subject: `Registration cancelled: ${mail.event.title}, ${formatEventDate(mail.event.date)}`,
});

/** 'Registration cancelled', queued with the deletion of the registration. */
export async function registrationCancelledMessage(mail: CancellationMail): Promise<OutgoingMessage> {
  const unsubscribe = unsubscribeFor(mail.site, { accountId: mail.accountId }, 'events', mail.site.secret);
  const { html, text } = await renderMessage(<RegistrationCancelled mail={mail} unsubscribeUrl={unsubscribe.url} />);
  return {
    ...registrationCancelledHeading(mail),
    kind: 'registration-cancelled',
    to: mail.to,
    html,
    text,
    headers: unsubscribe.headers,
  };
}
