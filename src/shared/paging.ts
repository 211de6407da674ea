import { z } from 'zod';

export const searchTextSchema = z
  .string()
  .trim()
  .max(200, 'Search text must be at most 200 characters')
  .optional();

export function pagingSchema(defaultLimit: number, maxLimit: number) {
  return {
    limit: z.coerce
      .number({ message: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
    offset: z.coerce
      .number({ message: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .max(1_000_000, 'offset must be at most 1000000')
      .default(0),
  };
}
