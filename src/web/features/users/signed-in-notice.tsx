import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accountMessages } from '../../../shared/accounts.ts';
import { ButtonLink } from '../../components/button.tsx';
import { FormMessage } from './form-message.tsx';

/** What /login and /register show someone who is already signed in. */
export function SignedInNotice({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  return (
    <Stack gap="md" align="flex-start">
      <FormMessage tone="success">{accountMessages.loginSuccessful}</FormMessage>
      <Text>{t('signedIn.as', { email })}</Text>
      <ButtonLink to="/dashboard">{t('actions.toDashboard')}</ButtonLink>
    </Stack>
  );
}
