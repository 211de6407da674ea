import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The 'Manage your monthly gift' link in every message about a monthly gift: it names one gift and
 * when it stops working (30 days after the message was written), signed with the app's secret
 * (HMAC-SHA256), so it works without signing in and cannot be made for another gift or made to last.
 */

/** Kept apart from every other use of the secret: a token signed for something else never passes here. */
const PURPOSE = 'monthly-gift';
export const MANAGE_LINK_DAYS = 30;

function signature(subscriptionId: string, expiresAt: number, secret: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${subscriptionId}\n${expiresAt}`).digest('base64url');
}

/** A gift's id in 22 characters (its 16 bytes), so the whole link stays short. */
const encodeId = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url');
function decodeId(encoded: string): string | null {
  const hex = Buffer.from(encoded, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // The id must encode back to exactly what was given: no second spelling of one token.
  return encodeId(id) === encoded ? id : null;
}

export function manageToken(subscriptionId: string, secret: string, now = new Date()): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * 86_400;
  return `${encodeId(subscriptionId)}.${expiresAt}.${signature(subscriptionId, expiresAt, secret)}`;
}

/** The page a manage link opens. */
export const manageUrl = (publicUrl: string, subscriptionId: string, secret: string, now = new Date()) =>
  `${publicUrl}/monthly-gift?token=${manageToken(subscriptionId, secret, now)}`;

export type ManageLink = { subscriptionId: string } | { expired: true } | null;

/** The gift a token names; `{ expired }` for one signed here whose 30 days are over; null when not signed here. */
export function readManageToken(token: string, secret: string, now = new Date()): ManageLink {
  const [encodedId, expiresText, given, ...rest] = token.split('.');
  if (!encodedId || !expiresText || !given || rest.length > 0 || !/^\d{1,12}$/.test(expiresText)) return null;
  const subscriptionId = decodeId(encodedId);
  if (!subscriptionId) return null;
  const expiresAt = Number(expiresText);
  const expected = Buffer.from(signature(subscriptionId, expiresAt, secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (expiresAt * 1000 <= now.getTime()) return { expired: true };
  return { subscriptionId };
}
