import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { verifyEmail } from '../features/users/api.ts';
import { AuthPanel } from '../features/users/auth-panel.tsx';
import { FormMessage } from '../features/users/form-message.tsx';
import { SendLinkAgainButton, SendLinkAgainForm } from '../features/users/send-link-again.tsx';
import { refreshCurrentAccount, useCurrentAccount } from '../lib/current-account.ts';
import { failureMessage } from '../lib/forms/schema-errors.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /verify-email?token=…: where the confirmation mail leads. Confirms on load and says how it went. */
export function VerifyEmailPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('verify.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const { account } = useCurrentAccount();
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async ({ signal }) => {
      await verifyEmail(token, signal);
      // The dashboard's banner goes once the account is read again.
      await refreshCurrentAccount(queryClient).catch(() => undefined);
      return true;
    },
    enabled: token !== '',
    // Confirming acts for the person whose browser opens the link (their other sessions end): never
    // when the server draws the page.
    meta: { browserOnly: true },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const failure = token === '' ? t('link.noToken') : null;
  return (
    <AuthPanel title={t('verify.title')}>
      {failure || result.isError ? (
        <Stack gap="md">
          <FormMessage tone="error">{failure ?? failureMessage(result.error)}</FormMessage>
          {account ? (
            account.emailVerified ? (
              <ButtonLink to="/dashboard">{t('actions.toDashboard')}</ButtonLink>
            ) : (
              <SendLinkAgainButton email={account.email} />
            )
          ) : (
            <>
              <Text>{t('verify.enterEmail')}</Text>
              <SendLinkAgainForm />
            </>
          )}
        </Stack>
      ) : result.isSuccess ? (
        <Stack gap="md" align="flex-start">
          <FormMessage tone="success">{t('verify.confirmed')}</FormMessage>
          {account ? (
            <ButtonLink to="/dashboard">{t('actions.toDashboard')}</ButtonLink>
          ) : (
            <ButtonLink to="/login">{t('actions.logIn')}</ButtonLink>
          )}
        </Stack>
      ) : (
        <PageLoader label={t('verify.confirming')} />
      )}
    </AuthPanel>
  );
}
