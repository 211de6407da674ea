import '@mantine/core/styles/Switch.css';
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AfterEventState } from '../../../shared/event-messages.ts';
import { LoadingBlocks } from '../../components/loading-placeholders.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import { notify } from '../../lib/notify.ts';
import { eventMessageQueries, setAfterEvent } from './api.ts';

type ManageT = TFunction<'manage'>;

/** Where they stand: 'Off.', 'They go on 6 December 2026, 10:00 am.', 'Sent on …', or why none went. */
function stateWords({ status, sendAt }: AfterEventState, t: ManageT, language: string): string {
  const time = formatInstantIn(sendAt, language);
  switch (status) {
    case 'off':
      return t('eventMessages.afterEvent.off');
    case 'scheduled':
      return t('eventMessages.afterEvent.scheduled', { time });
    case 'sent':
      return t('eventMessages.afterEvent.sent', { time });
    case 'skipped':
      return t('eventMessages.afterEvent.skipped');
  }
}

/**
 * The after-event messages, on or off: the day after the event, a thank-you to those checked in and a
 * 'we missed you' to those registered but not checked in, in the product's words. Turning them on
 * schedules the two messages (they appear in the history, with their Cancel); turning them off cancels
 * them. Once they went (or were skipped: nobody was checked in) there is nothing left to switch.
 */
export function AfterEvent({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('manage');
  const headingId = useId();
  const labelId = useId();
  const queryClient = useQueryClient();
  const query = useQuery(eventMessageQueries.afterEvent(eventId));
  const { queryKey } = eventMessageQueries.afterEvent(eventId);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setAfterEvent(eventId, enabled),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKey, state);
      void notify({
        color: 'teal',
        message: state.enabled ? t('eventMessages.afterEvent.turnedOn') : t('eventMessages.afterEvent.turnedOff'),
      });
    },
    onError: (error) => {
      void notify({ color: 'red', title: t('eventMessages.afterEvent.notChanged'), message: error.message });
      void queryClient.invalidateQueries({ queryKey });
    },
    // The two messages were scheduled or cancelled (or, on a refusal, the list may have moved on too).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: eventMessageQueries.list(eventId).queryKey }),
  });
  const state = query.data;
  const done = state?.status === 'sent' || state?.status === 'skipped';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('eventMessages.afterEvent.heading')}
        </Title>
        {query.isPending && (
          <LoadingBlocks label={t('eventMessages.afterEvent.loading')} blocks={[{ height: 24 }, { height: 20, width: '40%' }]} />
        )}
        {query.isError && (
          <QueryError title={t('eventMessages.afterEvent.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        )}
        {state && (
          <>
            <Switch
              size="md"
              // Mantine's <label> wraps the description too: named by the label's words alone, described by the rest.
              label={<span id={labelId}>{t('eventMessages.afterEvent.label')}</span>}
              aria-labelledby={labelId}
              description={t('eventMessages.afterEvent.description')}
              // While the request runs, the switch shows what was asked for, and cannot be moved again.
              checked={toggle.isPending ? toggle.variables : state.enabled}
              disabled={toggle.isPending || done}
              aria-busy={toggle.isPending}
              onChange={(event) => toggle.mutate(event.currentTarget.checked)}
            />
            <Text role="status" aria-live="polite" aria-busy={toggle.isPending || query.isFetching} fw={600}>
              {stateWords(state, t, i18n.language)}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
