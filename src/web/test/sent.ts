/**
 * Every request a form sends, as it sent it (dom-setup.ts fills it and empties it before each test).
 * A module of its own, not the set-up file: vitest runs the set-up file again for each test file, and
 * the helpers in render-form.tsx, imported once, must read the same list as the tests.
 */
export const sent: { method: string; url: string; body: unknown }[] = [];
