import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Event, EventWrite } from '../../shared/events.ts';
import type { Question } from '../../shared/questions.ts';
import type { Shift } from '../../shared/shifts.ts';
import { ButtonLink } from '../components/button.tsx';
import { QueryError } from '../components/query-error.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventCopyActions } from '../features/events/event-copies.tsx';
import { EventForm } from '../features/events/event-form.tsx';
import { EventFormSkeleton } from '../features/events/event-form-skeleton.tsx';
import { backToAllEvents, EventNotFound } from '../features/events/event-not-found.tsx';
import { EventSaved } from '../features/events/event-saved.tsx';
import { type EventForm as EventFormValues, updateEvent } from '../features/events/event-writes.ts';
import { questionQueries } from '../features/questions/api.ts';
import { useQuestionsPart } from '../features/questions/questions-part.tsx';
import { shiftQueries } from '../features/shifts/api.ts';
import { useShiftsPart } from '../features/shifts/shift-part.tsx';
import { isApiError } from '../lib/api-error.ts';
import { combineParts } from '../lib/forms/form-part.ts';
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
  // Another event (a copy just made) is another page: nothing of this one's carries over.
  return <UpdateEventPage key={singleEventId} eventId={singleEventId} />;
}

function UpdateEventPage({ eventId }: { eventId: string }) {
  // Always asked again on arrival: a form filled from an older copy would undo someone else's changes.
  const query = useQuery({ ...eventQueries.detail(eventId), refetchOnMount: 'always' });
  const loaded = query.isFetchedAfterMount && query.data !== undefined && !query.isError;
  // Its shifts and questions once the event is there (none asked for an event that is not), fresh for the same reason.
  const shifts = useQuery({ ...shiftQueries.ofEvent(eventId), enabled: loaded, staleTime: 0 });
  const questions = useQuery({ ...questionQueries.ofEvent(eventId), enabled: loaded, staleTime: 0 });
  const [partsShown, setPartsShown] = useState(false);
  const fresh = (part: typeof shifts | typeof questions) => part.isFetchedAfterMount && part.isSuccess;
  if (!partsShown && loaded && fresh(shifts) && fresh(questions)) setPartsShown(true);
  const notFound = isApiError(query.error, 'not_found');
  const [updated, setUpdated] = useState<string | null>(null);
  const { t } = useTranslation('manage');
  const back = { ...backToAllEvents, label: t('backToAllEvents') };

  usePageTitle(
    notFound ? t('eventNotFound') : query.data ? t('updateEvent.pageTitle', { title: query.data.title }) : t('updateEvent.title'),
  );

  if (notFound) return <EventNotFound back={back} />;
  const shiftsFailed = loaded && !partsShown && shifts.isFetchedAfterMount && shifts.isError;
  const questionsFailed = loaded && !partsShown && questions.isFetchedAfterMount && questions.isError;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1}>{t('updateEvent.title')}</Title>
        <Group gap="sm">
          {loaded && query.data && <EventCopyActions event={query.data} />}
          <ButtonLink to={back.to} variant="default">
            {back.label}
          </ButtonLink>
        </Group>
      </Group>
      {(!query.isFetchedAfterMount || (loaded && !partsShown && !shiftsFailed && !questionsFailed)) && <EventFormSkeleton />}
      {query.isFetchedAfterMount && query.isError && (
        <QueryError title={t('updateEvent.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {shiftsFailed && <QueryError title={t('shifts.loadFailed')} error={shifts.error} onRetry={() => void shifts.refetch()} />}
      {questionsFailed && (
        <QueryError title={t('questionEditor.loadFailed')} error={questions.error} onRetry={() => void questions.refetch()} />
      )}
      {loaded && query.data && partsShown && (
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
          <UpdateEventForm
            key={query.data._id}
            event={query.data}
            shifts={shifts.data ?? []}
            questions={questions.data ?? []}
            onSaved={(event) => {
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

interface UpdateEventFormProps {
  event: Event;
  /** Its shifts as last loaded: the rows the form starts with, and their people as they change. */
  shifts: readonly Shift[];
  /** Its questions as loaded, staff-only ones too (GET /api/events/{id}/questions). */
  questions: readonly Question[];
  onSaved: (event: EventWrite) => void;
}

/** The event's form with its shift rows, questions and waiver: the event is saved first, then its shifts, then its questions and waiver. */
function UpdateEventForm({ event, shifts, questions, onSaved }: UpdateEventFormProps) {
  const { t } = useTranslation('manage');
  const shiftsPart = useShiftsPart(shifts);
  // An event stored before waivers existed has none.
  const questionsPart = useQuestionsPart({ questions, waiver: event.waiver ?? null, answered: true });
  return (
    <EventForm
      name={t('updateEvent.title')}
      initial={formValues(event)}
      submitLabel={t('updateEvent.submit')}
      pendingLabel={t('updateEvent.pending')}
      failureTitle={t('updateEvent.failed')}
      save={(values) => updateEvent(event._id, values)}
      part={combineParts(shiftsPart, questionsPart)}
      savedId={() => event._id}
      onSaved={(_modified, values) => onSaved(values)}
    />
  );
}
