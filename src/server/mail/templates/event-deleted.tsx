import { formatWallDate } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, mailWords, Paragraph, ShiftLine } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

function EventDeleted({ mail, unsubscribeUrl }: { mail: RegistrationMail; unsubscribeUrl: string }) {
  const { site, event, language } = mail;
  const t = mailWords(mail);
  const when = formatWallDate(event.date, language);
  return (
    <Layout
      site={site}
      language={language}
      preview={t('eventDeleted.preview', { title: event.title, when })}
      heading={t('eventDeleted.heading', { title: event.title })}
      reason={t('eventDeleted.reason', { site: site.name })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>{t('eventDeleted.hello', { name: mail.name })}</Paragraph>
      <Paragraph>{t('eventDeleted.cancelled', { title: event.title, when })}</Paragraph>
      <ShiftLine event={mail.event} language={mail.language} />
      <Paragraph>{t('eventDeleted.thanks')}</Paragraph>
      <Action href={links.events(site)} language={language}>
        {t('eventDeleted.browse')}
      </Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const eventDeletedHeading = (mail: Omit<RegistrationMail, 'site'>) => ({
  key: `event-deleted:${mail.event.id}:${mail.registrationId}`,
  subject: mailWords(mail)('eventDeleted.subject', { title: mail.event.title, when: formatWallDate(mail.event.date, mail.language) }),
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
