import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../project-root.ts';
import { insertEvent } from '../test/factories.ts';
import { startTestApp, type TestApp, writeElsewhere } from '../test/test-app.ts';
import { event, siteSettings } from './schema.ts';

/**
 * Migration 0020: a site that took yen while every typed amount was multiplied by 100 held ¥30 as 3000;
 * its presets, bounds and goals become what the admin typed, in the order they were given.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function migrateAgain() {
  const text = await readFile(projectPath('drizzle/0020_minor-units-by-currency.sql'), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await writeElsewhere(t, statement);
}

async function storedSettings(settings: Record<string, unknown>) {
  await t.app.db.insert(siteSettings).values({ id: 1, settings }).onConflictDoUpdate({ target: siteSettings.id, set: { settings } });
}

describe('amounts kept as 100 times the typed money become the currency’s minor units', () => {
  it('divides a yen site’s presets, bounds and goals by 100, keeping the presets’ order', async () => {
    const { id } = await insertEvent(t.app.db, { goalCents: 5_000_000 });
    await storedSettings({
      name: 'Tokyo Helpers',
      currency: 'jpy',
      donationAmounts: [300_000, 100_000, 1000],
      minAmount: 100,
      maxAmount: 100_000_000,
      customAmount: true,
    });
    await migrateAgain();
    const [settings] = await t.app.db.select().from(siteSettings);
    expect(settings?.settings).toMatchObject({
      donationAmounts: [3000, 1000, 50],
      minAmount: 50,
      maxAmount: 1_000_000,
      name: 'Tokyo Helpers',
    });
    const [goal] = await t.app.db.select({ goal: event.goalCents }).from(event).where(eq(event.id, id));
    expect(goal?.goal).toBe(50_000);
  });

  it('leaves a site in dollars or taka as it was', async () => {
    const { id } = await insertEvent(t.app.db, { goalCents: 250_000 });
    await storedSettings({
      name: 'Dhaka Helpers',
      currency: 'bdt',
      donationAmounts: [100_000, 50_000],
      minAmount: 100,
      maxAmount: 1_000_000,
    });
    await migrateAgain();
    const [settings] = await t.app.db.select().from(siteSettings);
    expect(settings?.settings).toMatchObject({ donationAmounts: [100_000, 50_000], minAmount: 100, maxAmount: 1_000_000 });
    const [goal] = await t.app.db.select({ goal: event.goalCents }).from(event).where(eq(event.id, id));
    expect(goal?.goal).toBe(250_000);
  });
});
