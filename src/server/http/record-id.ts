import { z } from 'zod';

const uuid = z.uuid();

/**
 * A record's id from an address (`/events/{id}`), or null when it is malformed. Every record's id
 * is a UUID, so a malformed one names no record: routes answer it exactly as an unknown one
 * (404, or nothing deleted), and it never reaches the database, which would refuse it as a UUID.
 */
export function recordId(id: string): string | null {
  return uuid.safeParse(id).success ? id : null;
}
