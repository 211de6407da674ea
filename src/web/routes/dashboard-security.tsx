import { Alert, Stack, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { secondFactorMessages } from '../../shared/second-factor.ts';
import { SecondFactorSection } from '../features/users/second-factor-section.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/security: two-step sign-in. Admins are sent here while theirs is missing (ADMIN_MFA=required). */
export function DashboardSecurityPage() {
  usePageTitle('Security');
  const { account } = useCurrentAccount();
  const sentFrom = (useLocation().state as { mfaFrom?: string } | null)?.mfaFrom;
  return (
    <Stack gap="lg">
      <Title order={1}>Security</Title>
      {account?.mfaRequired && (
        <Alert color="red" variant="light" role="alert" title="Admin pages are closed for now">
          {account.mfaRequired === 'set-up' ? secondFactorMessages.setUpForAdmin : secondFactorMessages.confirmForAdmin}
          {sentFrom ? ` (you were going to ${sentFrom}).` : '.'}
        </Alert>
      )}
      {account && <SecondFactorSection account={account} />}
    </Stack>
  );
}
