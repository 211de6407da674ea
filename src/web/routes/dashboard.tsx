import { useTranslation } from 'react-i18next';
import { SecondFactorFirst } from '../components/second-factor-first.tsx';
import { AdminOverview } from '../features/overview/admin-overview.tsx';
import { ConfirmEmailBanner } from '../features/users/confirm-email-banner.tsx';
import { Welcome } from '../features/users/welcome.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /dashboard: the welcome page for the signed-in person's role, below a reminder to confirm the address;
 * for admins, the overview under it.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const { account } = useCurrentAccount();
  return account ? (
    <>
      <ConfirmEmailBanner account={account} />
      <Welcome account={account} />
      {account.role === 'admin' && (account.mfaRequired ? <SecondFactorFirst pending={account.mfaRequired} /> : <AdminOverview />)}
    </>
  ) : null;
}
