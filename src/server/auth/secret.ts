import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSetting } from '../db/schema.ts';

const KEY = 'auth_secret';

/**
 * AUTH_SECRET when it is set; otherwise a random secret made on first start and kept in the
 * database, so `npm start` works with no setup and every instance signs sessions alike.
 */
export async function loadAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSetting)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, KEY));
  if (!row) throw new Error('the session secret could not be stored');
  return row.value;
}
