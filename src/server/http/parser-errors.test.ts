import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, type TestAccount } from '../test/accounts.ts';
import { sharedApp } from '../test/shared-app.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let who: TestAccount;

sharedApp({ who: {} }, (started) => ({ t, who } = started));

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: unknown;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/** Sends bytes fetch cannot send (a bad method, a broken header), and reads the answer off the socket. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    let text = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      const end = text.indexOf('\r\n\r\n');
      const head = text.slice(0, end).split('\r\n');
      const headers = new Map(
        head.slice(1).map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
        }),
      );
      const length = Number(headers.get('content-length'));
      const body = text.slice(end + 4);
      if (!closed && (end < 0 || body.length < length)) return;
      settled = true;
      socket.destroy();
      resolve({ status: Number(head[0]?.split(' ')[1]), headers, body: JSON.parse(body.slice(0, length)), closed });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
      // An answer the server keeps the connection open after is complete once its body is in.
      if (!text.toLowerCase().includes('connection: close')) finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', reject);
    socket.write(request);
  });
}

const host = () => `Host: ${new URL(t.baseUrl).host}\r\n`;

describe('requests Node cannot read as HTTP', () => {
  it('a method HTTP does not know: 400 in the error format, and the connection closed', async () => {
    const answer = await raw(`FROBNICATE /api/events HTTP/1.1\r\n${host()}\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: { code: 'invalid_input', message: 'The request’s method is not one HTTP knows' } });
    expect(answer.closed).toBe(true);
  });

  it('a broken header line: 400 in the error format', async () => {
    const answer = await raw(`GET /api/events HTTP/1.1\r\n${host()}Bad Header Without Colon\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'invalid_input', message: 'The request could not be read as HTTP' } });
    expect(answer.closed).toBe(true);
  });

  it('headers larger than the server reads: 431 in the error format', async () => {
    const answer = await raw(`GET /api/events HTTP/1.1\r\n${host()}X-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ error: { code: 'payload_too_large', message: 'The request’s headers are too large' } });
  });
});

describe('requests the app refuses before any route', () => {
  it('a method HTTP knows but the API has no route for: 404 in the error format', async () => {
    const answer = await raw(`PROPFIND /api/events HTTP/1.1\r\n${host()}Connection: close\r\n\r\n`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 'not_found', message: 'Nothing at PROPFIND /api/events' } });
  });

  it('a malformed URL (bad percent-encoding): 400 in the error format', async () => {
    const answer = await raw(`GET /api/events/%E0%A4%A HTTP/1.1\r\n${host()}Connection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { code: string } }).error.code).toBe('invalid_input');
  });

  it('a malformed JSON body: 400 in the error format', async () => {
    const res = await t.api('/api/review', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseUrl, ...who.auth },
      body: '{"message": "unfinished',
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/JSON/);
  });

  it('a body of a type the route does not take: 400 in the error format', async () => {
    const res = await t.api('/api/review', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', origin: t.baseUrl, ...who.auth },
      body: '<review/>',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_input');
  });

  it('a body larger than the route takes: 413 in the error format', async () => {
    const res = await call(t, 'POST', '/api/review', { message: 'Big', review: 'x'.repeat(2_000_000) }, who.auth);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });
});
