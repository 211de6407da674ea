import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { ApiError } from './api-error.ts';
import { webConfig } from './config.ts';

/** Used when a reply is not our JSON error body (a proxy page, an empty 502). */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'invalid_input';
}

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as Partial<ErrorBody> | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(
    response.status,
    codeForStatus(response.status),
    `The server answered ${response.status} ${response.statusText}`.trim(),
  );
}

export interface ApiResult<T> {
  data: T;
  headers: Headers;
}

/**
 * GET a JSON resource under /api. The type comes from the shared contract; the server checks every
 * reply against the same schemas before it sends it, so the page does not parse it again (and the
 * home page does not download zod).
 */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(`${webConfig.apiBase}${path}`, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  try {
    return { data: (await response.json()) as T, headers: response.headers };
  } catch {
    throw new ApiError(response.status, 'bad_response', 'The server sent a reply this page does not understand.');
  }
}
