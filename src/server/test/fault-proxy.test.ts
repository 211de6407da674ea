import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts';

// The proxy the failure tests rely on, checked against an echo service.
let echo: net.Server;
let proxy: FaultProxy;

beforeAll(async () => {
  echo = net.createServer((socket) => socket.pipe(socket));
  echo.listen(0, '127.0.0.1');
  await once(echo, 'listening');
  proxy = await startFaultProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
});

afterAll(async () => {
  await proxy.close();
  echo.close();
});

async function connect() {
  const socket = net.connect(proxy.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<string>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    socket.on('close', () => resolve('closed'));
  });
  await once(socket, 'connect');
  return { socket, received: () => received, closed };
}

describe('the fault proxy', () => {
  it('passes bytes, holds them while stalled, lets them through when service returns, and resets when refusing', async () => {
    proxy.set('pass');
    const open = await connect();
    open.socket.write('hello');
    await expect.poll(open.received).toBe('hello');

    proxy.set('stall');
    open.socket.write(' again');
    const late = await connect();
    late.socket.write('queued');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(open.received()).toBe('hello');
    expect(late.received()).toBe('');

    proxy.set('pass');
    await expect.poll(open.received).toBe('hello again');
    await expect.poll(late.received).toBe('queued');

    proxy.set('refuse');
    expect(await open.closed).toMatch(/ECONNRESET|closed/);
    const refused = net.connect(proxy.port, '127.0.0.1');
    const outcome = await new Promise<string>((resolve) => {
      refused.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      refused.on('close', () => resolve('closed'));
    });
    expect(outcome).toMatch(/ECONNRESET|closed/);
    late.socket.destroy();
  });
});
