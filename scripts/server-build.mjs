// The server as `npm start` runs it: its TypeScript compiled into one file of plain JavaScript
// (dist/server/main.mjs), the packages it uses left to be imported from node_modules as they are.
// Run that way, the server needs no compiler in its process: about 110 MB less memory at rest
// (tsx's loader thread and the compiled sources it keeps) and a quicker start.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestChange, root } from './web-build.mjs';

export const serverBundle = path.join(root, 'dist/server/main.mjs');
const inputs = ['src/server', 'src/shared', 'package-lock.json', 'tsconfig.json'];

export function serverBuildIsStale() {
  if (!existsSync(serverBundle) || !existsSync(path.join(path.dirname(serverBundle), 'embedded-thread.mjs'))) return true;
  const builtAt = statSync(serverBundle).mtimeMs;
  return inputs.some((input) => newestChange(path.join(root, input)) > builtAt);
}

/** Builds the server when it is missing or older than any of its sources. Returns whether it built. */
export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return false;
  // Written in a folder of its own and renamed into place: two servers starting at once never run half
  // a file, and the source map keeps the name it is linked by.
  const partial = path.join(path.dirname(serverBundle), `.build-${process.pid}`);
  await build({
    absWorkingDir: root,
    // The server, and the embedded database's thread it starts (src/server/db/embedded-client.ts).
    entryPoints: { main: 'src/server/main.ts', 'embedded-thread': 'src/server/db/embedded-thread.ts' },
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The thread first: a server that finds its new main.mjs finds the thread it starts beside it.
  for (const name of ['embedded-thread', 'main']) {
    renameSync(path.join(partial, `${name}.mjs.map`), path.join(path.dirname(serverBundle), `${name}.mjs.map`));
    renameSync(path.join(partial, `${name}.mjs`), path.join(path.dirname(serverBundle), `${name}.mjs`));
  }
  rmSync(partial, { recursive: true, force: true });
  return true;
}
