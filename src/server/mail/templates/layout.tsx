import { Body, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { formatShiftTimes } from '../../../shared/format.ts';
import type { Language } from '../../../shared/language.ts';
import { type Words, wordsFor } from '../../words.ts';

/** What every message knows about the site it comes from. */
export interface MailSite {
  /** The organisation's name (its settings). */
  name: string;
  /** The address people use to reach the app, without a trailing slash. */
  publicUrl: string;
  /** The site's time zone (its settings): event times are wall-clock times there. */
  timeZone: string;
  /** The organisation's postal address (its settings), in every message's footer; absent or '' when none is set. */
  address?: string;
  /** The organisation's contact email and charity registration number (its settings), for receipts; '' when none. */
  email?: string;
  registrationNumber?: string;
  /** The organisation's default language (its settings): mail to someone who never chose one is in it. */
  defaultLanguage?: Language;
}

/**
 * The language a message is written in: its recipient's (their account's choice, else the site's
 * default), set when the outbox writes it (mail/language.ts). Absent: English.
 */
export interface InLanguage {
  language?: Language;
}

/** The mail words in a message's language: `mailWords(mail)('registrationConfirmed.heading', { title })`. */
export const mailWords = ({ language = 'en' }: InLanguage): Words => wordsFor(language, 'mail');

const page = { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px' };
const text = { color: '#1f2933', fontSize: '16px', lineHeight: '24px' };
const small = { color: '#52606d', fontSize: '13px', lineHeight: '20px' };

/**
 * The frame of every message: the site's logo and name, a heading, the content, and a footer that
 * says why the message came (and, for messages people may stop, the unsubscribe link).
 */
export function Layout(props: {
  site: MailSite;
  /** The message's language: the html's `lang`, and the footer's words. */
  language?: Language;
  /** The line mail programs show beside the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** Why this person gets this message, in the footer. */
  reason: string;
  /** One-click unsubscribe address, for messages that are not about the account's security. */
  unsubscribeUrl?: string;
}) {
  const { site } = props;
  const t = mailWords(props);
  return (
    <Html lang={props.language ?? 'en'}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>
            <Img src={`${site.publicUrl}/images/logo-email.png`} width="48" height="48" alt={site.name} />
            <Text style={{ ...text, fontWeight: 700, margin: '8px 0 0' }}>{site.name}</Text>
          </Section>
          <Heading as="h1" style={{ color: '#1f2933', fontSize: '22px', lineHeight: '30px', margin: '24px 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: '#e4e7eb', margin: '32px 0 16px' }} />
          <Text style={small}>
            {props.reason} <Link href={site.publicUrl}>{site.publicUrl.replace(/^https?:\/\//, '')}</Link>
          </Text>
          {/* Where the sender can be found, as bulk-mail rules (CAN-SPAM, PECR) expect; typed on several lines, said on one. */}
          {site.address ? <Text style={small}>{`${site.name}, ${oneLine(site.address)}`}</Text> : null}
          {props.unsubscribeUrl ? (
            <Text style={small}>
              {t('layout.unsubscribeAsk')} <Link href={props.unsubscribeUrl}>{t('layout.unsubscribe')}</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** An address typed on several lines, as one line of a message. */
export function oneLine(text: string): string {
  return text
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join(', ');
}

/** A paragraph in a message's body. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/**
 * The shift a message is about, on an event staffed by shifts: its role and times ('Your shift: Driver,
 * Saturday 5 December 2026, 8:00 am – 10:00 am'). Nothing for an event without shifts.
 */
export function ShiftLine({
  event,
  language,
}: {
  event: { role?: string | null; date: string; end?: string | null };
  language?: Language;
}) {
  if (!event.role || !event.end) return null;
  const t = mailWords({ language });
  return <Paragraph>{t('layout.shift', { role: event.role, when: formatShiftTimes(event.date, event.end, language) })}</Paragraph>;
}

/** The one action a message asks for, as a button with its address written out below for plain-text readers. */
export function Action({ href, children, language }: { href: string; children: ReactNode; language?: Language }) {
  const t = mailWords({ language });
  return (
    <Section style={{ margin: '24px 0' }}>
      <Link
        href={href}
        style={{
          backgroundColor: '#1c7ed6',
          borderRadius: '6px',
          color: '#ffffff',
          display: 'inline-block',
          fontSize: '16px',
          fontWeight: 600,
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Link>
      <Text style={small}>
        {t('layout.openAddress')} <Link href={href}>{href}</Link>
      </Text>
    </Section>
  );
}
