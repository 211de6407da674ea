import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores: API files and browser files (each with its own server and database) side by side.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          // A test that writes to console.error fails (src/server/test/console-errors.ts).
          setupFiles: ['src/server/test/console-errors.ts'],
          // Each file starts its own app on its own database, so files need no fresh module graph each:
          // a worker imports the server once instead of once per file (most of an API file's time).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts', 'e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/per-file.ts'],
          // As for the API files: one module graph per worker (the server and app imported once), each
          // file with its own server, database and browser contexts (support/per-file.ts).
          isolate: false,
          // A journey of several pages, each checked with axe, took 40–60 s on a 2-core machine whose
          // browser ran about three times slower than the last one's (the same commit's home journey
          // 11 s there, 39 s here): room for that, not for a wait that never ends.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own server on its own database (support/server.ts), so files run side
          // by side; one browser is shared, each file in contexts of its own.
          fileParallelism: true,
        },
      },
    ],
  },
});
