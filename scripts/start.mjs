// `npm start`: build the web app and the server if needed, then run the server in this process.
// package.json runs it with `exec`, so no shell stands between npm and the server: a process manager's
// SIGTERM to `npm start` reaches the server, which stops cleanly. Or give the manager this file itself:
// `node scripts/start.mjs`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverBundle } from './server-build.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

// Only the web app this repository builds; a WEB_DIR elsewhere is the operator's own.
const webDir = process.env.WEB_DIR;
if (!webDir || path.resolve(root, webDir) === path.join(root, 'dist/web')) ensureWebBuild();
await ensureServerBuild();
// Errors name the lines of the sources (src/server/…), not of the built file.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
