import { formatEventDate } from '../../../shared/event-date.ts';
import { calendarFile } from '../ics.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { passAttachment } from '../pass-code.ts';
import { renderMessage } from '../render.ts';
import { type SigningSite, unsubscribeFor } from '../unsubscribe.ts';
import { links, type MailEvent } from './event-links.ts';
import { Action, Layout, type MailSite, Paragraph } from './layout.tsx';
import { PassCode } from './pass-code.tsx';

export interface RegistrationMail {
  site: SigningSite;
  registrationId: string;
  accountId: string;
  to: string;
  name: string;
  event: MailEvent;
}

/** The calendar entry's UID: one per registration, the same in every message about it. */
export const registrationUid = (site: MailSite, registrationId: string) =>
  `registration-${registrationId}@${new URL(site.publicUrl).hostname}`;

function RegistrationConfirmed({ mail, unsubscribeUrl }: { mail: RegistrationMail; unsubscribeUrl: string }) {
  const { site, event } = mail;
  const when = formatEventDate(event.date);
  return (
    <Layout
      site={site}
      preview={`You are registered for ${event.title} on ${when}.`}
      heading={`You are registered for ${event.title}`}
      reason={`You get this email because you registered for an event on ${site.name}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>Hello {mail.name},</Paragraph>
      <Paragraph>
        Thank you for volunteering. We look forward to seeing you at {event.title} on {when}.
      </Paragraph>
      <PassCode />
      <Paragraph>The calendar file attached to this email (event.ics) adds the event to your calendar.</Paragraph>
      <Action href={links.myEvents(site)}>See My Events</Action>
      <Paragraph>Can’t come after all? Cancel your registration in My Events, so the organisers know.</Paragraph>
    </Layout>
  );
}

/** 'Registration confirmed', with the pass to show at the door and the event as a calendar file, queued with the registration. */
/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const registrationConfirmedHeading = (mail: Omit<RegistrationMail, 'site'>) => ({
  key: `registration-confirmed:${mail.registrationId}`,
  subject: `You are registered: ${mail.event.title}, ${formatEventDate(mail.event.date)}`,
});

export async function registrationConfirmedMessage(mail: RegistrationMail): Promise<OutgoingMessage> {
  const { site, event } = mail;
  const unsubscribe = unsubscribeFor(site, { accountId: mail.accountId }, 'events', site.secret);
  const { html, text } = await renderMessage(<RegistrationConfirmed mail={mail} unsubscribeUrl={unsubscribe.url} />);
  const ics = calendarFile(
    {
      uid: registrationUid(site, mail.registrationId),
      date: event.date,
      end: event.end,
      timeZone: site.timeZone,
      summary: event.title,
      description: `${event.desc}\n\n${links.event(site, event.id)}`,
      location: event.location,
      url: links.event(site, event.id),
    },
    { siteName: site.name },
  );
  return {
    ...registrationConfirmedHeading(mail),
    kind: 'registration-confirmed',
    to: mail.to,
    html,
    text,
    attachments: [
      { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ics).toString('base64') },
      await passAttachment(mail.registrationId, site.secret),
    ],
    headers: unsubscribe.headers,
  };
}
