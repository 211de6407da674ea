import { useTranslation } from 'react-i18next';
import classes from './page-loader.module.css';

/** Shown while a page's code loads for the first time. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-loading className={classes.loader}>
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.label}>{label ?? t('loading.page')}</span>
    </div>
  );
}
