import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatWallDate } from '../../shared/format.ts';
import { ButtonLink } from '../components/button.tsx';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { AfterEvent } from '../features/event-messages/after-event.tsx';
import { ComposeForm } from '../features/event-messages/compose-form.tsx';
import { MessageHistory } from '../features/event-messages/message-history.tsx';
import { eventQueries } from '../features/events/api.ts';
import { backToAllEvents, EventNotFound } from '../features/events/event-not-found.tsx';
import { isApiError } from '../lib/api-error.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /dashboard/events/{eventId}/messages (admins, issue 34): write to the event's people (all of them, or
 * by their place, check-in or shift), now or at a time, with a test to oneself first; and the messages
 * sent and scheduled, a scheduled one with its Cancel. Between them, the switch for the after-event
 * messages (a thank-you, and a 'we missed you', the day after the event).
 */
export function DashboardEventMessagesPage() {
  const { eventId = '' } = useParams();
  const { t, i18n } = useTranslation('manage');
  const query = useQuery(eventQueries.detail(eventId));
  const notFound = isApiError(query.error, 'not_found');
  const event = query.data;
  const back = { ...backToAllEvents, label: t('backToAllEvents') };
  usePageTitle(notFound ? t('eventNotFound') : event ? t('eventMessages.heading', { title: event.title }) : t('eventMessages.title'));

  if (notFound) return <EventNotFound back={back} />;

  return (
    <Stack gap="lg">
      {query.isPending && <LoadingBlocks label={t('eventMessages.loading')} blocks={[{ height: 32, width: '50%' }, { height: 320 }]} />}
      {query.isError && (
        <>
          <Title order={1}>{t('eventMessages.title')}</Title>
          <QueryError title={t('eventMessages.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
      {event && (
        <>
          <Stack gap={4}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {t('eventMessages.heading', { title: event.title })}
            </Title>
            <Text>
              <time dateTime={event.date}>{formatWallDate(event.date, i18n.language)}</time>
            </Text>
          </Stack>
          <Group gap="sm">
            <ButtonLink to={`/dashboard/events/${eventId}/roster`} variant="light">
              {t('eventMessages.roster')}
            </ButtonLink>
            <ButtonLink to={back.to} variant="default">
              {back.label}
            </ButtonLink>
          </Group>
          <ComposeForm event={event} />
          <AfterEvent eventId={eventId} />
          <MessageHistory eventId={eventId} />
        </>
      )}
    </Stack>
  );
}
