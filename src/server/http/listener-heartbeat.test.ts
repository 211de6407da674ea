import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { listenTimeouts } from '../db/client.ts';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { type FaultProxy, startFaultProxy, throughProxy } from '../test/fault-proxy.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The connection that hears the database's announcements can die without a word (a proxy or firewall
 * dropping it): its heartbeat notices within seconds, and until it listens again nothing is kept and
 * sessions are read fresh (docs/decisions/041). Only a database server has such a connection.
 */

const { databaseUrl } = loadConfig();

describe.skipIf(!databaseUrl)('the listening connection, silently dropped', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  /** The test database, reached directly (not through the proxy). */
  let direct = '';
  let admin: TestAccount;

  beforeAll(async () => {
    const server = new URL(databaseUrl ?? '');
    proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
    t = await startTestApp(
      {},
      {
        reachDatabase: (url) => {
          direct = url;
          return throughProxy(url, proxy);
        },
      },
    );
    t.app.replyCache.maxAgeMs = 60_000;
    admin = await signUp(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  async function onDirect<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: direct });
    await client.connect();
    try {
      return (await client.query<T>(statement, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stalls the app's listening connection where PostgreSQL sees it: the last thing it ran was LISTEN or its heartbeat. */
  async function stallListener() {
    const rows = await onDirect<{ port: number }>(
      `select client_port as port from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query in ('LISTEN hh_data_changed', 'SELECT pg_notify($1, $2)')`,
    );
    expect(rows).toHaveLength(1);
    expect(proxy.stallConnectionFrom(rows[0]?.port ?? 0)).toBe(true);
  }

  it('is noticed within seconds: a demoted admin loses admin rights, nothing is kept meanwhile, and it listens again', async () => {
    expect((await call(t, 'GET', '/api/overview', undefined, admin.auth)).status).toBe(200);
    expect((await call(t, 'GET', '/api/overview', undefined, admin.auth)).status).toBe(200);
    await t.api('/api/review');
    expect(t.app.replyCache.size).toBeGreaterThan(0);

    await stallListener();
    await onDirect(`update account set role = 'donator' where id = $1`, [admin.id]);
    const demotedAt = Date.now();
    let status = 200;
    let sawCacheOff = false;
    while (status !== 403 && Date.now() - demotedAt < 15_000) {
      status = (await call(t, 'GET', '/api/overview', undefined, admin.auth)).status;
      if (!t.app.replyCache.enabled) sawCacheOff = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tookMs = Date.now() - demotedAt;
    expect(status).toBe(403);
    // A heartbeat, its wait, and the time for a request on a busy machine.
    expect(tookMs).toBeLessThan(listenTimeouts.everyMs + listenTimeouts.answerMs + 1_500);
    expect(sawCacheOff || t.app.replyCache.size === 0).toBe(true);

    // A new connection goes through: it listens again, and a change made elsewhere is heard.
    const until = Date.now() + 15_000;
    while (!t.app.replyCache.enabled && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.app.replyCache.enabled).toBe(true);
    await t.api('/api/review');
    const hits = t.app.replyCache.stats.hits;
    await t.api('/api/review');
    expect(t.app.replyCache.stats.hits).toBe(hits + 1);
    const version = t.app.replyCache.currentVersion;
    await onDirect(`update review set message = message`);
    while (t.app.replyCache.currentVersion === version && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.app.replyCache.currentVersion).toBeGreaterThan(version);
  });
});
