import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button.tsx';
import { FormMessage } from './form-message.tsx';

/** What /login and /register show someone who is already signed in. */
export function SignedInNotice({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  return (
    <Stack gap="md" align="flex-start">
      <FormMessage tone="success">{t('login.successful')}</FormMessage>
      <Text>{t('signedIn.as', { email })}</Text>
      <ButtonLink to="/dashboard">{t('actions.toDashboard')}</ButtonLink>
    </Stack>
  );
}
