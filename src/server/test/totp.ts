import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The secret of an `otpauth://totp/…?secret=…` address, as an authenticator app reads it. */
export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  return secret;
}

const STEP_MS = 30_000;

/** The 6-digit code an authenticator app shows for a base32 secret (RFC 6238: HMAC-SHA1, 30 s steps). */
export function totpCode(base32Secret: string, at = Date.now()): string {
  return codeAtStep(base32Secret, Math.floor(at / STEP_MS));
}

/** The last time-step each secret's code was given out here. */
const lastStep = new Map<string, number>();

/**
 * A code the server has not accepted yet: it takes each time-step once per account (and one step
 * either side of now), so a second code within 30 s is the next step's, as an app would show it a
 * moment later; a third waits until time has moved on.
 */
export async function unusedTotpCode(base32Secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(now, (lastStep.get(base32Secret) ?? now - 1) + 1);
    if (step <= now + 1) {
      lastStep.set(base32Secret, step);
      return codeAtStep(base32Secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 50));
  }
}

function codeAtStep(base32Secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(base32Secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, '0');
}
