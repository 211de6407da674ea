import { Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/button.tsx';
import { sendTestEmail } from './api.ts';

/**
 * 'Send a test email' to the signed-in admin's own address: straight through the mail server, so what
 * it says is what the server answered.
 */
export function TestEmailButton() {
  const send = useMutation({ mutationFn: () => sendTestEmail() });
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="outline" onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send a test email'}
      </Button>
      {send.isSuccess && (
        <Text size="sm" fw={600} c="teal.9" role="status">
          {`The mail server took a test message to ${send.data.to}. Check that it arrived (and the spam folder).`}
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
