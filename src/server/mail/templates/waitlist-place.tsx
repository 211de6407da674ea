import { formatEventDate } from '../../../shared/event-date.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { passAttachment } from '../pass-code.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, Paragraph } from './layout.tsx';
import { PassCode } from './pass-code.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

function WaitlistPlace({ mail, unsubscribeUrl }: { mail: RegistrationMail; unsubscribeUrl: string }) {
  const { site, event } = mail;
  const when = formatEventDate(event.date);
  return (
    <Layout
      site={site}
      preview={`A place freed up: you are now registered for ${event.title} on ${when}.`}
      heading={`You have a place at ${event.title}`}
      reason={`You get this email because you joined the waitlist for an event on ${site.name}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>Hello {mail.name},</Paragraph>
      <Paragraph>
        A place freed up, and you were next on the waitlist: you are now registered for {event.title} on {when}. We look forward to seeing
        you.
      </Paragraph>
      <PassCode />
      <Action href={links.myEvents(site)}>See My Events</Action>
      <Paragraph>Can’t come after all? Cancel your registration in My Events, so the next person waiting gets the place.</Paragraph>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const waitlistPlaceHeading = (mail: Omit<RegistrationMail, 'site'>) => ({
  key: `waitlist-place:${mail.registrationId}`,
  subject: `You have a place: ${mail.event.title}`,
});

/** 'You have a place', with the pass to show at the door, queued in the transaction that moved the person up from the waitlist. */
export async function waitlistPlaceMessage(mail: RegistrationMail): Promise<OutgoingMessage> {
  const { site } = mail;
  const unsubscribe = unsubscribeFor(site, { accountId: mail.accountId }, 'events', site.secret);
  const { html, text } = await renderMessage(<WaitlistPlace mail={mail} unsubscribeUrl={unsubscribe.url} />);
  return {
    ...waitlistPlaceHeading(mail),
    kind: 'waitlist-place',
    to: mail.to,
    html,
    text,
    attachments: [await passAttachment(mail.registrationId, site.secret)],
    headers: unsubscribe.headers,
  };
}
