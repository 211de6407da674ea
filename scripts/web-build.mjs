// Keeps the built web app in step with its sources, so `npm start` is the only command a newcomer needs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtServerEntry = path.join(root, 'dist/ssr/entry-server.js');
const inputs = ['index.html', 'vite.config.ts', 'postcss.config.cjs', 'package-lock.json', 'src/web', 'src/shared', 'public'];

export function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex) || !existsSync(builtServerEntry)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return inputs.some((input) => newestChange(path.join(root, input)) > builtAt);
}

export function buildWeb() {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('building the web app failed (see above)');
  // The same pages for the server to render (src/web/entry-server.tsx into dist/ssr).
  const ssr = spawnSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/web/entry-server.tsx', '--outDir', 'dist/ssr', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit', env },
  );
  if (ssr.status !== 0) throw new Error('building the server-rendered pages failed (see above)');
}

/** Builds the web app when it is missing or older than any of its sources. Returns whether it built. */
export function ensureWebBuild(log = console.log) {
  if (!webBuildIsStale()) return false;
  log('Building the web app…');
  const started = Date.now();
  buildWeb();
  log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
