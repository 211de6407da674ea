import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SecondFactorSection } from '../features/users/second-factor-section.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/security: two-step sign-in. Admins are sent here while theirs is missing (ADMIN_MFA=required). */
export function DashboardSecurityPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('security.title'));
  const { account } = useCurrentAccount();
  const sentFrom = (useLocation().state as { mfaFrom?: string } | null)?.mfaFrom;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('security.title')}</Title>
      {account?.mfaRequired && (
        <Alert color="red" variant="light" role="alert" title={t('security.closed')}>
          {account.mfaRequired === 'set-up'
            ? sentFrom
              ? t('security.setUpForAdminFrom', { from: sentFrom })
              : t('security.setUpForAdmin')
            : sentFrom
              ? t('security.confirmForAdminFrom', { from: sentFrom })
              : t('security.confirmForAdmin')}
        </Alert>
      )}
      {account && <SecondFactorSection account={account} />}
    </Stack>
  );
}
