import type { ReactNode } from 'react';
import { ScrollRestoration } from 'react-router';
import { NavigationProgress } from './navigation-progress.tsx';
import { useFocusHeadingOnNavigation } from './route-focus.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import classes from './site-layout.module.css';
import { SkipLink } from './skip-link.tsx';

const mainId = 'main-content';

/** Header, main and footer landmarks around every public page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useFocusHeadingOnNavigation(mainId);
  return (
    <div className={classes.page}>
      <SkipLink target={mainId} />
      <NavigationProgress />
      <SiteHeader />
      <main id={mainId} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
