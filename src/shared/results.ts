import { z } from 'zod';

/** The result shapes of the spec's calls (section 7). */
export const insertedIdSchema = z.object({ insertedId: z.string() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
