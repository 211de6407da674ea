import classes from './skip-link.module.css';

/** First stop for keyboard users: jumps past the navigation bar. */
export function SkipLink({ target }: { target: string }) {
  return (
    <a className={classes.skipLink} href={`#${target}`}>
      Skip to main content
    </a>
  );
}
