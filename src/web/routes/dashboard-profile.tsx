import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CalendarFeedSection } from '../features/calendar/calendar-feed-section.tsx';
import { EmailPreferencesForm } from '../features/mail-preferences/mail-preferences-form.tsx';
import { OwnDataSection } from '../features/users/own-data-section.tsx';
import { ProfileForm } from '../features/users/profile-form.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/profile. */
export function DashboardProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('profile.title'));
  const { account } = useCurrentAccount();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('profile.title')}</Title>
      {account && <ProfileForm account={account} />}
      {account && <EmailPreferencesForm role={account.role} />}
      {account && <CalendarFeedSection />}
      {account && <OwnDataSection account={account} />}
    </Stack>
  );
}
