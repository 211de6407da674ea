// The server's words (DECISIONS 5): documents, mail and API messages, in English and
// Bengali, from src/server/locales/<language>/<area>.json through i18next, read once at start.
import i18next from 'i18next';
import type { Language } from '../shared/language.ts';
import bnProblems from '../shared/locales/bn/problems.json' with { type: 'json' };
import enProblems from '../shared/locales/en/problems.json' with { type: 'json' };
import bnDocuments from './locales/bn/documents.json' with { type: 'json' };
import bnMail from './locales/bn/mail.json' with { type: 'json' };
import enDocuments from './locales/en/documents.json' with { type: 'json' };
import enMail from './locales/en/mail.json' with { type: 'json' };

export const serverAreas = ['documents', 'mail'] as const;
export type ServerArea = (typeof serverAreas)[number];

const words = i18next.createInstance();
void words.init({
  resources: {
    en: { documents: enDocuments, mail: enMail, problems: enProblems },
    bn: { documents: bnDocuments, mail: bnMail, problems: bnProblems },
  },
  lng: 'en',
  fallbackLng: 'en',
  ns: [...serverAreas, 'problems'],
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

/**
 * A problem the API reports (written in English in the schemas and routes) in `language`: the shared
 * 'problems' words are keyed by the English text, so one without a translation yet stays English.
 */
export function problemIn(language: Language, message: string): string {
  if (language === 'en') return message;
  const t = (words.getFixedT as (this: typeof words, lng: string, ns: string) => unknown).call(words, language, 'problems') as (
    key: string,
    options: Record<string, unknown>,
  ) => string;
  return t(message, { keySeparator: false, nsSeparator: false, defaultValue: message });
}
