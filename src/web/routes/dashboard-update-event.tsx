import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Event } from '../../shared/events.ts';
import { ButtonLink } from '../components/button.tsx';
import { QueryError } from '../components/query-error.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventForm } from '../features/events/event-form.tsx';
import { EventFormSkeleton } from '../features/events/event-form-skeleton.tsx';
import { backToAllEvents, EventNotFound } from '../features/events/event-not-found.tsx';
import { EventSaved } from '../features/events/event-saved.tsx';
import { type EventForm as EventFormValues, updateEvent } from '../features/events/event-writes.ts';
import { isApiError } from '../lib/api-error.ts';
import { notify } from '../lib/notify.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** The event as the form's text; its index and key go back unchanged. */
function formValues(event: Event): EventFormValues {
  return {
    index: String(event.index),
    key: event.key,
    title: event.title,
    desc: event.desc,
    banner: event.banner,
    date: event.date,
    location: event.location ?? '',
    end: event.end ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    // In cents, as the API gives it: the form shows it in money.
    goal: event.goal === null ? '' : String(event.goal),
    hours: event.hours === null ? '' : String(event.hours),
    checkinHoursBefore: String(event.checkinHoursBefore),
  };
}

/** /dashboard/eventUpdatePage/{singleEventId}, inside RequireAdmin: edit every field the Add Event form has. */
export function DashboardUpdateEventPage() {
  const { singleEventId = '' } = useParams();
  // Always asked again on arrival: a form filled from an older copy would undo someone else's changes.
  const query = useQuery({ ...eventQueries.detail(singleEventId), refetchOnMount: 'always' });
  const notFound = isApiError(query.error, 'not_found');
  const [updated, setUpdated] = useState<string | null>(null);
  const { t } = useTranslation('manage');
  const back = { ...backToAllEvents, label: t('backToAllEvents') };

  usePageTitle(
    notFound ? t('eventNotFound') : query.data ? t('updateEvent.pageTitle', { title: query.data.title }) : t('updateEvent.title'),
  );

  if (notFound) return <EventNotFound back={back} />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1}>{t('updateEvent.title')}</Title>
        <ButtonLink to={back.to} variant="default">
          {back.label}
        </ButtonLink>
      </Group>
      {!query.isFetchedAfterMount && <EventFormSkeleton />}
      {query.isFetchedAfterMount && query.isError && (
        <QueryError title={t('updateEvent.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.isFetchedAfterMount && query.data && !query.isError && (
        <>
          {updated && (
            <EventSaved
              title={t('updateEvent.updated')}
              message={t('updateEvent.updatedText', { title: updated })}
              links={
                <>
                  <ButtonLink to={back.to} variant="light">
                    {back.label}
                  </ButtonLink>
                  <ButtonLink to={`/eventDetails/${query.data._id}`} variant="default">
                    {t('updateEvent.view', { title: updated })}
                  </ButtonLink>
                </>
              }
            />
          )}
          <EventForm
            key={query.data._id}
            name={t('updateEvent.title')}
            initial={formValues(query.data)}
            submitLabel={t('updateEvent.submit')}
            pendingLabel={t('updateEvent.pending')}
            failureTitle={t('updateEvent.failed')}
            save={(event) => updateEvent(singleEventId, event)}
            onSaved={(_modified, event) => {
              const { title } = event;
              void notify({ color: 'teal', message: t('updateEvent.updatedToast', { title }) });
              setUpdated(title);
            }}
          />
        </>
      )}
    </Stack>
  );
}
