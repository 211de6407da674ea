// `npm start`: build the web app if needed, then run the server in this process.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
register();
await import('../src/server/main.ts');
