import { Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { webConfig } from '../lib/config.ts';
import { AccountMenu } from './account-menu.tsx';
import { MainLinks } from './main-links.tsx';
import classes from './site-header.module.css';

const loadDrawer = () => import('./mobile-nav-drawer.tsx');
const MobileNavDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileNavDrawer })));

/** Brand, main links and the account area; on phones the links move into a drawer behind a burger. */
export function SiteHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Stays mounted after the first opening so the drawer can animate closed.
  const [drawerWanted, setDrawerWanted] = useState(false);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Link to="/" className={classes.brand}>
          <img src={webConfig.logo} alt="" width={36} height={36} />
          <span>{webConfig.siteName}</span>
        </Link>

        <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm">
          <MainLinks />
          <AccountMenu />
        </Group>

        <Burger
          opened={opened}
          onClick={() => {
            setDrawerWanted(true);
            toggle();
          }}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          hiddenFrom="sm"
          aria-label={opened ? 'Close navigation' : 'Open navigation'}
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
