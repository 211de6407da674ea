import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (where package.json is), found from this module upwards: the server runs from
 * its sources (`src/server`) under tsx and from its build (`dist/server/main.mjs`, decision 043) under
 * `npm start`, so a file of the project is never found by a fixed number of `../` from a module.
 */
export const projectRoot = findUp(path.dirname(fileURLToPath(import.meta.url)), 'package.json');

/** A path inside the project: `projectPath('drizzle')`. */
export const projectPath = (...parts: string[]) => path.join(projectRoot, ...parts);

function findUp(from: string, marker: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, marker))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no ${marker} in ${from} or above`);
  }
}
