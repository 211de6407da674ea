import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test fails when something it ran wrote to console.error (a React warning, an unhandled failure a
 * library only logged): the product logs through pino, so console.error means something went wrong
 * that no assertion looked at. A test that expects one says so with `expectConsoleError()`.
 */
let allowed = false;
let written: unknown[][] = [];

beforeEach(() => {
  allowed = false;
  written = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    written.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!allowed && written.length > 0) {
    const first = written[0]?.map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`console.error was written ${written.length} time(s) during the test; the first: ${first}`);
  }
});

/** For a test that provokes console.error on purpose (what it says is then its own to check). */
export function expectConsoleError(): unknown[][] {
  allowed = true;
  return written;
}
