import { formatWallDate } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, mailWords, Paragraph, ShiftLine } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';
import { placeOnList } from './registration-waitlisted.tsx';

export interface EventChangeMail extends RegistrationMail {
  /** The event's date before the change; `event.date` is the new one. */
  previousDate: string;
  /** When the change was saved: each change is its own message, even back to an earlier date. */
  changedAt: Date;
  /** The person's place on the waitlist, when they have no place yet. */
  waitlistPosition?: number | null;
}

function EventChanged({ mail, unsubscribeUrl }: { mail: EventChangeMail; unsubscribeUrl: string }) {
  const { site, event, language } = mail;
  const t = mailWords(mail);
  const when = formatWallDate(event.date, language);
  return (
    <Layout
      site={site}
      language={language}
      preview={t('eventChanged.preview', { title: event.title, when })}
      heading={t('eventChanged.heading', { title: event.title })}
      reason={t('eventChanged.reason', { site: site.name })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>{t('eventChanged.hello', { name: mail.name })}</Paragraph>
      <Paragraph>{t('eventChanged.moved', { title: event.title, when, before: formatWallDate(mail.previousDate, language) })}</Paragraph>
      <ShiftLine event={mail.event} language={mail.language} />
      <Paragraph>
        {mail.waitlistPosition
          ? t('eventChanged.stillWaiting', { position: placeOnList(mail.waitlistPosition, language) })
          : t('eventChanged.stillRegistered')}
      </Paragraph>
      <Action href={links.myEvents(site)} language={language}>
        {t('eventChanged.myEvents')}
      </Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const eventChangedHeading = (mail: Omit<EventChangeMail, 'site'>) => ({
  key: `event-changed:${mail.event.id}:${mail.registrationId}:${mail.event.date}:${mail.changedAt.toISOString()}`,
  subject: mailWords(mail)('eventChanged.subject', { title: mail.event.title, when: formatWallDate(mail.event.date, mail.language) }),
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
