// Set-up for the component tests (`npm test`'s components project): the forms drawn by React into a
// DOM emulation (happy-dom), checked in milliseconds; the browser journeys keep what needs a browser.
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { baseOptions } from '../lib/i18n.ts';
import { sent } from './sent.ts';

// What Mantine asks of a browser that the emulation does not have.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

/**
 * Every request a form sends, as it sent it. A test about a form's rules sends nothing the server
 * would have to judge: an invalid form must send nothing, and a valid one is seen leaving, not answered
 * (the API suites and the journeys prove the answers, with the real server).
 */
export { sent };

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    sent.push({ method: init?.method ?? 'GET', url: String(input), body });
    // Never answered: what a form does with the answer is the journeys' to prove.
    return new Promise<Response>(() => {});
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A component test that writes to console.error (React's warnings, a failed render) fails.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors.map((args) => args.map(String).join(' '))).toEqual([]);
});

// The screens' words, in English, as a page drawn in English carries them.
const englishWords = {
  ...import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true }),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../../shared/locales/en/*.json', { eager: true }),
};
await i18next.use(initReactI18next).init({
  ...baseOptions,
  lng: 'en',
  resources: {
    en: Object.fromEntries(
      Object.entries(englishWords).map(([file, words]) => [file.replace(/^.*\/(\w[\w-]*)\.json$/, '$1'), words.default]),
    ),
  },
});
