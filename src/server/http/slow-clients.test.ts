import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';

// The product's timeouts are 10 s for headers and 30 s for a whole request; shortened here, same code.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clientTimeouts: { headersMs: 1000, requestMs: 2000 } });
});
afterAll(() => t.close());

function slowConnection(first: string) {
  const socket = net.connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
  socket.write(first);
  return { socket, closed, answer: () => answer };
}

describe('slow clients', () => {
  it('cannot hold connections open: slow headers and slow bodies are cut off, and health answers meanwhile', async () => {
    const opened = performance.now();
    const slowHeaders = Array.from({ length: 100 }, () => slowConnection('GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    const slowBodies = Array.from({ length: 100 }, () =>
      slowConnection(
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
      ),
    );
    // A byte now and then keeps each connection busy without ever finishing.
    const trickle = setInterval(() => {
      for (const c of slowHeaders) c.socket.write('X');
      for (const c of slowBodies) c.socket.write(' ');
    }, 200);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await t.api('/api/health');
      expect(health.status).toBe(200);

      const closedAt = await Promise.all([...slowHeaders, ...slowBodies].map((c) => c.closed));
      // Cut off by the timeouts (checked each second), not left open for good.
      expect(Math.max(...closedAt) - opened).toBeLessThan(6000);
      // Each is told why: 408, for headers and bodies alike.
      expect(new Set([...slowHeaders, ...slowBodies].map((c) => c.answer().split('\r\n')[0]))).toEqual(
        new Set(['HTTP/1.1 408 Request Timeout']),
      );
      expect((await t.api('/api/health')).status).toBe(200);
    } finally {
      clearInterval(trickle);
    }
  });
});
