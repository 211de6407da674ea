import { useTranslation } from 'react-i18next';
import { AuthPanel } from '../features/users/auth-panel.tsx';
import { SignUpForm } from '../features/users/sign-up-form.tsx';
import { SignedInNotice } from '../features/users/signed-in-notice.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function RegisterPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('register.title'));
  // The form is drawn at once, on the server too (whose pages know no one): should the check of the
  // session then find the person signed in, the notice takes its place.
  const { account } = useCurrentAccount();
  return <AuthPanel title={t('register.title')}>{account ? <SignedInNotice email={account.email} /> : <SignUpForm />}</AuthPanel>;
}
