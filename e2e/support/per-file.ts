// Run before every browser test file (vitest `setupFiles`): the files of a worker share one module
// graph (`isolate: false`), so the server, the app and the browser are imported once, and each file
// gets its own server and browser contexts here.
import { browserForThisFile } from './browser.ts';
import { serverForThisFile } from './server.ts';

serverForThisFile();
browserForThisFile();
