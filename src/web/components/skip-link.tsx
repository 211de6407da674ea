import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** First stop for keyboard users: jumps past the navigation bar. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <a className={classes.skipLink} href={`#${target}`}>
      {t('nav.skipToContent')}
    </a>
  );
}
