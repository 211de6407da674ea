import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendMessageAgain(message._id),
    onSuccess: () => void notify({ color: 'teal', message: t('sendAgain.queued', { to: message.to }) }),
    onError: (error) =>
      void notify({ color: 'red', title: t('sendAgain.notQueued', { to: message.to }), message: (error as Error).message }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminListKey }),
  });
  if (message.status === 'sending' || message.status === 'queued') return null;
  if (isDeletedDonor(message.to)) return <Text size="xs">{t('sendAgain.deleted')}</Text>;
  return (
    <Button
      size="sm"
      variant="light"
      disabled={send.isPending}
      aria-busy={send.isPending}
      onClick={() => send.mutate()}
      aria-label={t('sendAgain.label', { subject: message.subject, to: message.to })}
    >
      {send.isPending ? t('sendAgain.queueing') : t('sendAgain.button')}
    </Button>
  );
}
