import { formatWallDate } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, mailWords, Paragraph, ShiftLine } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

export interface CancellationMail extends RegistrationMail {
  /** An admin cancelled it, not the person. */
  byOrganisers: boolean;
}

function RegistrationCancelled({ mail, unsubscribeUrl }: { mail: CancellationMail; unsubscribeUrl: string }) {
  const { site, event, language } = mail;
  const t = mailWords(mail);
  const when = formatWallDate(event.date, language);
  return (
    <Layout
      site={site}
      language={language}
      preview={t('registrationCancelled.preview', { title: event.title, when })}
      heading={t('registrationCancelled.heading')}
      reason={t('registrationCancelled.reason', { site: site.name })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>{t('registrationCancelled.hello', { name: mail.name })}</Paragraph>
      <Paragraph>
        {mail.byOrganisers
          ? t('registrationCancelled.byOrganisers', { title: event.title, when })
          : t('registrationCancelled.byYou', { title: event.title, when })}
      </Paragraph>
      <ShiftLine event={mail.event} language={mail.language} />
      <Paragraph>{t('registrationCancelled.again')}</Paragraph>
      <Action href={links.event(site, event.id)} language={language}>
        {t('registrationCancelled.open')}
      </Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const registrationCancelledHeading = (mail: Omit<CancellationMail, 'site'>) => ({
  key: `registration-cancelled:${mail.registrationId}`,
  subject: mailWords(mail)('registrationCancelled.subject', {
    title: mail.event.title,
    when: formatWallDate(mail.event.date, mail.language),
  }),
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
