/**
 * What the log must never hold: session tokens, cookies, authorization values, passwords and the values
 * a failed query was given (the sign-in library looks sessions up by token, so a failed session lookup
 * carries one). A session token works as a bearer token, so a log line holding one is a way in.
 */

export const REDACTED = '[redacted]';

/** Object keys (headers, body fields, settings) whose values are secrets wherever they appear. */
const secretKey = /(password|secret|token|cookie|authorization|api[-_]?key|signature)$/i;
/** Query parameters that carry secrets: the above, and the OAuth code and state of a sign-in callback. */
const secretQueryName = /^(code|state|code_verifier)$|(password|secret|token|api[-_]?key|signature)$/i;

/** A part of a cookie or token value, also as it looks percent-encoded in a cookie or address. */
const tokenChars = '(?:[A-Za-z0-9_+/-]|%2[BbFf])';

const textRules: [RegExp, string][] = [
  // Drizzle's failed query: "Failed query: <sql>\nparams: <values>"; the values run to the end of the line.
  [/(\bparams: )(?!\[redacted)[^\n]*/g, `$1${REDACTED}`],
  [/\b(bearer|basic)(\s+)[^\s"',;]+/gi, `$1$2${REDACTED}`],
  // The sign-in library's cookies (session_token, session_data, state, …), secure-prefixed or not.
  [/\b((?:__Secure-|__Host-)?better-auth\.[\w.-]+=)[^;,\s"'&]+/gi, `$1${REDACTED}`],
  [/\b(authorization|proxy-authorization|cookie|set-cookie|set-auth-token|x-api-key)("?\s*[:=]\s*"?)[^"\n]+/gi, `$1$2${REDACTED}`],
  // PostgreSQL quoting the values back: "Key (token)=(…) already exists", "Failing row contains (…)",
  // "unnamed portal parameter $1 = '…'".
  [/(\bKey \([^)\n]*\)=\().*?(\)(?: already exists| is not present|\.|$))/gm, `$1${REDACTED}$2`],
  [/(\bFailing row contains \().*(\))/g, `$1${REDACTED}$2`],
  [/(\bparameter \$\d+ = ')(?:[^']|'')*(')/g, `$1${REDACTED}$2`],
  // A session token (32 letters and digits), alone or signed (`<token>.<signature>`).
  [new RegExp(`(?<![A-Za-z0-9])[A-Za-z0-9]{32}(?:\\.${tokenChars}{20,}(?:=|%3[Dd])*)?(?![A-Za-z0-9])`, 'g'), REDACTED],
];

/**
 * Text with every secret it holds replaced: the exact values in `known` (a failed query's parameters),
 * then anything shaped like a token, cookie, authorization value or quoted query value.
 */
export function scrubText(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const value of known) out = out.split(value).join(REDACTED);
  for (const [pattern, replacement] of textRules) out = out.replace(pattern, replacement);
  return out;
}

/** A calendar feed's address holds its token in the path: /api/calendar/{token}.ics. */
const feedPath = /^(\/api\/calendar\/)[^/?#]+(\.ics)/;

/** An address as it may be logged: a feed's token and the values of secret query parameters replaced. */
export function scrubUrl(address: string): string {
  const url = address.replace(feedPath, `$1${REDACTED}$2`);
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url.slice(queryAt).replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // a malformed name is logged as it came
    }
    return secretQueryName.test(decoded) ? `${separator}${name}=${REDACTED}` : whole;
  });
  return url.slice(0, queryAt) + query;
}

const MAX_DEPTH = 8;
const MAX_ITEMS = 50;
/** A parameter this short would replace ordinary words too; the patterns still catch it when it is a token. */
const MIN_KNOWN_LENGTH = 6;

interface Scrub {
  known: string[];
  seen: WeakSet<object>;
}

/**
 * The values of every query parameter list in an error and its causes (drizzle puts `params` on its
 * error, the embedded driver on its own), longest first so a list is replaced before its parts.
 */
function queryValues(root: unknown): string[] {
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) return;
    seen.add(value);
    const params = (value as { params?: unknown }).params;
    if (Array.isArray(params)) {
      found.add(String(params));
      for (const param of params) if (typeof param === 'string') found.add(param);
    }
    for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], depth + 1);
    if (value instanceof Error) visit(value.cause, depth + 1);
  };
  visit(root, 0);
  return [...found].filter((text) => text.length >= MIN_KNOWN_LENGTH).sort((a, b) => b.length - a.length);
}

function scrubEntries(source: object, into: Record<string, unknown>, scrub: Scrub, depth: number, skip: readonly string[] = []) {
  for (const [key, value] of Object.entries(source)) {
    if (skip.includes(key) || typeof value === 'function' || value === undefined) continue;
    if (key === 'params' && Array.isArray(value)) into[key] = `${REDACTED} (${value.length} values)`;
    else if (secretKey.test(key) && value !== null && value !== '') into[key] = REDACTED;
    else into[key] = scrubAny(value, scrub, depth + 1);
  }
}

function scrubAny(value: unknown, scrub: Scrub, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, scrub.known);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (scrub.seen.has(value)) return '[circular]';
  if (depth > MAX_DEPTH) return '[nested too deep]';
  scrub.seen.add(value);
  if (value instanceof Error) {
    const error = value as Error & { errors?: unknown };
    const out: Record<string, unknown> = {
      type: typeof error.constructor === 'function' && error.constructor.name ? error.constructor.name : error.name,
      message: scrubText(String(error.message), scrub.known),
      stack: error.stack === undefined ? undefined : scrubText(error.stack, scrub.known),
    };
    scrubEntries(error, out, scrub, depth, ['message', 'stack', 'cause']);
    if (error.cause !== undefined) out.cause = scrubAny(error.cause, scrub, depth + 1);
    return out;
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => scrubAny(item, scrub, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  const out: Record<string, unknown> = {};
  scrubEntries(value, out, scrub, depth);
  return out;
}

/**
 * Any value made safe to log: errors become plain objects (type, message, stack, code, the SQL text of
 * a failed query, causes) and every secret in them, or in any other value, is replaced.
 */
export function scrubForLog(value: unknown): unknown {
  return scrubAny(value, { known: queryValues(value), seen: new WeakSet() }, 0);
}
