import { useTranslation } from 'react-i18next';
import { AuthPanel } from '../features/users/auth-panel.tsx';
import { LoginForm } from '../features/users/login-form.tsx';
import { SignedInNotice } from '../features/users/signed-in-notice.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function LoginPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('login.title'));
  // The form is drawn at once, on the server too (whose pages know no one): should the check of the
  // session then find the person signed in, the notice takes its place.
  const { account } = useCurrentAccount();
  return <AuthPanel title={t('login.title')}>{account ? <SignedInNotice email={account.email} /> : <LoginForm />}</AuthPanel>;
}
