import { z } from 'zod';

/** Every failure the API reports carries one of these codes; the server maps each to one HTTP status. */
export const errorCodes = [
  'invalid_input',
  'unauthenticated',
  'forbidden',
  /** An admin call from an admin account without two-step sign-in (or a session that did not pass it) under ADMIN_MFA=required. */
  'mfa_required',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal',
  'unavailable',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * The one error body. A call may say more about a failure beside `code` and `message` (POST
 * /api/checkin's 409 gives `reason`, `checkedInAt`, `registrationId` and `name`): its reference says which.
 */
export const errorBodySchema = z.object({
  error: z.looseObject({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
