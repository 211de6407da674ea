import { formatEventDate } from '../../../shared/event-date.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, Paragraph } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

function RegistrationWaitlisted({ mail, position, unsubscribeUrl }: { mail: RegistrationMail; position: number; unsubscribeUrl: string }) {
  const { site, event } = mail;
  const when = formatEventDate(event.date);
  return (
    <Layout
      site={site}
      preview={`${event.title} on ${when} is full: you are number ${position} on the waitlist.`}
      heading={`You are on the waitlist for ${event.title}`}
      reason={`You get this email because you registered for an event on ${site.name}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>Hello {mail.name},</Paragraph>
      <Paragraph>
        Thank you for volunteering. {event.title} on {when} is full, so you are on the waitlist: number {position}.
      </Paragraph>
      <Paragraph>When a place frees up, the first person waiting gets it automatically, and we email you when it is yours.</Paragraph>
      <Action href={links.myEvents(site)}>See My Events</Action>
      <Paragraph>Can’t come after all? Cancel in My Events, so the people after you move up.</Paragraph>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const registrationWaitlistedHeading = (mail: Omit<RegistrationMail & { waitlistPosition: number }, 'site'>) => ({
  key: `registration-confirmed:${mail.registrationId}`,
  subject: `You are on the waitlist: ${mail.event.title}, number ${mail.waitlistPosition}`,
});

/**
 * The confirmation of a registration for a full event: the person's number on the waitlist, and no
 * calendar file (the place is not yet theirs; 'You have a place' follows when it is).
 */
export async function registrationWaitlistedMessage(mail: RegistrationMail & { waitlistPosition: number }): Promise<OutgoingMessage> {
  const { site } = mail;
  const position = mail.waitlistPosition;
  const unsubscribe = unsubscribeFor(site, { accountId: mail.accountId }, 'events', site.secret);
  const { html, text } = await renderMessage(<RegistrationWaitlisted mail={mail} position={position} unsubscribeUrl={unsubscribe.url} />);
  return {
    ...registrationWaitlistedHeading(mail),
    kind: 'registration-waitlisted',
    to: mail.to,
    html,
    text,
    headers: unsubscribe.headers,
  };
}
