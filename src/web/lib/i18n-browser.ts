// The browser's side of the product's words (lib/i18n.ts): the drawn page's, then each area's file as
// its own chunk, in the reader's language only. Apart from i18n.ts so that the server's bundle, which
// holds every language's words, does not also hold these lazy ones.
import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '../../shared/language.ts';
import { baseOptions, type PageWords } from './i18n.ts';

/** The areas' words as separate chunks, fetched when a page needs them. */
const loaders = {
  ...import.meta.glob<{ default: ResourceLanguage[string] }>('../locales/*/*.json'),
  // Words the server shares with the web: the problems a form or the API may report.
  ...Object.fromEntries(
    Object.entries(import.meta.glob<{ default: ResourceLanguage[string] }>('../../shared/locales/*/*.json')).map(([file, load]) => [
      file.replace('../../shared/locales/', '../locales/'),
      load,
    ]),
  ),
};

/**
 * The browser's instance: the drawn page's language (`<html lang>`, which the server chose) and the
 * words it carried; anything else is fetched on first use.
 */
export function browserI18n(page: PageWords | null): I18n {
  const attribute = document.documentElement.lang;
  const language: Language = page?.language ?? (isLanguage(attribute) ? attribute : 'en');
  void i18next
    .use(initReactI18next)
    .use({
      type: 'backend',
      init() {},
      read(lng: string, ns: string, done: (error: unknown, words: ResourceLanguage[string] | null) => void) {
        const load = loaders[`../locales/${lng}/${ns}.json`];
        if (!load) return done(new Error(`no words for ${lng}/${ns}`), null);
        load().then(
          (module) => done(null, module.default),
          (error: unknown) => done(error, null),
        );
      },
    })
    .init({
      ...baseOptions,
      lng: language,
      partialBundledLanguages: true,
      resources: page ? ({ [language]: page.words } as Resource) : {},
    });
  return i18next;
}

/** The words a drawn page carries, or null for the plain page. */
export function pageWords(): PageWords | null {
  const text = document.getElementById('page-words')?.textContent;
  return text ? (JSON.parse(text) as PageWords) : null;
}
