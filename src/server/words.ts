// The server's words (DECISIONS 5): documents, and in time mail and API messages, in English and
// Bengali, from src/server/locales/<language>/<area>.json through i18next, read once at start.
import i18next from 'i18next';
import type { Language } from '../shared/language.ts';
import bnDocuments from './locales/bn/documents.json' with { type: 'json' };
import enDocuments from './locales/en/documents.json' with { type: 'json' };

export const serverAreas = ['documents'] as const;
export type ServerArea = (typeof serverAreas)[number];

const words = i18next.createInstance();
void words.init({
  resources: { en: { documents: enDocuments }, bn: { documents: bnDocuments } },
  lng: 'en',
  fallbackLng: 'en',
  ns: [...serverAreas],
  defaultNS: 'documents',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Words by key ('receipt.heading'), with the places they fill; `count` picks the plural. */
export type Words = (key: string, values?: Record<string, string | number>) => string;

/**
 * The words of one area in one language: `wordsFor('bn', 'documents')('receipt.heading')`. Keys are
 * checked by words.test.ts (the web's are typed, and i18next's types are one per program).
 */
export function wordsFor(language: Language, area: ServerArea): Words {
  const t = (words.getFixedT as (this: typeof words, lng: string, ns: string) => unknown).call(words, language, area) as (
    key: string,
    values?: Record<string, unknown>,
  ) => string;
  return (key, values) => t(key, values);
}
