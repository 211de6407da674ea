import { Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button.tsx';
import { EventForm, emptyEventForm } from '../features/events/event-form.tsx';
import { EventSaved } from '../features/events/event-saved.tsx';
import { addEvent } from '../features/events/event-writes.ts';
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
      <EventForm
        key={formKey}
        name={t('addEvent.title')}
        initial={emptyEventForm}
        submitLabel={t('addEvent.submit')}
        pendingLabel={t('addEvent.pending')}
        failureTitle={t('addEvent.failed')}
        save={addEvent}
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
