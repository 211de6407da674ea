import '@mantine/core/styles/Modal.css';
import { Alert, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventStartOf } from '../../../shared/events.ts';
import type { Answers, Question } from '../../../shared/questions.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { wallClockAt } from '../../../shared/time-zone.ts';
import { Button } from '../../components/button.tsx';
import { useCurrentAccount } from '../../lib/current-account.ts';
import { notify } from '../../lib/notify.ts';
import { useSite } from '../../lib/site.ts';
import { eventQueries } from '../events/api.ts';
import { changeAnswers, registrationQueries } from '../registrations/api.ts';
import { answerText } from './answer-values.ts';
import { QuestionFields } from './question-fields.tsx';
import classes from './questions.module.css';
import { useAnswers } from './use-answers.ts';

interface ChangeAnswersFormProps {
  registration: Registration;
  questions: readonly Question[];
  onDone: () => void;
}

/** The dialog's form: the event's question fields filled with the answers kept, saved with PUT …/answers. */
function ChangeAnswersForm({ registration, questions, onDone }: ChangeAnswersFormProps) {
  const { t } = useTranslation('registrations');
  const queryClient = useQueryClient();
  const { account } = useCurrentAccount();
  const mine = registrationQueries.mine(account?.email ?? '');
  const answers = useAnswers(questions, registration.answers);
  const [failure, setFailure] = useState<Error | null>(null);
  const save = useMutation({
    mutationFn: (given: Answers) => changeAnswers(registration._id, given),
    onMutate: () => setFailure(null),
    onSuccess: (kept) => {
      // Every registration of the person at the event has them now (one per shift).
      queryClient.setQueryData(mine.queryKey, (list) =>
        list?.map((one) => (one.eventId === registration.eventId ? { ...one, answers: kept } : one)),
      );
      void queryClient.invalidateQueries({ queryKey: mine.queryKey });
      void notify({ color: 'teal', message: t('answers.saved', { title: registration.title }) });
      onDone();
    },
    // A refused answer beside its field, what was typed kept; anything else (the event has started, no connection) above the buttons.
    onError: (error) => setFailure(answers.showServerErrors(error) ? error : null),
  });

  function handleSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (save.isPending) return;
    const given = answers.check();
    if (given) save.mutate(given);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('answers.title', { title: registration.title })}>
      <Stack gap="md">
        <QuestionFields answers={answers} autofocus />
        {failure && (
          <Alert color="red" variant="light" title={t('answers.notSaved')}>
            {failure.message}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('answers.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('answers.saving') : t('answers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface RegistrationAnswersProps {
  registration: Registration;
  /** What names the card (its title, its shift): the 'Change answers' button is described by it. */
  describedBy: string;
}

/**
 * A My Events card's answers (decision 052): each question the event asks over the person's answer to
 * it, in words ('Yes', a date as the site writes dates, an emergency contact as 'Name, phone'), and,
 * until the event starts, 'Change answers', a dialog with the same fields as on registering. The
 * questions' labels are the event's (GET /api/events/{id}, one request per event, shared by its
 * shifts' cards): asked for when the registration has answers or the event has not started yet, so a
 * past event without answers asks nothing.
 */
export function RegistrationAnswers({ registration, describedBy }: RegistrationAnswersProps) {
  const { t, i18n } = useTranslation('registrations');
  const site = useSite();
  // On the charity's clock; not known yet: not offered.
  const started = site ? eventStartOf(registration.date) <= wallClockAt(site.timeZone).slice(0, 16) : true;
  const kept = registration.answers;
  const eventQuery = useQuery({ ...eventQueries.detail(registration.eventId), enabled: kept !== null || (site !== undefined && !started) });
  const [changing, setChanging] = useState(false);

  if (eventQuery.isError && kept !== null && Object.keys(kept).length > 0) {
    return (
      <Text size="sm" c="dimmed" className={classes.answers}>
        {t('answers.loadFailed')}
      </Text>
    );
  }
  const questions = eventQuery.data?.questions ?? [];
  const lines = questions.flatMap((question) => {
    const text = answerText(question, kept?.[question.id], t, i18n.language);
    return text === null ? [] : [{ question, text }];
  });
  const canChange = !started && questions.length > 0;
  if (lines.length === 0 && !canChange) return null;

  return (
    <div className={classes.answers}>
      {lines.length > 0 && (
        <>
          <Title order={3} size="h6">
            {t('answers.heading')}
          </Title>
          <dl className={classes.list}>
            {lines.map(({ question, text }) => (
              <div key={question.id}>
                <dt className={classes.question}>{question.label}</dt>
                <dd className={classes.answer}>{text}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {canChange && (
        <>
          <Button variant="default" aria-describedby={describedBy} onClick={() => setChanging(true)}>
            {t('answers.change')}
          </Button>
          <Modal
            opened={changing}
            onClose={() => setChanging(false)}
            title={t('answers.title', { title: registration.title })}
            centered
            closeButtonProps={{ 'aria-label': t('answers.close') }}
            styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
          >
            {changing && <ChangeAnswersForm registration={registration} questions={questions} onDone={() => setChanging(false)} />}
          </Modal>
        </>
      )}
    </div>
  );
}
