import { Container, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatNumber } from '../../shared/format.ts';
import { type Answers, isMinor, type Question } from '../../shared/questions.ts';
import { type RegistrationCreated, registrationMessages } from '../../shared/registrations.ts';
import type { ShiftSummary } from '../../shared/shifts.ts';
import { QueryError } from '../components/query-error.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventDetailsSkeleton } from '../features/events/event-details-skeleton.tsx';
import { EventNotFound } from '../features/events/event-not-found.tsx';
import { givenOf } from '../features/questions/answer-values.ts';
import { QuestionFields } from '../features/questions/question-fields.tsx';
import { refusedOnFields, useAnswers } from '../features/questions/use-answers.ts';
import { registerForEvent, registrationQueries } from '../features/registrations/api.ts';
import { RegistrationForm, type RegistrationStatus } from '../features/registrations/registration-form.tsx';
import { shiftQueries } from '../features/shifts/api.ts';
import { type HeldShift, useShiftChoice } from '../features/shifts/shift-choice.ts';
import { ShiftOutcome } from '../features/shifts/shift-outcome.tsx';
import { ShiftPicker } from '../features/shifts/shift-picker.tsx';
import type { WaiverSignature } from '../features/waivers/api.ts';
import { isWaiverPath, useWaiverSign } from '../features/waivers/use-waiver-sign.ts';
import { WaiverSign } from '../features/waivers/waiver-sign.tsx';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { notify } from '../lib/notify.ts';
import type { PageData } from '../lib/page-data.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * The event and, on an event staffed by shifts, its shifts: in the page's cache when the app takes it
 * over, so the form comes without asking again once the account is known (the server draws the
 * guard's loader: it knows no one).
 */
export const pageData: PageData = async ({ queryClient, params }) => {
  const eventId = params.singleEventId ?? '';
  await queryClient.prefetchQuery(eventQueries.detail(eventId));
  if (queryClient.getQueryData(eventQueries.detail(eventId).queryKey)?.shifts)
    await queryClient.prefetchQuery(shiftQueries.ofEvent(eventId));
};

/** What is sent on Register: the shifts chosen, the answers given and the waiver signed, each only when the event has them. */
interface RegisterChoice {
  shiftIds?: string[];
  answers?: Answers;
  waiver?: WaiverSignature;
}

const noQuestions: Question[] = [];

/** /events/register/:singleEventId, inside RequireSignedIn: the account is there. */
export function EventRegisterPage() {
  const { t, i18n } = useTranslation('registrations');
  const { singleEventId = '' } = useParams();
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const queryClient = useQueryClient();
  const eventQuery = useQuery(eventQueries.detail(singleEventId));
  const event = eventQuery.data;
  const withShifts = (event?.shifts ?? 0) > 0;
  const shiftsQuery = useQuery({ ...shiftQueries.ofEvent(singleEventId), enabled: withShifts });
  const shifts = shiftsQuery.data ?? [];
  const mine = useQuery({ ...registrationQueries.mine(email), enabled: Boolean(email) });
  // What the server said to this page's own Register: it outranks the list loaded before.
  const [answer, setAnswer] = useState<Exclude<RegistrationStatus, 'open'> | null>(null);
  const [created, setCreated] = useState<RegistrationCreated | null>(null);

  // The shifts the person has: of this event (shown taken), and of any event (a choice overlapping one
  // is refused), with those this page has just taken until their list has them.
  const justTaken = created?.registrations.filter((one) => one.shiftId !== null) ?? [];
  const held: HeldShift[] = (mine.data ?? []).flatMap((registration) =>
    registration.eventId === singleEventId && registration.shift
      ? [{ shiftId: registration.shift._id, status: registration.status, position: registration.position }]
      : [],
  );
  for (const one of justTaken) {
    if (one.shiftId && !held.some((shift) => shift.shiftId === one.shiftId))
      held.push({ shiftId: one.shiftId, status: one.status, position: one.position });
  }
  const own: ShiftSummary[] = [
    ...(mine.data ?? []).flatMap((registration) => (registration.shift ? [registration.shift] : [])),
    ...shifts.filter((shift) => justTaken.some((one) => one.shiftId === shift._id)),
  ];
  const choice = useShiftChoice(shifts, held, own);
  // The event's questions (those a person registering sees), their fields filled with the answers the
  // person gave before (another shift of this event) until they change one.
  const questions = event?.questions ?? noQuestions;
  const withQuestions = questions.length > 0;
  const answered = mine.data?.find((registration) => registration.eventId === singleEventId && registration.answers)?.answers;
  const answers = useAnswers(questions, answered);
  // The event's waiver, signed by a parent or guardian too when the answers as typed say the person is
  // under 18 on the event's day.
  const withWaiver = Boolean(event?.waiver);
  const minor = event ? isMinor(questions, givenOf(questions, answers.values), event.date.slice(0, 10)) : false;
  const waiverSign = useWaiverSign(event?.waiver ?? null, minor);
  /** A field message the page shows beside its field: a question's shown, or the waiver's. */
  const shownOnField = (path: string) =>
    (withQuestions && questions.some((question) => path === `answers.${question.id}`)) || (withWaiver && isWaiverPath(path));

  const register = useMutation({
    mutationFn: ({ shiftIds, answers: given, waiver }: RegisterChoice) => registerForEvent(singleEventId, shiftIds, given, waiver),
    onMutate: ({ shiftIds }) => {
      if (shiftIds) setCreated(null);
    },
    onSuccess: (result, { shiftIds }) => {
      setCreated(result);
      if (shiftIds) {
        choice.clear();
        const waiting = result.registrations.filter((one) => one.status === 'waitlisted').length;
        const message =
          waiting === 0
            ? t('outcome.registeredToast')
            : t('shiftOutcome.waitlistedToast', { count: waiting, n: formatNumber(waiting, i18n.language) });
        void notify({ color: 'teal', message });
        return;
      }
      setAnswer(result.status);
      const message =
        result.status === 'waitlisted'
          ? t('outcome.waitlistedToast', {
              position: result.position === null ? '?' : formatNumber(result.position, i18n.language, { useGrouping: false }),
            })
          : t('outcome.registeredToast');
      void notify({ color: 'teal', message });
    },
    onError: (error) => {
      // A refused answer is said beside its field, what was typed kept.
      if (withQuestions && isApiError(error, 'invalid_input')) answers.showServerErrors(error);
      // So is a refused signature (after the answers: the focus goes to the first on the page); a 409
      // naming `waiver.version` asks the person to read the text again, which the event's refresh
      // (onSettled) brings.
      if (withWaiver && isApiError(error)) {
        const answerRefused = Object.keys(error.fields ?? {}).some((path) => path.startsWith('answers.') && shownOnField(path));
        waiverSign.showServerErrors(error, !answerRefused);
      }
      if (isApiError(error, 'conflict') && error.message === registrationMessages.alreadyRegistered) setAnswer('alreadyRegistered');
      else if (isApiError(error, 'conflict') && error.message === registrationMessages.eventPast) setAnswer('past');
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationQueries.mine(email).queryKey }),
        // Its places left change with every registration (its shifts' too: they are under the events' key).
        queryClient.invalidateQueries({ queryKey: eventQueries.all() }),
      ]),
  });

  const notFound = isApiError(eventQuery.error, 'not_found');
  usePageTitle(event ? t('register.title', { title: event.title }) : notFound ? t('register.notFound') : t('register.heading'));

  const existing = mine.data?.find((registration) => registration.eventId === singleEventId);
  let status: RegistrationStatus = 'open';
  if (answer) status = answer;
  // With shifts, a person who has some may take more: each shift they have is shown as theirs.
  else if (existing && !withShifts) status = existing.status === 'waitlisted' ? 'waitlisted' : 'alreadyRegistered';
  else if (event?.past) status = 'past';
  const position = created?.position ?? existing?.position ?? null;
  // The server's refusal of the shifts chosen (none, one overlapping, one already theirs), in the
  // reader's language as it answered: said beside the group, the choice kept.
  const shiftProblem = withShifts && isApiError(register.error) ? (register.error.fields?.shiftIds ?? null) : null;
  // A conflict is shown as the status it names; any other failure beside the button.
  // A refusal of answers only is said beside their fields; so is one of answers and the waiver's fields.
  const answersProblem = withQuestions && refusedOnFields(register.error, questions);
  const refusedFields = isApiError(register.error) ? Object.keys(register.error.fields ?? {}) : [];
  const waiverProblem = withWaiver && refusedFields.length > 0 && refusedFields.every(shownOnField);
  const failure = register.error && !answer && !shiftProblem && !answersProblem && !waiverProblem ? register.error : null;

  return (
    <Container size="md" py="xl">
      {eventQuery.isPending && <EventDetailsSkeleton />}
      {notFound && <EventNotFound />}
      {eventQuery.isError && !notFound && (
        <Stack gap="md">
          <Title order={1}>{t('register.heading')}</Title>
          <QueryError title={t('register.loadFailed')} error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />
        </Stack>
      )}
      {event && account && (
        <Stack gap="lg">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {t('register.title', { title: event.title })}
          </Title>
          {withShifts && shiftsQuery.isPending && (
            <Stack gap="sm" role="status" data-loading>
              <VisuallyHidden>{t('shifts.loading')}</VisuallyHidden>
              <Skeleton height={240} aria-hidden="true" />
              <Skeleton height={24} width="40%" aria-hidden="true" />
              <Skeleton height={48} aria-hidden="true" />
              <Skeleton height={48} aria-hidden="true" />
            </Stack>
          )}
          {withShifts && shiftsQuery.isError && (
            <QueryError title={t('shifts.loadFailed')} error={shiftsQuery.error} onRetry={() => void shiftsQuery.refetch()} />
          )}
          {(!withShifts || shiftsQuery.isSuccess) && (
            <RegistrationForm
              event={event}
              account={account}
              status={status}
              position={position}
              checking={mine.isPending}
              submitting={register.isPending}
              failure={failure}
              onRegister={(shiftIds, given, waiver) => register.mutate({ shiftIds, answers: given, waiver })}
              shifts={
                withShifts
                  ? {
                      picker: (
                        <ShiftPicker
                          shifts={shifts}
                          held={held}
                          choice={choice}
                          problem={shiftProblem}
                          onChange={() => {
                            // A refusal of the choice before no longer applies to this one.
                            if (register.isError) register.reset();
                          }}
                        />
                      ),
                      check: choice.check,
                      answer: created ? <ShiftOutcome taken={created.registrations} shifts={shifts} /> : null,
                    }
                  : undefined
              }
              questions={
                withQuestions
                  ? {
                      fields: <QuestionFields answers={answers} legend={t('questions.legend')} />,
                      check: answers.check,
                    }
                  : undefined
              }
              waiver={withWaiver ? { fields: <WaiverSign sign={waiverSign} />, check: waiverSign.check } : undefined}
            />
          )}
        </Stack>
      )}
    </Container>
  );
}
