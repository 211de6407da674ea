import type { ErrorCode } from '../shared/errors.ts';

/** The one way a route or service fails on purpose. The error handler turns it into JSON. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** More about the failure, beside `code` and `message` in the error body (a refused check-in's reason and time). */
    readonly details?: Record<string, string | number | boolean | null>,
  ) {
    super(message);
  }
}

export const statusByCode: Record<ErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  mfa_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);

/** For failures that arrive with only an HTTP status (from Fastify or the sign-in library). */
export const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'invalid_input',
  422: 'invalid_input',
  429: 'rate_limited',
};
