import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailSite } from './templates/layout.tsx';

/** What a person may stop receiving by email. Security messages (verification, reset) and receipts have none. */
export type MailTopic = 'events' | 'reminders' | 'notices';

/** The site a message comes from, with the secret that signs its unsubscribe links (the auth secret). */
export interface SigningSite extends MailSite {
  secret: string;
}

export interface Unsubscribe {
  /** The one-click address, for the message's footer. */
  url: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058), for the message's headers. */
  headers: Record<string, string>;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/**
 * The unsubscribe link and headers of a message on `topic` to `who` (an account id, or an email
 * address for someone without an account; an address has an '@', an account id never does).
 * The token is the subject and topic, signed with the site's secret, so it needs no stored state.
 */
export function unsubscribeFor(site: SigningSite, who: string, topic: MailTopic): Unsubscribe {
  const payload = Buffer.from(JSON.stringify({ who, topic })).toString('base64url');
  const token = `${payload}.${sign(site.secret, payload)}`;
  const url = `${site.publicUrl}/api/mail/unsubscribe?token=${token}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** Who and what a token from `unsubscribeFor` names, or null when it was not signed with this secret. */
export function readUnsubscribeToken(secret: string, token: string): { who: string; topic: MailTopic } | null {
  const [payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { who?: unknown; topic?: unknown };
    if (typeof parsed.who !== 'string' || !['events', 'reminders', 'notices'].includes(String(parsed.topic))) return null;
    return { who: parsed.who, topic: parsed.topic as MailTopic };
  } catch {
    return null;
  }
}
