import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MailTopic, mailTopicSchema } from '../../shared/mail-preferences.ts';
import type { MailSite } from './templates/layout.tsx';

/**
 * One-click unsubscribe (RFC 8058). Each message people may stop carries a link naming the account
 * and the kind of email, signed with the app's secret (HMAC-SHA256), so it works without signing in
 * and cannot be forged for another account or topic. It never expires: an old message's link still
 * works. The link is `/api/mail/unsubscribe?token=…`: a mail program POSTs it (one click, no page),
 * and a person's click (GET) is sent on to the page `/unsubscribe?token=…`, which asks first.
 */

/** Kept apart from every other use of the secret: a token signed for something else never passes here. */
const PURPOSE = 'mail-unsubscribe';

function signature(accountId: string, topic: MailTopic, secret: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${accountId}\n${topic}`).digest('base64url');
}

export function unsubscribeToken(accountId: string, topic: MailTopic, secret: string): string {
  return `${Buffer.from(accountId).toString('base64url')}.${topic}.${signature(accountId, topic, secret)}`;
}

/** The account and topic a token names, or null when it was not signed here (altered, cut short, made up). */
export function readUnsubscribeToken(token: string, secret: string): { accountId: string; topic: MailTopic } | null {
  const [encodedId, topicText, given, ...rest] = token.split('.');
  if (!encodedId || !topicText || !given || rest.length > 0) return null;
  const topic = mailTopicSchema.safeParse(topicText);
  if (!topic.success) return null;
  const accountId = Buffer.from(encodedId, 'base64url').toString();
  const expected = Buffer.from(signature(accountId, topic.data, secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  // The id must encode back to exactly what was given: no second spelling of one token.
  if (Buffer.from(accountId).toString('base64url') !== encodedId) return null;
  return { accountId, topic: topic.data };
}

/** The unsubscribe link of a message to `who` about `topic`, and the headers that let mail programs offer it. */
export function unsubscribeFor(
  site: MailSite,
  who: { accountId: string },
  topic: MailTopic,
  secret: string,
): { url: string; headers: Record<string, string> } {
  const url = `${site.publicUrl}/api/mail/unsubscribe?token=${unsubscribeToken(who.accountId, topic, secret)}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The site a message comes from, with the secret that signs its unsubscribe links (the auth secret). */
export interface SigningSite extends MailSite {
  secret: string;
}
