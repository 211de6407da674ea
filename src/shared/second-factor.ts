import { z } from 'zod';

/** Two-step sign-in (the admin's second factor, open to every account): what the forms check and say. */
export const secondFactorMessages = {
  enterCode: 'Enter the 6-digit code from your authenticator app',
  enterRecoveryCode: 'Enter one of your recovery codes',
  enterPassword: 'Enter your password',
  setUpForAdmin: 'Set up two-step sign-in to use admin pages',
  confirmForAdmin: 'Enter a code from your authenticator app to use admin pages',
  turnedOn: 'Two-step sign-in is on',
  turnedOff: 'Two-step sign-in is off',
  codesCopied: 'Recovery codes copied',
  adminKeepsIt:
    'You are an admin, and this server requires two-step sign-in for admin pages, so it cannot be turned off. ' +
    'If you lose your phone, sign in with a recovery code and set it up again.',
} as const;

/** The 6 digits an authenticator app shows (spaces typed in the middle are dropped). */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, secondFactorMessages.enterCode)),
});

/** A recovery code as shown: ten letters and digits, usually written with a dash in the middle. */
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, secondFactorMessages.enterRecoveryCode)),
});

/** Changes to two-step sign-in ask for the password again. */
export const confirmPasswordSchema = z.object({
  password: z.string().min(1, secondFactorMessages.enterPassword).max(1024),
});
