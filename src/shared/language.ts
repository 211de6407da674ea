/**
 * The languages the product speaks, and how the one for a reader is chosen (DECISIONS 5): the
 * signed-in person's saved choice (kept in the `lang` cookie on each device once known), else the `lang`
 * cookie a visitor set with the language menu, else the browser's Accept-Language, else the
 * organisation's default. Without zod: every page reads it.
 */
export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

/** Each language as its own readers write it, for the language menu. */
export const languageNames: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/** The cookie that keeps the reader's language on this device. */
export const LANGUAGE_COOKIE = 'lang';
/** A year: the choice outlives any session. */
export const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The language named first in an Accept-Language header that the product speaks ('bn-BD,bn;q=0.9,en;q=0.8' → 'bn'), or null. */
export function acceptedLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map(({ primary }) => primary).find(isLanguage) ?? null;
}

/** The `lang` cookie's value in a Cookie header, when it names a language the product speaks. */
export function cookieLanguage(cookieHeader: string | undefined | null): Language | null {
  const match = cookieHeader?.match(/(?:^|;\s*)lang=([^;]*)/);
  const value = match?.[1]?.trim();
  return isLanguage(value) ? value : null;
}

/** The reader's language, from what the request says, in the order above. */
export function chooseLanguage(said: {
  account?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
  siteDefault?: string | null;
}): Language {
  if (isLanguage(said.account)) return said.account;
  const fromCookie = cookieLanguage(said.cookie);
  if (fromCookie) return fromCookie;
  return acceptedLanguage(said.acceptLanguage) ?? (isLanguage(said.siteDefault) ? said.siteDefault : 'en');
}

/** The cookie a choice is kept in: the whole site, a year, sent on top-level visits from elsewhere. */
export const languageCookie = (language: Language, secure: boolean) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
