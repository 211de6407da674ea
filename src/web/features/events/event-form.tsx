import { Alert, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHECKIN_HOURS_BEFORE, type EventWrite, eventWriteSchema } from '../../../shared/events.ts';
import { moneyInput, parseMoney } from '../../../shared/money.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { FormPart, PartFailure, SaveQuestion } from '../../lib/forms/form-part.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { useSite } from '../../lib/site.ts';
import { eventQueries } from './api.ts';
import { BannerField } from './banner-field.tsx';
import { type EventForm as EventFormValues, updateEvent, uploadBanner } from './event-writes.ts';

/**
 * What the form holds: the date typed as a day and an optional time, sent as one value
 * (2026-12-05T14:30). Index and key are not on the form (issue 29: words a charity does not use); the
 * API still takes them (spec section 2), and the form sends back an event's own.
 */
type Draft = Omit<EventFormValues, 'index' | 'key' | 'date'> & { day: string; time: string };

export const emptyEventForm: EventFormValues = {
  index: '',
  key: '',
  title: '',
  desc: '',
  banner: '',
  date: '',
  location: '',
  end: '',
  capacity: '',
  goal: '',
  hours: '',
  checkinHoursBefore: String(DEFAULT_CHECKIN_HOURS_BEFORE),
};

function toDraft({ index: _index, key: _key, date, goal, ...rest }: EventFormValues, currency: string): Draft {
  return { ...rest, goal: goalMoney(goal, currency), day: date.slice(0, 10), time: date.slice(11, 16) };
}

/** The goal as the form shows it, in money ('2500'), from the API's minor units ('250000' cents, or yen as they are). */
function goalMoney(minor: string, currency: string): string {
  return /^\d+$/.test(minor) ? moneyInput(Number(minor), currency) : minor;
}

/** The goal typed in money, as the API takes it (minor units); anything else as typed, for the schema to refuse. */
function goalMinor(money: string, currency: string): string {
  const amount = money.trim() === '' ? null : parseMoney(money, currency);
  return amount === null ? money : String(amount);
}

/** The schema's and the server's `date` is shown on the day field. */
const fieldNames = { date: 'day' };

/** More to save with an event, after it (its shifts): see lib/forms/form-part.ts. */
export type EventFormPart = FormPart;

interface EventFormProps<Result> {
  /** The form's accessible name: 'Add Event'. */
  name: string;
  initial: EventFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** The alert's title when the server could not be reached or refused: 'The event was not added'. */
  failureTitle: string;
  save: (event: EventWrite) => Promise<Result>;
  /** Once the event, and its part when it has one, are saved. */
  onSaved: (result: Result, event: EventWrite) => void;
  /** More to save after the event (its shifts), and the saved event's id from what `save` answered. */
  part?: EventFormPart;
  savedId?: (result: Result) => string;
}

/** What one save sends: the event, then its part as it was when the button was pressed. */
interface SaveInput<Result> {
  event: EventWrite;
  savePart: EventFormPart['save'] | null;
  /** The event a save before made or changed when its part failed: it is changed now, not added again. */
  retry: { eventId: string; result: Result } | null;
}

interface Saved<Result> {
  result: Result;
  eventId: string | undefined;
  partFailure: PartFailure | null;
}

/**
 * Add Event and Update Event (spec section 2, DECISIONS 3.4): checked here with the server's own
 * schema before anything is sent, each message beside its field; the server's field messages go
 * there too. Whatever the server answers, what was typed stays on the form. A part (the event's
 * shifts) is saved after the event; when some of it fails, the event stays saved, the alert says what
 * failed, and saving again changes that event.
 */
export function EventForm<Result>(props: EventFormProps<Result>) {
  const { initial, part, savedId } = props;
  const { t } = useTranslation('manage');
  const [failure, setFailure] = useState<Error | null>(null);
  /** The event was saved but not all of its part: what the part says about it. */
  const [partFailure, setPartFailure] = useState<PartFailure | null>(null);
  const [retry, setRetry] = useState<SaveInput<Result>['retry']>(null);
  /** A save waiting for a yes (it would take away something people are on). */
  const [asking, setAsking] = useState<(SaveQuestion & { input: SaveInput<Result>; open: boolean }) | null>(null);
  const partAlert = useRef<HTMLDivElement>(null);
  const [alertFocus, setAlertFocus] = useState(0);
  useEffect(() => {
    if (alertFocus > 0) partAlert.current?.focus();
  }, [alertFocus]);
  const queryClient = useQueryClient();
  const siteCurrency = useSite()?.currency ?? 'usd';
  const currency = siteCurrency.toUpperCase();
  const form = useSchemaForm({
    schema: eventWriteSchema,
    initialValues: toDraft(initial, siteCurrency),
    toInput: ({ day, time, goal, ...rest }) => ({
      index: initial.index,
      key: initial.key,
      ...rest,
      date: day && time ? `${day}T${time}` : day,
      goal: goalMinor(goal, siteCurrency),
    }),
    fieldNames,
  });

  const upload = useMutation({ mutationFn: uploadBanner });
  const save = useMutation({
    // The event first: its id is where its part goes.
    mutationFn: async ({ event, savePart, retry }: SaveInput<Result>): Promise<Saved<Result>> => {
      if (retry) {
        await updateEvent(retry.eventId, event);
        return { ...retry, partFailure: savePart ? await savePart(retry.eventId) : null };
      }
      const result = await props.save(event);
      const eventId = savedId?.(result);
      return { result, eventId, partFailure: savePart && eventId !== undefined ? await savePart(eventId) : null };
    },
    onMutate: () => {
      setFailure(null);
      setPartFailure(null);
    },
    onSuccess: ({ result, eventId, partFailure }, { event }) => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: eventQueries.all() });
      if (!partFailure || eventId === undefined) {
        setRetry(null);
        props.onSaved(result, event);
        return;
      }
      setPartFailure(partFailure);
      setRetry({ eventId, result });
      // Focus on the first box that says what went wrong, or on the alert when none does.
      if (partFailure.onField) form.focusFirstInvalid();
      else setAlertFocus((count) => count + 1);
    },
    // A message for a field on the form is shown beside it; anything else (a network failure, a 403) in the alert.
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  function handleSubmit(event: EventWrite) {
    if (save.isPending || upload.isPending) return;
    if (part && !part.check()) {
      form.focusFirstInvalid();
      return;
    }
    const input: SaveInput<Result> = { event, savePart: part?.save ?? null, retry };
    const question = part?.question();
    if (question) setAsking({ ...question, input, open: true });
    else save.mutate(input);
  }

  /** The event's own boxes are wrong: its part says what is wrong with it too, at once. */
  function handleInvalid() {
    part?.check();
  }

  return (
    <>
      <form onSubmit={form.onSubmit(handleSubmit, handleInvalid)} noValidate aria-label={props.name}>
        <Stack gap="md" maw={720}>
          <TextInput
            label={t('eventForm.title')}
            required
            autoComplete="off"
            maxLength={200}
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('eventForm.description')}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5000}
            key={form.key('desc')}
            {...form.getInputProps('desc')}
          />
          <BannerField
            inputKey={form.key('banner')}
            inputProps={form.getInputProps('banner')}
            initial={initial.banner}
            onUploaded={(url) => form.setFieldValue('banner', url)}
            upload={upload}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput type="date" label={t('eventForm.date')} required key={form.key('day')} {...form.getInputProps('day')} />
            <TextInput type="time" label={t('eventForm.startTime')} key={form.key('time')} {...form.getInputProps('time')} />
          </SimpleGrid>
          <TextInput
            label={t('eventForm.location')}
            description={t('eventForm.locationHint')}
            autoComplete="off"
            maxLength={200}
            key={form.key('location')}
            {...form.getInputProps('location')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              type="datetime-local"
              label={t('eventForm.end')}
              description={t('eventForm.endHint')}
              key={form.key('end')}
              {...form.getInputProps('end')}
            />
            <TextInput
              label={t('eventForm.capacity')}
              description={t('eventForm.capacityHint')}
              inputMode="numeric"
              autoComplete="off"
              key={form.key('capacity')}
              {...form.getInputProps('capacity')}
            />
          </SimpleGrid>
          <TextInput
            label={t('eventForm.goal', { currency })}
            description={t('eventForm.goalHint')}
            inputMode="decimal"
            autoComplete="off"
            key={form.key('goal')}
            {...form.getInputProps('goal')}
          />
          <TextInput
            label={t('eventForm.hours')}
            description={t('eventForm.hoursHint')}
            inputMode="decimal"
            autoComplete="off"
            key={form.key('hours')}
            {...form.getInputProps('hours')}
          />
          <TextInput
            label={t('eventForm.checkinOpens')}
            description={t('eventForm.checkinOpensHint')}
            inputMode="decimal"
            autoComplete="off"
            key={form.key('checkinHoursBefore')}
            {...form.getInputProps('checkinHoursBefore')}
          />
          {part?.render(() => {
            const { day, time, end } = form.getValues();
            return { day, time, end };
          })}
          {failure && (
            <Alert color="red" variant="light" title={props.failureTitle}>
              {failure.message}
            </Alert>
          )}
          {partFailure && (
            <Alert ref={partAlert} tabIndex={-1} color="red" variant="light" title={partFailure.title}>
              {partFailure.message}
            </Alert>
          )}
          <div>
            <Button type="submit" size="md" disabled={save.isPending || upload.isPending}>
              {save.isPending ? props.pendingLabel : props.submitLabel}
            </Button>
          </div>
        </Stack>
      </form>
      {part && (
        <ConfirmDialog
          opened={asking?.open ?? false}
          title={asking?.title}
          subject={asking?.subject ?? ''}
          confirmLabel={asking?.confirmLabel}
          declineLabel={asking?.declineLabel}
          onConfirm={() => {
            if (asking?.open) save.mutate(asking.input);
            setAsking((current) => current && { ...current, open: false });
          }}
          onDecline={() => setAsking((current) => current && { ...current, open: false })}
        />
      )}
    </>
  );
}
