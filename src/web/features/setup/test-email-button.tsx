import { Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { sendTestEmail } from './api.ts';

/**
 * 'Send a test email' to the signed-in admin's own address: straight through the mail server, so what
 * it says is what the server answered.
 */
export function TestEmailButton() {
  const { t } = useTranslation('settings');
  const send = useMutation({ mutationFn: () => sendTestEmail() });
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="outline" onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? t('testEmail.sending') : t('testEmail.send')}
      </Button>
      {send.isSuccess && (
        <Text size="sm" fw={600} c="teal.9" role="status">
          {t('testEmail.sent', { to: send.data.to })}
        </Text>
      )}
      {send.isError && (
        <Text size="sm" fw={600} c="red.9" role="alert">
          {send.error.message}
        </Text>
      )}
    </Stack>
  );
}
