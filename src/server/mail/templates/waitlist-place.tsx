import { formatWallDate } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { passAttachment } from '../pass-code.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, mailWords, Paragraph, ShiftLine } from './layout.tsx';
import { PassCode } from './pass-code.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

function WaitlistPlace({ mail, unsubscribeUrl }: { mail: RegistrationMail; unsubscribeUrl: string }) {
  const { site, event, language } = mail;
  const t = mailWords(mail);
  const when = formatWallDate(event.date, language);
  return (
    <Layout
      site={site}
      language={language}
      preview={t('waitlistPlace.preview', { title: event.title, when })}
      heading={t('waitlistPlace.heading', { title: event.title })}
      reason={t('waitlistPlace.reason', { site: site.name })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>{t('waitlistPlace.hello', { name: mail.name })}</Paragraph>
      <Paragraph>{t('waitlistPlace.freed', { title: event.title, when })}</Paragraph>
      <ShiftLine event={mail.event} language={mail.language} />
      <PassCode language={language} />
      <Action href={links.myEvents(site)} language={language}>
        {t('waitlistPlace.myEvents')}
      </Action>
      <Paragraph>{t('waitlistPlace.cantCome')}</Paragraph>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const waitlistPlaceHeading = (mail: Omit<RegistrationMail, 'site'>) => ({
  key: `waitlist-place:${mail.registrationId}`,
  subject: mailWords(mail)('waitlistPlace.subject', { title: mail.event.title }),
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
