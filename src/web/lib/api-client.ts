import i18next from 'i18next';
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
    const { code, message, fields, ...details } = body.error;
    return new ApiError(response.status, code, message, fields, details);
  }
  const status = String(response.status);
  return new ApiError(
    response.status,
    codeForStatus(response.status),
    (i18next.isInitialized
      ? i18next.t('apiError.answered', { status, statusText: response.statusText })
      : `The server answered ${status} ${response.statusText}`
    ).trim(),
  );
}

/**
 * The page's own words for a call that failed before the server could say why (common.json apiError),
 * in the reader's language; English while no words are loaded (a page drawn on the server).
 */
function networkFailure(): string {
  return i18next.isInitialized ? i18next.t('apiError.network') : 'Could not reach the server. Check your connection and try again.';
}

function badResponse(): string {
  return i18next.isInitialized ? i18next.t('apiError.badResponse') : 'The server sent a reply this page does not understand.';
}

export interface ApiResult<T> {
  data: T;
  headers: Headers;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a call reaches the server: the browser's fetch, or, when the server renders a page, its own in-process answer. */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

/** For the server's page renderer only: calls under /api are answered by the app itself, with no cookie. */
export function answerApiCallsWith(answer: (url: string, init: RequestInit) => Promise<Response>) {
  transport = answer;
}

/**
 * One call under /api. The type comes from the shared contract; the server checks every reply
 * against the same schemas before it sends it, so the page does not parse it again (and the home
 * page does not download zod).
 */
async function request<T>(method: Method, path: string, init: { body?: BodyInit; contentType?: string; signal?: AbortSignal }) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.contentType) headers['Content-Type'] = init.contentType;
  let response: Response;
  try {
    response = await transport(`${webConfig.apiBase}${path}`, {
      method,
      headers,
      body: init.body,
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network', networkFailure());
  }
  if (!response.ok) throw await toApiError(response);
  try {
    const text = await response.text();
    return { data: (text ? JSON.parse(text) : null) as T, headers: response.headers } satisfies ApiResult<T>;
  } catch {
    throw new ApiError(response.status, 'bad_response', badResponse());
  }
}

/** GET a JSON resource under /api. */
export function getJson<T>(path: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  return request<T>('GET', path, { signal });
}

/** Sends `body` as JSON: `sendJson('PUT', '/users', profile)`. */
export function sendJson<T>(method: Exclude<Method, 'GET'>, path: string, body: unknown, signal?: AbortSignal): Promise<ApiResult<T>> {
  return request<T>(method, path, { body: JSON.stringify(body), contentType: 'application/json', signal });
}

/** Sends a file as the raw request body, typed as the file says (`image/png`). */
export function sendFile<T>(method: 'POST' | 'PUT', path: string, file: Blob, signal?: AbortSignal): Promise<ApiResult<T>> {
  return request<T>(method, path, { body: file, contentType: file.type || 'application/octet-stream', signal });
}

/** DELETE with no body (a JSON content type with an empty body is refused by the server). */
export function deleteJson<T>(path: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  return request<T>('DELETE', path, { signal });
}
