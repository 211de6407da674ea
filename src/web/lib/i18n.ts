// The product's words, through i18next (DECISIONS 5): one file per language and area under
// src/web/locales/<language>/<area>.json. A page the server drew carries the words it used, in its
// language, inside it (`#page-words`), so the browser takes it over without fetching any; an area a later
// page needs comes as its own small chunk, in the reader's language only.
import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/language.ts';
import type enAccounts from '../locales/en/accounts.json';
import type enAdmin from '../locales/en/admin.json';
import type enCommon from '../locales/en/common.json';
import type enDonations from '../locales/en/donations.json';
import type enDoor from '../locales/en/door.json';
import type enEvents from '../locales/en/events.json';
import type enManage from '../locales/en/manage.json';
import type enMonthly from '../locales/en/monthly.json';
import type enNotices from '../locales/en/notices.json';
import type enProfile from '../locales/en/profile.json';
import type enRegistrations from '../locales/en/registrations.json';
import type enReviews from '../locales/en/reviews.json';
import type enSettings from '../locales/en/settings.json';

/**
 * The areas of words: 'common' is the frame of every page (header, footer, menus), 'events' the public
 * event pages, 'accounts' signing up and in, 'registrations' volunteering for an event and one's
 * places, 'donations' giving and one's gifts, 'monthly' one's monthly gifts (My Donation and the manage link's
 * page); the dashboard's: 'admin' (lists, roles, outbox, audit),
 * 'manage' (event form, roster, check-in), 'door' (door staff: their Door page, the door guard, naming
 * them, shifts on the roster and at the door), 'settings', 'notices', 'reviews', 'profile' (profile, security,
 * impact, mail preferences). A page's areas come with it; another area on first use.
 */

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof enCommon;
      events: typeof enEvents;
      accounts: typeof enAccounts;
      registrations: typeof enRegistrations;
      donations: typeof enDonations;
      monthly: typeof enMonthly;
      admin: typeof enAdmin;
      manage: typeof enManage;
      door: typeof enDoor;
      settings: typeof enSettings;
      notices: typeof enNotices;
      reviews: typeof enReviews;
      profile: typeof enProfile;
    };
  }
}

/** What a drawn page carries: its language and the words of the areas it used. */
export interface PageWords {
  language: Language;
  words: ResourceLanguage;
}

/** Every language's words, for the server's drawing (all in one bundle there). */
export type AllWords = Record<Language, ResourceLanguage>;

export const baseOptions = {
  defaultNS: 'common',
  ns: ['common'],
  fallbackLng: false as const,
  supportedLngs: ['en', 'bn'],
  // React escapes what it draws.
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
  // Ready at once when the words are given: the first render is the drawn page's own.
  initAsync: false,
};

/** An instance for one drawing on the server, with every area's words in hand. */
export function serverI18n(language: Language, all: AllWords): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...baseOptions, lng: language, resources: { [language]: all[language] } as Resource });
  return instance;
}
