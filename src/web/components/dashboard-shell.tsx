import { Burger, Container, Drawer } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useCurrentAccount } from '../lib/current-account.ts';
import { DashboardMenu } from './dashboard-menu.tsx';
import classes from './dashboard-shell.module.css';

/** Mantine's `sm` breakpoint: narrower than this, the side menu becomes a drawer (spec section 2). */
const wideScreen = '(min-width: 48em)';

/**
 * The dashboard around its pages: the side menu, 200 px wide on wide screens, a drawer behind a
 * burger on small ones. Goes inside RequireSignedIn, so the account is there.
 */
export function DashboardShell() {
  const { t } = useTranslation();
  const { account } = useCurrentAccount();
  const [opened, { toggle, close }] = useDisclosure(false);
  const wide = useMediaQuery(wideScreen);

  // A drawer left open while the window grows would sit over the side menu.
  useEffect(() => {
    if (wide) close();
  }, [wide, close]);

  if (!account) return null;
  return (
    <Container size="xl" py="lg" className={classes.shell}>
      <div className={classes.side}>
        <DashboardMenu account={account} />
      </div>

      <div className={classes.content}>
        <div className={classes.toolbar}>
          <Burger
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label={opened ? t('dashboard.closeMenu') : t('dashboard.openMenu')}
            aria-expanded={opened}
          />
          <span className={classes.toolbarLabel} aria-hidden="true">
            {t('dashboard.menu')}
          </span>
        </div>
        <Outlet />
      </div>

      <Drawer.Root opened={opened} onClose={close} position="left" size={240}>
        <Drawer.Overlay />
        <Drawer.Content>
          {/* A div, not a second <header> (banner landmark). */}
          <Drawer.Header component="div">
            <Drawer.Title>{t('dashboard.menuTitle')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('dashboard.closeMenu')} />
          </Drawer.Header>
          <Drawer.Body>
            <DashboardMenu account={account} onNavigate={close} />
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Container>
  );
}
