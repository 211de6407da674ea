import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The pass a person shows at the door: the registration's id and a signature (HMAC-SHA256 with a key
 * drawn from the app's secret), so that a scanned code names one registration and no one can make one
 * up or turn theirs into another's. It is checked with no database read, and works for every phone and
 * every app instance that shares the secret. Short, so its QR code stays easy to scan:
 * `hh1.<id, 16 bytes>.<signature, 16 bytes>`, both base64url (49 characters).
 */

const VERSION = 'hh1';
/** HMAC-SHA256 cut to its first 128 bits (RFC 2104 allows half the hash): unguessable, and a smaller code. */
const MAC_BYTES = 16;

/** A key of its own for passes: a signature made for anything else (sessions, unsubscribe links) never passes here. */
function passKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('registration-pass').digest();
}

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(idBytes: Buffer, secret: string): Buffer {
  return createHmac('sha256', passKey(secret)).update(VERSION).update(idBytes).digest().subarray(0, MAC_BYTES);
}

/** The pass of a registration (its id, a uuid). */
export function passToken(registrationId: string, secret: string): string {
  const id = uuidBytes(registrationId);
  return `${VERSION}.${id.toString('base64url')}.${mac(id, secret).toString('base64url')}`;
}

/** The registration a pass names, or null when it was not signed here (altered, cut short, made up). */
export function readPassToken(token: string, secret: string): string | null {
  const [version, encodedId, encodedMac, ...rest] = token.trim().split('.');
  if (version !== VERSION || !encodedId || !encodedMac || rest.length > 0) return null;
  const id = Buffer.from(encodedId, 'base64url');
  const given = Buffer.from(encodedMac, 'base64url');
  if (id.length !== 16 || given.length !== MAC_BYTES) return null;
  // One spelling per pass: base64url can end in bits that decoding drops, so a changed last letter could still decode alike.
  if (id.toString('base64url') !== encodedId || given.toString('base64url') !== encodedMac) return null;
  if (!timingSafeEqual(given, mac(id, secret))) return null;
  return uuidText(id);
}
