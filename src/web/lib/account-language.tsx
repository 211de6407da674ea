import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from './current-account.ts';

/**
 * A signed-in person's language follows them to every device (DECISIONS 5): once their account says
 * it, the page changes to it (the server has set this device's cookie, so the next page is drawn in it).
 */
export function FollowAccountLanguage() {
  const { i18n } = useTranslation();
  const { account } = useCurrentAccount();
  const wanted = account?.language;
  useEffect(() => {
    if (!wanted || wanted === i18n.language) return;
    void i18n.changeLanguage(wanted).then(() => {
      document.documentElement.lang = wanted;
    });
  }, [wanted, i18n]);
  return null;
}
