import { Welcome } from '../features/accounts/welcome.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard: the welcome page for the signed-in person's role. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { account } = useCurrentAccount();
  return account ? <Welcome account={account} /> : null;
}
