import { Link } from '@react-email/components';
import { Fragment, type ReactNode } from 'react';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { links } from './event-links.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph } from './layout.tsx';

/** A message an admin wrote to an event's people: one person's copy (issue 34). */
export interface EventMessageMail extends InLanguage {
  site: MailSite;
  /** The message's id (a fresh one for a test copy). */
  messageId: string;
  accountId: string;
  to: string;
  name: string;
  event: { id: string; title: string };
  /** Who wrote it, as the footer names them. */
  author: string;
  subject: string;
  /** Plain text as the admin wrote it: blank lines separate paragraphs; http(s) addresses become links. */
  body: string;
  /** 'Send me a test': the author's own copy, its subject marked as a test. */
  test?: boolean;
  /** One of the after-event messages: its subject and text are the product's words, in the reader's language. */
  kind?: 'thankYou' | 'missedYou';
  /** From `unsubscribeFor(…, 'events', …)`. */
  unsubscribe: { url: string; headers: Record<string, string> };
}

/** An http(s) address in a line of text, without the punctuation that ends a sentence after it. */
const ADDRESS = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/g;

/** A line of the admin's text with its addresses as links; everything else stays text (React escapes it). */
function withLinks(line: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const at = match.index ?? 0;
    if (at > from) parts.push(line.slice(from, at));
    parts.push(
      <Link key={at} href={match[0]}>
        {match[0]}
      </Link>,
    );
    from = at + match[0].length;
  }
  if (from < line.length) parts.push(line.slice(from));
  return parts;
}

/** The admin's text as paragraphs (split by blank lines), its single line breaks kept. */
export function paragraphsOf(body: string): ReactNode[] {
  return body
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph, i) => (
      // The text's own paragraphs, in order; they never move.
      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
      <Paragraph key={i}>
        {paragraph
          .trim()
          .split('\n')
          .map((line, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {withLinks(line)}
            </Fragment>
          ))}
      </Paragraph>
    ));
}

type Heading = Omit<EventMessageMail, 'site' | 'unsubscribe'>;

/** The subject and text: as the admin wrote them, or an after-event message's in the reader's language. */
function wordsOf(mail: Heading): { subject: string; body: string } {
  if (!mail.kind) return { subject: mail.subject, body: mail.body };
  const t = mailWords(mail);
  return {
    subject: t(`eventMessage.${mail.kind}.subject`, { title: mail.event.title }),
    body: t(`eventMessage.${mail.kind}.body`, { title: mail.event.title }),
  };
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const eventMessageHeading = (mail: Heading) => ({
  key: mail.test ? `event-message-test:${mail.messageId}` : `event-message:${mail.messageId}:${mail.accountId}`,
  subject: mail.test ? mailWords(mail)('eventMessage.testSubject', { subject: mail.subject }) : wordsOf(mail).subject,
});

/** One person's copy of a message to an event's people, with the 'event updates' unsubscribe link. */
export async function eventMessageMessage(mail: EventMessageMail): Promise<OutgoingMessage> {
  const { site, language } = mail;
  const t = mailWords(mail);
  const { subject, body } = wordsOf(mail);
  const { html, text } = await renderMessage(
    <Layout
      site={site}
      language={language}
      preview={body.trim().split('\n')[0]?.slice(0, 120) ?? ''}
      heading={subject}
      reason={t('eventMessage.reason', { title: mail.event.title, site: site.name })}
      unsubscribeUrl={mail.unsubscribe.url}
    >
      {mail.test ? <Paragraph>{t('eventMessage.testNote')}</Paragraph> : null}
      <Paragraph>{t('eventMessage.hello', { name: mail.name })}</Paragraph>
      {paragraphsOf(body)}
      <Paragraph>{t('eventMessage.from', { author: mail.author, site: site.name })}</Paragraph>
      {mail.kind ? (
        <Action href={links.events(site)} language={language}>
          {t('eventMessage.upcoming')}
        </Action>
      ) : (
        <Action href={links.event(site, mail.event.id)} language={language}>
          {t('eventMessage.viewEvent', { title: mail.event.title })}
        </Action>
      )}
    </Layout>,
  );
  return { ...eventMessageHeading(mail), kind: 'event-message', to: mail.to, html, text, headers: mail.unsubscribe.headers };
}
