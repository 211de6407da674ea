import { Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from './account-menu.tsx';
import { MainLinks } from './main-links.tsx';

/**
 * The phone navigation. Loaded on first use: Drawer brings Mantine's modal, scroll-lock and
 * scroll-area code, which most visits (and every desktop visit) never need.
 * Built from parts so its header can be a div: a second <header> would be a second banner landmark.
 */
export function MobileNavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xs">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{t('nav.menu')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('nav.closeNavigation')} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack component="nav" aria-label={t('nav.mobile')} gap="md" align="flex-start">
            <MainLinks onNavigate={onClose} />
            <AccountMenu onNavigate={onClose} />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
