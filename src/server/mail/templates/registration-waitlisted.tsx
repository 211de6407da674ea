import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import type { Language } from '../../../shared/language.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { unsubscribeFor } from '../unsubscribe.ts';
import { links } from './event-links.ts';
import { Action, Layout, mailWords, Paragraph, ShiftLine } from './layout.tsx';
import type { RegistrationMail } from './registration-confirmed.tsx';

/** A place on the waitlist, in the language's digits and ungrouped, as English has always written it: 'number 1234'. */
export const placeOnList = (position: number, language?: Language) => formatNumber(position, language, { useGrouping: false });

function RegistrationWaitlisted({ mail, position, unsubscribeUrl }: { mail: RegistrationMail; position: number; unsubscribeUrl: string }) {
  const { site, event, language } = mail;
  const t = mailWords(mail);
  const when = formatWallDate(event.date, language);
  const number = placeOnList(position, language);
  return (
    <Layout
      site={site}
      language={language}
      preview={t('registrationWaitlisted.preview', { title: event.title, when, position: number })}
      heading={t('registrationWaitlisted.heading', { title: event.title })}
      reason={t('registrationWaitlisted.reason', { site: site.name })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Paragraph>{t('registrationWaitlisted.hello', { name: mail.name })}</Paragraph>
      <Paragraph>{t('registrationWaitlisted.full', { title: event.title, when, position: number })}</Paragraph>
      <ShiftLine event={mail.event} language={mail.language} />
      <Paragraph>{t('registrationWaitlisted.automatic')}</Paragraph>
      <Action href={links.myEvents(site)} language={language}>
        {t('registrationWaitlisted.myEvents')}
      </Action>
      <Paragraph>{t('registrationWaitlisted.cantCome')}</Paragraph>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const registrationWaitlistedHeading = (mail: Omit<RegistrationMail & { waitlistPosition: number }, 'site'>) => ({
  key: `registration-confirmed:${mail.registrationId}`,
  subject: mailWords(mail)('registrationWaitlisted.subject', {
    title: mail.event.title,
    position: placeOnList(mail.waitlistPosition, mail.language),
  }),
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
