// The embedded database's thread when the server runs from its TypeScript sources (tests, `npm run dev`):
// the TypeScript loader, then the thread itself. The built server starts dist/server/embedded-thread.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-thread.ts');
