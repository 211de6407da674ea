import { Alert, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import type { Account } from '../../../shared/accounts.ts';
import { formatEventDate } from '../../../shared/event-date.ts';
import type { Event } from '../../../shared/events.ts';
import { registrationMessages } from '../../../shared/registrations.ts';
import { AccountPhoto } from '../../components/account-photo.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import { EventBanner } from '../../components/event-banner.tsx';
import { useFocusWhen } from '../../lib/use-focus-when.ts';

/**
 * Where the person stands with this event: they may register, have just registered, were already
 * registered, wait on the waitlist (`position` says their number), or the event is over.
 */
export type RegistrationStatus = 'open' | 'registered' | 'alreadyRegistered' | 'waitlisted' | 'past';

interface RegistrationFormProps {
  event: Event;
  account: Account;
  status: RegistrationStatus;
  /** Their number on the waitlist, when `status` is 'waitlisted'. */
  position?: number | null;
  /** Their registrations are still loading: the button waits, so it is not offered twice. */
  checking: boolean;
  submitting: boolean;
  failure: Error | null;
  onRegister: () => void;
}

/** Mantine's light teal falls short of 4.5:1 (axe); teal.9 on teal.0 keeps it. */
const registeredLook = {
  root: { background: 'var(--mantine-color-teal-0)' },
  title: { color: 'var(--mantine-color-teal-9)' },
};
const waitlistLook = {
  root: { background: 'var(--mantine-color-brand-0)' },
  title: { color: 'var(--mantine-color-brand-9)' },
};

function Outcome({ status, position }: { status: Exclude<RegistrationStatus, 'open'>; position?: number | null }) {
  if (status === 'waitlisted') {
    return (
      <Alert role="none" color="brand" variant="light" title={`You are on the waitlist: number ${position ?? '?'}`} styles={waitlistLook}>
        This event is full. When a place frees up, the first person waiting gets it automatically and is told by email. You can see or
        cancel this in My Events.
        <Group mt="sm">
          <ButtonLink to="/dashboard/myEvents" variant="light">
            My Events
          </ButtonLink>
        </Group>
      </Alert>
    );
  }
  if (status === 'past') {
    return (
      <Alert role="none" color="gray" variant="light" title={registrationMessages.eventPast}>
        Registration is closed. Find an upcoming event to volunteer at.
        <Group mt="sm">
          <ButtonLink to="/events" variant="light">
            Browse events
          </ButtonLink>
        </Group>
      </Alert>
    );
  }
  const title = status === 'registered' ? 'You are registered for this event' : registrationMessages.alreadyRegistered;
  return (
    <Alert role="none" color="teal" variant="light" title={title} styles={registeredLook}>
      You can see or cancel your registrations in My Events.
      <Group mt="sm">
        <ButtonLink to="/dashboard/myEvents" variant="light">
          My Events
        </ButtonLink>
      </Group>
    </Alert>
  );
}

/**
 * The spec's read-only registration form (section 2): the person from their account, the event from
 * the event. Nothing here is typed; the server takes both from its own records.
 */
export function RegistrationForm({ event, account, status, position, checking, submitting, failure, onRegister }: RegistrationFormProps) {
  const full = event.spotsLeft === 0;
  const [sent, setSent] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  // The Register button goes with the answer: the focus goes to the answer, not the page's body.
  useFocusWhen(outcome, sent && status !== 'open');
  function handleSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (status !== 'open' || checking || submitting) return;
    setSent(true);
    onRegister();
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} aria-label="Event registration">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Paper radius="md" style={{ overflow: 'hidden' }}>
              <EventBanner src={event.banner} eager />
            </Paper>
            <Stack gap="sm" justify="center">
              <AccountPhoto photoURL={account.photoURL} size={80} alt="Your photo" />
              <Text fw={600}>Registering as {account.displayName}</Text>
              <Text size="sm" c="dimmed">
                Your name, email and photo come from your profile; the event's details from the event.
              </Text>
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" value={account.displayName} readOnly variant="filled" />
            <TextInput label="Email" type="email" value={account.email} readOnly variant="filled" />
            <TextInput label="Title" value={event.title} readOnly variant="filled" />
            <TextInput label="Date" value={formatEventDate(event.date)} readOnly variant="filled" />
          </SimpleGrid>
          <Textarea label="Description" value={event.desc} readOnly variant="filled" autosize minRows={2} maxRows={10} />

          <div role="status" ref={outcome} tabIndex={-1}>
            {status !== 'open' && <Outcome status={status} position={position} />}
          </div>
          {status === 'open' && full && (
            <Text fw={600} c="brand.9">
              Full: join the waitlist. You get a place automatically, and an email, when one frees up.
            </Text>
          )}
          {status === 'open' && failure && (
            <Alert color="red" variant="light" title="You are not registered yet">
              {failure.message}
            </Alert>
          )}
          {status === 'open' && (
            <div>
              <Button type="submit" size="md" disabled={checking || submitting}>
                {submitting ? 'Registering…' : full ? 'Join the waitlist' : 'Register'}
              </Button>
            </div>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
