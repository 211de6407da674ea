import { Writable } from 'node:stream';
import { APIError } from 'better-auth';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { scrubForLog, scrubText, scrubUrl } from './log-scrub.ts';
import { authLogger, loggerOptions } from './logger.ts';

// Shaped like the sign-in library's: a session token, and the same token signed as the cookie carries it.
const token = 'TJOLOCDGkAgXDeAWuPcLdD3Pqbg7M2dQ';
const signature = 'ikbeaCmHAthzRmRcY3o7hRYBwx03jvYb5XzIMiUYdFQ=';
const cookieValue = `${token}.${encodeURIComponent(signature)}`;
const email = 'ada.lovelace@example.org';
const sessionInsert = 'insert into "session" ("id", "token", "user_id") values ($1, $2, $3)';

/** A failed session insert as the sign-in library meets it: the driver's error, wrapped by drizzle, wrapped by the library. */
function failedSessionInsert() {
  const database = new pg.DatabaseError('duplicate key value violates unique constraint "session_token_unique"', 180, 'error');
  Object.assign(database, {
    code: '23505',
    constraint: 'session_token_unique',
    detail: `Key (token)=(${token}) already exists.`,
    where: `unnamed portal parameter $2 = '${token}'`,
  });
  const query = new DrizzleQueryError(sessionInsert, ['s-1', token, email], database);
  return APIError.from(
    'INTERNAL_SERVER_ERROR',
    { code: 'FAILED_TO_CREATE_SESSION', message: 'Failed to create session' },
    { cause: query },
  );
}

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  statusCode?: number;
  query?: string;
  params?: string;
  code?: string;
  constraint?: string;
  detail?: string;
  where?: string;
  cause?: LoggedError;
}

function lines(into: string[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      into.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
}

describe('the log scrubber', () => {
  it('keeps a failed query’s SQL, codes and stacks, and none of its values, through the whole cause chain', () => {
    const error = failedSessionInsert();
    const logged = JSON.stringify(scrubForLog(error));

    expect(logged).not.toContain(token);
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('s-1');

    const top = scrubForLog(error) as LoggedError;
    expect(top.type).toBe('APIError');
    expect(top.statusCode).toBe(500);
    const query = top.cause as LoggedError;
    expect(query.type).toBe('DrizzleQueryError');
    expect(query.query).toBe(sessionInsert);
    expect(query.params).toBe('[redacted] (3 values)');
    expect(query.message).toBe(`Failed query: ${sessionInsert}\nparams: [redacted]`);
    expect(query.stack).toContain('log-scrub.test.ts');
    expect(query.stack).toContain('params: [redacted]');
    const database = query.cause as LoggedError;
    expect(database.code).toBe('23505');
    expect(database.constraint).toBe('session_token_unique');
    expect(database.detail).toBe('Key (token)=([redacted]) already exists.');
    expect(database.where).toBe("unnamed portal parameter $2 = '[redacted]'");
  });

  it('replaces a parameter that spans lines, not only the line after "params:"', () => {
    const note = 'first line of a note\nsecond line, private';
    const logged = JSON.stringify(scrubForLog(new DrizzleQueryError('update "notice" set "text" = $1', [note], new Error('timeout'))));
    expect(logged).not.toContain('first line of a note');
    expect(logged).not.toContain('second line, private');
    expect(logged).toContain('update \\"notice\\" set \\"text\\" = $1');
  });

  it('replaces tokens, cookies and authorization values in any text, and leaves the rest', () => {
    const text = [
      `Authorization: Bearer ${token}`,
      `cookie: better-auth.session_token=${cookieValue}; theme=dark`,
      `sent better-auth.session_token=${cookieValue}; theme=dark`,
      `set-auth-token: ${token}.${signature}`,
      `__Secure-better-auth.session_token=${cookieValue}`,
      `{"authorization":"Basic dXNlcjpwYXNz"}`,
      `looked up ${token} for event 0b8e2f4c-3a51-4c57-9d1e-2f64b8a1c9d0: connect ECONNREFUSED 127.0.0.1:5432`,
    ].join('\n');
    const scrubbed = scrubText(text);
    for (const secret of [token, signature, encodeURIComponent(signature), 'dXNlcjpwYXNz']) expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain('0b8e2f4c-3a51-4c57-9d1e-2f64b8a1c9d0: connect ECONNREFUSED 127.0.0.1:5432');
    expect(scrubbed).toContain('cookie: [redacted]\n');
    expect(scrubbed).toContain('sent better-auth.session_token=[redacted]; theme=dark');
  });

  it('hides the OAuth code, state and any token in an address, and keeps the rest of it', () => {
    expect(scrubUrl(`/api/auth/callback/google?state=${cookieValue}%00&code=4%2F0Ab&scope=email`)).toBe(
      '/api/auth/callback/google?state=[redacted]&code=[redacted]&scope=email',
    );
    expect(scrubUrl('/reset?token=abc&email=x')).toBe('/reset?token=[redacted]&email=x');
    expect(scrubUrl('/api/events?q=code&sort=-date')).toBe('/api/events?q=code&sort=-date');
    expect(scrubUrl('/api/calendar/Xy_9-abcDEF.ics?x=1')).toBe('/api/calendar/[redacted].ics?x=1');
  });

  it('censors secret headers and fields wherever an object is logged', () => {
    const logged = JSON.stringify(
      scrubForLog({
        headers: { cookie: `better-auth.session_token=${cookieValue}`, accept: 'text/html' },
        body: { password: 'kettle-harbour-42' },
      }),
    );
    expect(logged).toBe('{"headers":{"cookie":"[redacted]","accept":"text/html"},"body":{"password":"[redacted]"}}');
  });
});

describe('the server log', () => {
  it('writes the error, the headers and the sign-in library’s lines as JSON without a secret', () => {
    const written: string[] = [];
    const log = pino(loggerOptions({ logLevel: 'info' }), lines(written));

    log.error({ err: failedSessionInsert() }, 'request failed');
    log.error(new DrizzleQueryError('select 1 where token = $1', [token], new Error('read ECONNRESET')));
    log.info({ response: { headers: { 'set-auth-token': token, 'set-cookie': `better-auth.session_token=${cookieValue}` } } }, 'answered');
    log.warn(`session ${token} not found`);
    const auth = authLogger(log);
    auth.log?.('error', 'INTERNAL_SERVER_ERROR', failedSessionInsert());
    auth.log?.('warn', 'Cookie cache payload failed', { sessionToken: token, path: ['session'] });
    auth.log?.('debug', 'not written at info');

    const parsed = written.map((line) => JSON.parse(line));
    expect(parsed.map((line) => line.msg)).toEqual([
      'request failed',
      'Failed query: select 1 where token = $1\nparams: [redacted]',
      'answered',
      'session [redacted] not found',
      'INTERNAL_SERVER_ERROR',
      'Cookie cache payload failed',
    ]);
    for (const line of written) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(signature);
      expect(line).not.toContain(email);
    }
    expect(parsed[2].response.headers).toEqual({ 'set-auth-token': '[redacted]', 'set-cookie': '[redacted]' });
    expect(parsed[4]).toMatchObject({ level: 50, source: 'better-auth', err: { type: 'APIError', cause: { query: sessionInsert } } });
    expect(parsed[5]).toMatchObject({ level: 40, source: 'better-auth', details: [{ sessionToken: '[redacted]', path: ['session'] }] });
  });
});
