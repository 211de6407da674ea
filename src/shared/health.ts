import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'server']),
  /** With REDIS_URL only: `unavailable` while rate limits are counted in each process instead (the app still works). */
  redis: z.enum(['ok', 'unavailable']).optional(),
});
