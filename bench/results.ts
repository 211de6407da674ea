import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from '../scripts/web-build.mjs';

const file = path.join(root, 'bench/results.json');

/** Keeps a section's figures in bench/results.json under the database they were measured on, with when. */
export async function saveResults(databaseName: string, section: Record<string, unknown>) {
  let all: Record<string, Record<string, unknown>> = {};
  try {
    all = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    // first run: a new file
  }
  all[databaseName] = { ...all[databaseName], ...section, measuredAt: new Date().toISOString() };
  await writeFile(file, `${JSON.stringify(all, null, 2)}\n`);
}
