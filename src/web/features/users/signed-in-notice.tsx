import { Stack, Text } from '@mantine/core';
import { accountMessages } from '../../../shared/accounts.ts';
import { ButtonLink } from '../../components/button.tsx';
import { FormMessage } from './form-message.tsx';

/** What /login and /register show someone who is already signed in. */
export function SignedInNotice({ email }: { email: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <FormMessage tone="success">{accountMessages.loginSuccessful}</FormMessage>
      <Text>You are signed in as {email}.</Text>
      <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
    </Stack>
  );
}
