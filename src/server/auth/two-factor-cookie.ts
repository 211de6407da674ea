import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth.ts';

/**
 * Whose password sign-in waits for a code: the account named by the library's signed `two_factor`
 * cookie (its value is a verification row's identifier, whose value is the account id). Undefined
 * when the cookie is missing, forged or expired: the library then refuses the code itself.
 */
export async function twoFactorCookieOwner(auth: Auth, cookieHeader: string | undefined): Promise<string | undefined> {
  if (!cookieHeader) return undefined;
  const context = await auth.$context;
  const name = context.createAuthCookie('two_factor').name;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!raw) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const signed = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', context.secret).update(signed).digest('base64'));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
  const found = await context.internalAdapter.findVerificationValue(signed);
  if (!found || new Date(found.expiresAt).getTime() <= Date.now()) return undefined;
  return found.value;
}
