import { Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { webConfig } from '../lib/config.ts';
import { useSite } from '../lib/site.ts';
import { AccountMenu } from './account-menu.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { MainLinks } from './main-links.tsx';
import classes from './site-header.module.css';

const loadDrawer = () => import('./mobile-nav-drawer.tsx');
const MobileNavDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileNavDrawer })));

/**
 * The organisation's logo and name from its settings, linking home. While they load, a link named
 * 'Home' holds the place, so the product's name never flashes before a renamed organisation's.
 */
function Brand() {
  const { t } = useTranslation();
  const site = useSite();
  if (!site) return <Link to="/" className={classes.brand} aria-label={t('nav.home')} />;
  return (
    <Link to="/" className={classes.brand}>
      <img src={site.logo || webConfig.logo} alt="" width={36} height={36} className={classes.logo} />
      <span>{site.name}</span>
    </Link>
  );
}

/** Brand, main links and the account area; on phones the links move into a drawer behind a burger. */
export function SiteHeader() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Stays mounted after the first opening so the drawer can animate closed.
  const [drawerWanted, setDrawerWanted] = useState(false);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Brand />

        <Group component="nav" aria-label={t('nav.main')} gap="lg" visibleFrom="sm" wrap="nowrap" className={classes.nav}>
          <MainLinks />
          <AccountMenu />
        </Group>
        <LanguageMenu />

        <Burger
          opened={opened}
          onClick={() => {
            setDrawerWanted(true);
            toggle();
          }}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          hiddenFrom="sm"
          aria-label={opened ? t('nav.closeNavigation') : t('nav.openNavigation')}
          aria-expanded={opened}
        />
      </Container>

      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileNavDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </header>
  );
}
