import { PageLoader } from '../components/page-loader.tsx';
import { AuthPanel } from '../features/accounts/auth-panel.tsx';
import { SignedInNotice } from '../features/accounts/signed-in-notice.tsx';
import { SignUpForm } from '../features/accounts/sign-up-form.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function RegisterPage() {
  usePageTitle('Register');
  const { account, isPending } = useCurrentAccount();
  return (
    <AuthPanel title="Register">
      {isPending ? <PageLoader label="Checking your sign-in" /> : account ? <SignedInNotice email={account.email} /> : <SignUpForm />}
    </AuthPanel>
  );
}
