// `npm start`: build the web app if needed, then run the server in this process.
// package.json runs it with `exec`, so no shell stands between npm and the server: a process manager's
// SIGTERM to `npm start` reaches the server, which stops cleanly. Or give the manager this file itself:
// `node scripts/start.mjs`.
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ensureWebBuild, root } from './web-build.mjs';

// Only the web app this repository builds; a WEB_DIR elsewhere is the operator's own.
const webDir = process.env.WEB_DIR;
if (!webDir || path.resolve(root, webDir) === path.join(root, 'dist/web')) ensureWebBuild();
register();
await import('../src/server/main.ts');
