import { count } from 'drizzle-orm';
import type { Database } from './client.ts';
import { demoEvents, demoReviews } from './demo-content.ts';
import { seedDemoSettings } from './demo-settings.ts';
import { event, review } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day `days` after `from`, as YYYY-MM-DD in local time. */
export function dayFrom(from: Date, days: number): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A demo event's end: its start plus its hours, the same day ('YYYY-MM-DD HH:MM:00'); none without a time. */
function demoEnd(day: string, time: string | null, hours: number | null): string | null {
  if (!time || hours === null) return null;
  const [h = 0, m = 0] = time.split(':').map(Number);
  const minutes = Math.min(h * 60 + m + Math.round(hours * 60), 23 * 60 + 59);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/**
 * Fills an empty database with the demo events, reviews and organisation settings, in one
 * transaction, so a failed seed leaves nothing half-done. A database that has any event is left alone.
 */
export async function seedDemoContent(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(event);
    if ((existing?.value ?? 0) > 0) return false;
    await tx.insert(event).values(
      demoEvents.map((demo) => ({
        title: demo.title,
        desc: demo.desc,
        banner: demo.banner,
        date: dayFrom(now, demo.inDays),
        time: demo.time,
        location: demo.location,
        endAt: demoEnd(dayFrom(now, demo.inDays), demo.time, demo.hours),
        capacity: demo.capacity,
        goalCents: demo.goalCents ?? null,
      })),
    );
    await tx.insert(review).values(
      demoReviews.map((demo) => {
        const at = new Date(now.getTime() - demo.daysAgo * DAY_MS);
        return {
          name: demo.name,
          email: demo.email,
          img: demo.img,
          message: demo.message,
          review: demo.review,
          // Demo reviews stand for ones an admin has already approved, so the home page shows them.
          status: 'approved' as const,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    await seedDemoSettings(tx);
    return true;
  });
}
