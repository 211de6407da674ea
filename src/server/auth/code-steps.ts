import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { account, twoFactor } from '../db/schema.ts';
import type { Auth } from './auth.ts';

/** The authenticator's time-step, and how many steps either side of now a code is taken from (the library's own). */
const STEP_MS = 30_000;
const WINDOW = 1;
/** Secrets imported from elsewhere are kept as `base32:<secret>`; the library's own are used as UTF-8 bytes. */
const BASE32_PREFIX = 'base32:';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | Math.max(0, BASE32.indexOf(char));
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226's six digits for one counter. */
function hotp(key: Buffer, counter: number): string {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(buffer).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Takes the time-step a code belongs to for the account, once: 'claimed' the first time, 'used' when
 * that step (or a later one) was already accepted, 'no-match' when the code is simply wrong (the
 * library then refuses it as usual). The claim is one conditional write, so two requests racing with
 * the same code cannot both have it.
 */
export async function claimCodeStep(db: Database, auth: Auth, userId: string, code: string): Promise<'claimed' | 'used' | 'no-match'> {
  if (!/^\d{6}$/.test(code)) return 'no-match';
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return 'no-match';
  const context = await auth.$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  const key = secret.startsWith(BASE32_PREFIX) ? base32Bytes(secret.slice(BASE32_PREFIX.length)) : Buffer.from(secret, 'utf8');
  const now = Math.floor(Date.now() / STEP_MS);
  let step: number | undefined;
  for (let candidate = now - WINDOW; candidate <= now + WINDOW; candidate += 1) {
    if (timingSafeEqual(Buffer.from(hotp(key, candidate)), Buffer.from(code))) step = candidate;
  }
  if (step === undefined) return 'no-match';
  const claimed = await db
    .update(account)
    .set({ totpLastStep: step })
    .where(and(eq(account.id, userId), or(isNull(account.totpLastStep), lt(account.totpLastStep, step))))
    .returning({ id: account.id });
  return claimed.length > 0 ? 'claimed' : 'used';
}
