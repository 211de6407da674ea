import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestDatabase } from './test/test-database.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  for (let i = 0; i < 300 && !done; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer its health check');
}

describe('the server process', () => {
  it('starts, answers health, and on SIGTERM closes the database and exits 0', async () => {
    const database = await createTestDatabase(loadConfig().databaseUrl);
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    try {
      const res = await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.exited);
      expect(res.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('stopping: finishing requests in flight');
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      server.child.kill('SIGKILL');
      await database.drop();
    }
  });

  it('refuses to start with a clear message when a setting is invalid', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: 'memory://' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: ');
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });
});
