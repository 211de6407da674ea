import { Alert, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../shared/accounts.ts';
import type { Event } from '../../../shared/events.ts';
import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import type { Answers } from '../../../shared/questions.ts';
import { AccountPhoto } from '../../components/account-photo.tsx';
import { registeredLook, waitlistLook } from '../../components/alert-looks.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { EventBanner } from '../../components/event-banner.tsx';
import { useFocusWhen } from '../../lib/use-focus-when.ts';
import type { WaiverSignature } from '../waivers/api.ts';

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
  /**
   * Registers: on an event staffed by shifts, for the shifts the picker let go; with the answers, on an
   * event that asks questions; with the signature, on an event with a waiver.
   */
  onRegister: (shiftIds?: string[], answers?: Answers, waiver?: WaiverSignature) => void;
  /** On an event staffed by shifts: what the page's shift picker brings to the form. */
  shifts?: RegistrationShifts;
  /** On an event that asks questions: what the page's question fields bring to the form. */
  questions?: RegistrationQuestions;
  /** On an event with a waiver: what the page's waiver section brings to the form. */
  waiver?: RegistrationWaiver;
}

/**
 * The shifts' part of the form (the shifts feature's picker, put in by the page): drawn above Register
 * while registration is open; on Register, `check` gives the shifts' ids to send, or null when the
 * picker refuses the choice (it says why, beside it). `answer` is what the server said to this page's
 * last Register, one line per shift, read out where the event's answer would be.
 */
export interface RegistrationShifts {
  picker: ReactNode;
  check: () => string[] | null;
  answer: ReactNode | null;
}

/**
 * The questions' part of the form (the questions feature's fields, put in by the page): drawn above
 * Register, after the shifts, while registration is open; on Register, `check` gives the answers to
 * send, or null when one is refused (said beside its field; the focus goes there when `focus`).
 */
export interface RegistrationQuestions {
  fields: ReactNode;
  check: (focus: boolean) => Answers | null;
}

/**
 * The waiver's part of the form (the waivers feature's section, put in by the page): drawn above
 * Register, after the questions, while registration is open; on Register, `check` gives the signature
 * to send, or null when something is missing (said beside its field; the focus goes there when `focus`).
 */
export interface RegistrationWaiver {
  fields: ReactNode;
  check: (focus: boolean) => WaiverSignature | null;
}

function Outcome({ status, position }: { status: Exclude<RegistrationStatus, 'open'>; position?: number | null }) {
  const { t, i18n } = useTranslation('registrations');
  if (status === 'waitlisted') {
    const number = position == null ? '?' : formatNumber(position, i18n.language);
    return (
      <Alert role="none" color="brand" variant="light" title={t('outcome.waitlisted', { position: number })} styles={waitlistLook}>
        {t('outcome.waitlistedText')}
        <Group mt="sm">
          <ButtonLink to="/dashboard/myEvents" variant="light">
            {t('outcome.myEvents')}
          </ButtonLink>
        </Group>
      </Alert>
    );
  }
  if (status === 'past') {
    return (
      <Alert role="none" color="gray" variant="light" title={t('outcome.past')}>
        {t('outcome.pastText')}
        <Group mt="sm">
          <ButtonLink to="/events" variant="light">
            {t('outcome.browse')}
          </ButtonLink>
        </Group>
      </Alert>
    );
  }
  const title = status === 'registered' ? t('outcome.registered') : t('outcome.alreadyRegistered');
  return (
    <Alert role="none" color="teal" variant="light" title={title} styles={registeredLook}>
      {t('outcome.registeredText')}
      <Group mt="sm">
        <ButtonLink to="/dashboard/myEvents" variant="light">
          {t('outcome.myEvents')}
        </ButtonLink>
      </Group>
    </Alert>
  );
}

/**
 * The spec's read-only registration form (section 2): the person from their account, the event from
 * the event. Nothing here is typed; the server takes both from its own records.
 */
export function RegistrationForm({
  event,
  account,
  status,
  position,
  checking,
  submitting,
  failure,
  onRegister,
  shifts,
  questions,
  waiver,
}: RegistrationFormProps) {
  const { t, i18n } = useTranslation('registrations');
  // With shifts, each shift says whether it is full, beside it.
  const full = !shifts && event.spotsLeft === 0;
  const [sent, setSent] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  // The Register button goes with the answer: the focus goes to the answer, not the page's body.
  useFocusWhen(outcome, sent && (status !== 'open' || Boolean(shifts?.answer)));
  function handleSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (status !== 'open' || checking || submitting) return;
    const shiftIds = shifts ? shifts.check() : undefined;
    // Each says what is wrong; the focus goes to the first problem on the page: the shifts', the answers', the waiver's.
    const answers = questions ? questions.check(shiftIds !== null) : undefined;
    const signature = waiver ? waiver.check(shiftIds !== null && answers !== null) : undefined;
    if (shiftIds === null || answers === null || signature === null) return;
    setSent(true);
    onRegister(shiftIds, answers, signature);
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} aria-label={t('form.label')}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Paper radius="md" style={{ overflow: 'hidden' }}>
              <EventBanner src={event.banner} eager />
            </Paper>
            <Stack gap="sm" justify="center">
              <AccountPhoto photoURL={account.photoURL} size={80} alt={t('form.photo')} />
              <Text fw={600}>{t('form.registeringAs', { name: account.displayName })}</Text>
              <Text size="sm" c="dimmed">
                {t('form.fromProfile')}
              </Text>
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('form.name')} value={account.displayName} readOnly variant="filled" />
            <TextInput label={t('form.email')} type="email" value={account.email} readOnly variant="filled" />
            <TextInput label={t('form.title')} value={event.title} readOnly variant="filled" />
            <TextInput label={t('form.date')} value={formatWallDate(event.date, i18n.language)} readOnly variant="filled" />
          </SimpleGrid>
          <Textarea label={t('form.description')} value={event.desc} readOnly variant="filled" autosize minRows={2} maxRows={10} />

          {status === 'open' && shifts?.picker}
          {status === 'open' && questions?.fields}
          {status === 'open' && waiver?.fields}
          <div role="status" ref={outcome} tabIndex={-1}>
            {status !== 'open' && <Outcome status={status} position={position} />}
            {status === 'open' && shifts?.answer}
          </div>
          {status === 'open' && full && (
            <Text fw={600} c="brand.9">
              {t('form.full')}
            </Text>
          )}
          {status === 'open' && failure && (
            <Alert color="red" variant="light" title={t('form.notRegistered')}>
              {failure.message}
            </Alert>
          )}
          {status === 'open' && (
            <div>
              <Button type="submit" size="md" disabled={checking || submitting}>
                {submitting ? t('form.registering') : full ? t('form.joinWaitlist') : t('form.register')}
              </Button>
            </div>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
