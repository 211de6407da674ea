import { formatWallDate } from '../../../shared/format.ts';
import { calendarFile } from '../ics.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { passAttachment } from '../pass-code.ts';
import { renderMessage } from '../render.ts';
import { type SigningSite, unsubscribeFor } from '../unsubscribe.ts';
import { links, type MailEvent } from './event-links.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph, ShiftLine } from './layout.tsx';
import { PassCode } from './pass-code.tsx';

export interface RegistrationMail extends InLanguage {
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
  const { site, event, language } = mail;
  const t = mailWords(mail);
  const when = formatWallDate(event.date, language);
  return (
    <Layout
      site={site}
      language={language}
      preview={t('registrationConfirmed.preview', { title: event.title, when })}
      heading={t('registrationConfirmed.heading', { title: event.title })}
      reason={t('registrationConfirmed.reason', { site: site.name })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>{t('registrationConfirmed.hello', { name: mail.name })}</Paragraph>
      <Paragraph>{t('registrationConfirmed.thanks', { title: event.title, when })}</Paragraph>
      <ShiftLine event={mail.event} language={mail.language} />
      <PassCode language={language} />
      <Paragraph>{t('registrationConfirmed.calendar')}</Paragraph>
      <Action href={links.myEvents(site)} language={language}>
        {t('registrationConfirmed.myEvents')}
      </Action>
      <Paragraph>{t('registrationConfirmed.cantCome')}</Paragraph>
    </Layout>
  );
}

/** 'Registration confirmed', with the pass to show at the door and the event as a calendar file, queued with the registration. */
/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const registrationConfirmedHeading = (mail: Omit<RegistrationMail, 'site'>) => ({
  key: `registration-confirmed:${mail.registrationId}`,
  subject: mailWords(mail)('registrationConfirmed.subject', {
    title: mail.event.title,
    when: formatWallDate(mail.event.date, mail.language),
  }),
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
      summary: event.role ? `${event.title}: ${event.role}` : event.title,
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
