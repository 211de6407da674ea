import type { FastifyRequest } from 'fastify';

/** What happened to an account's sign-in, as the log names it (one line each, for alerting). */
export type AuthEvent =
  | 'sign-in-failed'
  | 'sign-in-locked'
  | 'second-factor-code-failed'
  | 'second-factor-locked'
  | 'second-factor-enabled'
  | 'second-factor-disabled'
  | 'recovery-codes-regenerated'
  | 'password-reset-requested'
  | 'password-reset-done'
  | 'password-changed'
  | 'account-set-up-link-sent';

/**
 * One JSON line per authentication event, at `warn`, naming the account by its email (ids look like
 * session tokens and are scrubbed from the log) and carrying the request's address and id.
 */
export function authEvent(request: FastifyRequest, event: AuthEvent, account: string | null, details: Record<string, unknown> = {}) {
  request.log.warn({ authEvent: event, account, ...details }, `authentication event: ${event}`);
}
