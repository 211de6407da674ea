import { Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { eventMessages } from '../../shared/events.ts';
import { fillMessage } from '../../shared/messages.ts';
import { ButtonLink } from '../components/button.tsx';
import { EventForm, emptyEventForm } from '../features/events/event-form.tsx';
import { EventSaved } from '../features/events/event-saved.tsx';
import { addEvent } from '../features/events/event-writes.ts';
import { notify } from '../lib/notify.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/addEvent, inside RequireAdmin (spec section 2, DECISIONS 3.4). */
export function DashboardAddEventPage() {
  usePageTitle('Add Event');
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
      <Title order={1}>Add Event</Title>
      {added && (
        <EventSaved
          ref={addedRef}
          title="Event added"
          message={`${fillMessage(eventMessages.added, { title: added.title })}. The form below is ready for the next one.`}
          links={
            <>
              <ButtonLink to={`/eventDetails/${added.id}`} variant="light">
                View {added.title}
              </ButtonLink>
              <ButtonLink to="/dashboard/allEvents" variant="default">
                All Events
              </ButtonLink>
            </>
          }
        />
      )}
      <EventForm
        key={formKey}
        name="Add Event"
        initial={emptyEventForm}
        submitLabel="Add Event"
        pendingLabel="Adding…"
        failureTitle="The event was not added"
        save={addEvent}
        onSaved={(id, event) => {
          const { title } = event;
          void notify({ color: 'teal', message: fillMessage(eventMessages.added, { title }) });
          setAdded({ id, title });
          setFormKey((key) => key + 1);
        }}
      />
    </Stack>
  );
}
