import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverTimeZone } from '../../shared/time-zone.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { startTestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { event, review } from './schema.ts';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

async function counts(db: Awaited<ReturnType<typeof buildApp>>['db']) {
  const [events] = await db.select({ value: count() }).from(event);
  const [reviews] = await db.select({ value: count() }).from(review);
  return { events: events?.value, reviews: reviews?.value };
}

describe('demo content', () => {
  it('fills an empty database with believable events, past and upcoming, and six reviews', async () => {
    const t = await startTestApp({ seedDemo: true });
    try {
      const res = await t.api('/api/events?limit=100');
      const events: { date: string; banner: string; title: string; desc: string }[] = await res.json();
      expect(events.length).toBeGreaterThanOrEqual(12);
      const today = new Date().toISOString().slice(0, 10);
      expect(events.some((e) => e.date.slice(0, 10) < today)).toBe(true);
      expect(events.filter((e) => e.date.slice(0, 10) >= today).length).toBeGreaterThanOrEqual(6);
      for (const e of events) {
        expect(e.desc.length).toBeGreaterThan(80);
        expect(e.banner).toMatch(/^\/images\/events\/[a-z-]+\.svg$/);
        expect(existsSync(path.join(publicDir, e.banner)), `${e.banner} ships with the project`).toBe(true);
      }
      expect(new Set(events.map((e) => e.banner)).size).toBe(events.length);
      // Approved, so the home page shows them; each picture is one the project ships, under the app's address.
      const reviews: { img: string }[] = await (await t.api('/api/review?limit=50')).json();
      expect(reviews).toHaveLength(6);
      for (const r of reviews) {
        expect(r.img.startsWith(`${t.config.publicUrl}/images/`)).toBe(true);
        expect(existsSync(path.join(publicDir, r.img.slice(t.config.publicUrl.length)))).toBe(true);
      }
      // Every contact detail is filled in, and each says it is a demo value.
      const site = await (await t.api('/api/site')).json();
      expect(site).toMatchObject({
        name: 'Helping Hands',
        address: 'Demo address: 1 Example Street, Exampletown',
        phone: '+1 555 0100',
        email: 'demo@example.org',
        registrationNumber: 'DEMO-000000',
        timeZone: serverTimeZone(),
      });
      expect(site.privacy).toMatch(/example/i);
      expect(site.terms).toMatch(/example/i);
    } finally {
      await t.close();
    }
  });

  it('is not added when SEED_DEMO is false', async () => {
    const t = await startTestApp({ seedDemo: false });
    try {
      expect(await counts(t.app.db)).toEqual({ events: 0, reviews: 0 });
      expect(await (await t.api('/api/site')).json()).toMatchObject({ address: '', phone: '', email: '', registrationNumber: '' });
    } finally {
      await t.close();
    }
  });
});

describe('starting on a database that is already set up', () => {
  // Opens an embedded database on disk twice (several seconds each), or two instances on a server.
  it('migrates and seeds once, even when two instances start together on a database server', async () => {
    const base = loadConfig();
    const database = await createTestDatabase(base.databaseUrl);
    const dataDir = base.databaseUrl ? database.dataDir : await mkdtemp(path.join(tmpdir(), 'hh-data-'));
    const config: Config = { ...base, databaseUrl: database.databaseUrl, dataDir, seedDemo: true, logLevel: 'silent' };
    try {
      if (base.databaseUrl) {
        const apps = await Promise.all([buildApp(config), buildApp(config)]);
        for (const app of apps) expect(await counts(app.db)).toEqual({ events: 14, reviews: 6 });
        await Promise.all(apps.map((app) => app.close()));
      } else {
        // The embedded database belongs to one process at a time: start, stop, start again.
        const first = await buildApp(config);
        expect(await counts(first.db)).toEqual({ events: 14, reviews: 6 });
        await first.close();
      }
      const again = await buildApp(config);
      expect(await counts(again.db)).toEqual({ events: 14, reviews: 6 });
      await again.close();
    } finally {
      await database.drop();
      if (!base.databaseUrl) await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
