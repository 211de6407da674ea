import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isDeletedDonor } from '../../../shared/donations.ts';
import type { OutboxMessage } from '../../../shared/outbox.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { Button } from '../../components/button.tsx';
import { notify } from '../../lib/notify.ts';
import { sendMessageAgain } from './api.ts';

/**
 * 'Send again': queues the message now; the list refreshes to show it queued, then sent. A message to
 * an account deleted since has no address left to send to: it says so instead.
 */
export function SendAgainButton({ message }: { message: OutboxMessage }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendMessageAgain(message._id),
    onSuccess: () => void notify({ color: 'teal', message: `The message to ${message.to} is queued to send again` }),
    onError: (error) =>
      void notify({ color: 'red', title: `The message to ${message.to} was not queued`, message: (error as Error).message }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminListKey }),
  });
  if (message.status === 'sending' || message.status === 'queued') return null;
  if (isDeletedDonor(message.to)) return <Text size="xs">Cannot be sent again: the account was deleted</Text>;
  return (
    <Button
      size="sm"
      variant="light"
      disabled={send.isPending}
      aria-busy={send.isPending}
      onClick={() => send.mutate()}
      aria-label={`Send again: ${message.subject} to ${message.to}`}
    >
      {send.isPending ? 'Queueing…' : 'Send again'}
    </Button>
  );
}
