import type { ErrorCode } from '../../shared/errors.ts';

/** The server's error codes, plus the two ways a call fails before the server can answer with one. */
export type ApiErrorCode = ErrorCode | 'network' | 'bad_response';

/**
 * Every failed API call throws this, carrying the server's `{ error }` body when there is one.
 * Kept in its own module so code that only checks errors imports nothing else.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Whatever else the server's error body said beside `code` and `message` (a 409's `reason`, say). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
