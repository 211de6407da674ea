import classes from './page-loader.module.css';

/** Shown while a page's code loads for the first time. */
export function PageLoader({ label = 'Loading page' }: { label?: string }) {
  return (
    <div role="status" data-loading className={classes.loader}>
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.label}>{label}</span>
    </div>
  );
}
