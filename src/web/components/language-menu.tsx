import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Me } from '../../shared/accounts.ts';
import { isLanguage, type Language, languageCookie, languageNames, languages } from '../../shared/language.ts';
import { sendJson } from '../lib/api-client.ts';
import { currentAccountQuery, useCurrentAccount } from '../lib/current-account.ts';
import { notify } from '../lib/notify.ts';
import classes from './language-menu.module.css';

/**
 * English / বাংলা on every page (DECISIONS 5). Each is a link that works before the app has taken the
 * page over (GET /api/language/:language sets the cookie and comes back); with the app, the choice is
 * saved on the account when signed in (PUT /api/users/me/language), or kept in the `lang` cookie, and the
 * page changes language where it is.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { account } = useCurrentAccount();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const back = `${location.pathname}${location.search}`;

  async function choose(event: MouseEvent<HTMLAnchorElement>, language: Language) {
    event.preventDefault();
    if (account) {
      try {
        await sendJson<{ language: Language }>('PUT', '/users/me/language', { language });
      } catch (error) {
        void notify({ color: 'red', message: t('language.failed', { reason: error instanceof Error ? error.message : String(error) }) });
        return;
      }
      queryClient.setQueryData<Me | null>(currentAccountQuery.queryKey, (me) => (me ? { ...me, language } : me));
    } else {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which volunteers' phones run
      document.cookie = languageCookie(language, window.location.protocol === 'https:');
    }
    await i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }

  return (
    <nav aria-label={t('language.label')} className={classes.menu}>
      {languages.map((language) =>
        language === current ? (
          <span key={language} lang={language} aria-current="true" className={classes.current}>
            {languageNames[language]}
          </span>
        ) : (
          <a
            key={language}
            href={`/api/language/${language}?back=${encodeURIComponent(back)}`}
            lang={language}
            hrefLang={language}
            className={classes.choice}
            onClick={(event) => void choose(event, language)}
          >
            {languageNames[language]}
          </a>
        ),
      )}
    </nav>
  );
}
