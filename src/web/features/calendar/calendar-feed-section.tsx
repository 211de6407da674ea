import '@mantine/core/styles/Fieldset.css';
import { Alert, Fieldset, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { notify } from '../../lib/notify.ts';
import { calendarFeedQuery, makeNewCalendarLink } from './api.ts';

/**
 * The person's calendar feed on the profile page: the address to subscribe to, 'Copy link', and
 * 'Make a new link' for when the address went somewhere it should not (asked first: the old one stops).
 */
export function CalendarFeedSection() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery);
  const [asking, setAsking] = useState(false);

  const replace = useMutation({
    mutationFn: makeNewCalendarLink,
    onSuccess: (answer) => {
      queryClient.setQueryData(calendarFeedQuery.queryKey, answer);
      void notify({ color: 'teal', message: t('calendar.replaced') });
    },
    onError: (error) => void notify({ color: 'red', title: t('calendar.notMade'), message: error.message }),
  });

  return (
    <Fieldset legend={t('calendar.legend')} maw={720}>
      <Stack gap="md">
        <Text size="sm">{t('calendar.intro')}</Text>
        {feed.isPending && <Loader size="sm" aria-label={t('calendar.loading')} />}
        {feed.isError && (
          <Alert color="red" variant="light" title={t('calendar.loadFailed')}>
            {feed.error.message}
          </Alert>
        )}
        {feed.data && (
          <>
            <TextInput label={t('calendar.address')} value={feed.data.url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Group gap="sm">
              <Button onClick={() => void copyText(feed.data.url, t('calendar.copied'))}>{t('calendar.copy')}</Button>
              <Button variant="default" disabled={replace.isPending} onClick={() => setAsking(true)}>
                {t('calendar.makeNew')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('calendar.question')}
        subject={t('calendar.oldStops')}
        confirmLabel={t('calendar.confirm')}
        declineLabel={t('calendar.decline')}
        onConfirm={() => {
          setAsking(false);
          replace.mutate();
        }}
        onDecline={() => setAsking(false)}
      />
    </Fieldset>
  );
}
