import { PageLoader } from '../components/page-loader.tsx';
import { AuthPanel } from '../features/accounts/auth-panel.tsx';
import { LoginForm } from '../features/accounts/login-form.tsx';
import { SignedInNotice } from '../features/accounts/signed-in-notice.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function LoginPage() {
  usePageTitle('Login');
  const { account, isPending } = useCurrentAccount();
  return (
    <AuthPanel title="Login">
      {isPending ? <PageLoader label="Checking your sign-in" /> : account ? <SignedInNotice email={account.email} /> : <LoginForm />}
    </AuthPanel>
  );
}
