import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventWrite } from '../../shared/events.ts';
import type { Question } from '../../shared/questions.ts';
import { ButtonLink } from '../components/button.tsx';
import { QueryError } from '../components/query-error.tsx';
import { EventForm, emptyEventForm } from '../features/events/event-form.tsx';
import { EventFormSkeleton } from '../features/events/event-form-skeleton.tsx';
import { EventSaved } from '../features/events/event-saved.tsx';
import { addEvent } from '../features/events/event-writes.ts';
import { questionQueries } from '../features/questions/api.ts';
import { useQuestionsPart } from '../features/questions/questions-part.tsx';
import { useShiftsPart } from '../features/shifts/shift-part.tsx';
import { combineParts } from '../lib/forms/form-part.ts';
import { notify } from '../lib/notify.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/addEvent, inside RequireAdmin (spec section 2, DECISIONS 3.4). */
export function DashboardAddEventPage() {
  const { t } = useTranslation('manage');
  usePageTitle(t('addEvent.title'));
  // A new key after each event added gives the next one a fresh, empty form.
  const [formKey, setFormKey] = useState(0);
  const [added, setAdded] = useState<{ id: string; title: string } | null>(null);
  const addedRef = useRef<HTMLDivElement>(null);

  // The button pressed has just been replaced with a fresh form: focus goes to what happened instead.
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('addEvent.title')}</Title>
      {added && (
        <EventSaved
          ref={addedRef}
          title={t('addEvent.added')}
          message={t('addEvent.addedText', { title: added.title })}
          links={
            <>
              <ButtonLink to={`/eventDetails/${added.id}`} variant="light">
                {t('addEvent.view', { title: added.title })}
              </ButtonLink>
              <ButtonLink to="/dashboard/allEvents" variant="default">
                {t('allEvents')}
              </ButtonLink>
            </>
          }
        />
      )}
      <AddEventForm
        key={formKey}
        onSaved={(id, event) => {
          const { title } = event;
          void notify({ color: 'teal', message: t('addEvent.addedToast', { title }) });
          setAdded({ id, title });
          setFormKey((key) => key + 1);
        }}
      />
    </Stack>
  );
}

interface AddEventFormProps {
  onSaved: (id: string, event: EventWrite) => void;
}

/**
 * A new event's form once the organisation's questions are in (GET /api/site/questions, staff-only ones
 * too): it starts with them, each to keep or take off.
 */
function AddEventForm({ onSaved }: AddEventFormProps) {
  const { t } = useTranslation('manage');
  const offered = useQuery(questionQueries.ofSite());
  if (offered.isError) {
    return <QueryError title={t('questionEditor.siteLoadFailed')} error={offered.error} onRetry={() => void offered.refetch()} />;
  }
  if (offered.isPending) return <EventFormSkeleton />;
  return <NewEventForm offered={offered.data} onSaved={onSaved} />;
}

/**
 * A new event's form with its shift rows (none to start with), then its questions (the organisation's,
 * each to keep or take off) and waiver: the event is added with its questions and waiver in one request
 * (never public without its waiver), then its shifts.
 */
function NewEventForm({ offered, onSaved }: AddEventFormProps & { offered: readonly Question[] }) {
  const { t } = useTranslation('manage');
  const shifts = useShiftsPart();
  const questions = useQuestionsPart({ questions: offered });
  return (
    <EventForm
      name={t('addEvent.title')}
      initial={emptyEventForm}
      submitLabel={t('addEvent.submit')}
      pendingLabel={t('addEvent.pending')}
      failureTitle={t('addEvent.failed')}
      save={(event) => questions.sendWithEvent((withEvent) => addEvent({ ...event, ...withEvent }))}
      part={combineParts(shifts, questions)}
      savedId={(id) => id}
      onSaved={onSaved}
    />
  );
}
