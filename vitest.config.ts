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
          // Time limits that only end a test that hangs: a test is bounded by what it does (so many
          // requests, so many writes), and waits for events, not durations. A quiet machine runs the
          // slowest API test in about 15 s; at a load of 10 on 2 cores, starting a server on a fresh
          // database took over 30 s.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // What a test waits for with expect.poll: the moment it happens, or at most this long.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'components',
          // The schema forms drawn into a DOM emulation: a form's rules checked in milliseconds.
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test/dom-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
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
          // 11 s there, 39 s here), and twice that again at a load of 10: room for that, not for a wait
          // that never ends.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 20_000 } },
          // Each file starts its own server on its own database (support/server.ts), so files run side
          // by side; one browser is shared, each file in contexts of its own.
          fileParallelism: true,
        },
      },
    ],
  },
});
