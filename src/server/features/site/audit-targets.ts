import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuditNote } from '../audit/record.ts';
import { readSiteSettings } from './settings.ts';

/** What an admin changes in the settings, for the log. Each reader answers null when there is no such record: nothing is recorded. */

/** The settings being saved: which fields change, by name (their values can be long texts: policies). */
export async function settingsChange(request: FastifyRequest, db: Database): Promise<AuditNote> {
  const before = (await readSiteSettings(db)) as Record<string, unknown>;
  const after = request.body as Record<string, unknown>;
  const changed = Object.keys(after).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return { target: { kind: 'settings', id: null, label: 'Site settings' }, details: { changed } };
}
