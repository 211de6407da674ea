import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      seedDemo: true,
      adminEmails: [],
      donationAmount: 30,
    });
  });

  it('reads every documented setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/hh',
      DATABASE_URL: 'postgres://app@db:5432/hh',
      REDIS_URL: 'redis://cache:6379',
      SEED_DEMO: 'false',
      ADMIN_EMAILS: ' Ana@Example.org, bo@example.org ,',
      DONATION_AMOUNT: '12.50',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/hh',
      databaseUrl: 'postgres://app@db:5432/hh',
      redisUrl: 'redis://cache:6379',
      seedDemo: false,
      adminEmails: ['ana@example.org', 'bo@example.org'],
      donationAmount: 12.5,
    });
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_EMAILS: 'not-an-email' }, 'ADMIN_EMAILS'],
    [{ DONATION_AMOUNT: '-5' }, 'DONATION_AMOUNT'],
    [{ DONATION_AMOUNT: '0' }, 'DONATION_AMOUNT'],
    [{ DONATION_AMOUNT: '1.234' }, 'DONATION_AMOUNT'],
    [{ SMTP_URL: 'mail.example.org:587' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'two' }, 'WEB_CONCURRENCY'],
    // Several processes cannot share the embedded database.
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
  ])('stops with a message naming the setting for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });

  it('sends mail through SMTP_URL from MAIL_FROM, or from no-reply at the public address (under the organisation’s name)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://give.example.org' }).mail).toMatchObject({
      smtpUrl: undefined,
      from: undefined,
      senderAddress: 'no-reply@give.example.org',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:pa%40ss@mail.example.org:465', MAIL_FROM: 'Food Bank <hello@foodbank.example>' }).mail,
    ).toMatchObject({ smtpUrl: 'smtps://user:pa%40ss@mail.example.org:465', from: 'Food Bank <hello@foodbank.example>' });
  });
});
