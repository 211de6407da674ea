import { Alert, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHECKIN_HOURS_BEFORE, type EventWrite, eventWriteSchema } from '../../../shared/events.ts';
import { moneyInput, parseMoney } from '../../../shared/money.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { useSite } from '../../lib/site.ts';
import { eventQueries } from './api.ts';
import { BannerField } from './banner-field.tsx';
import { type EventForm as EventFormValues, uploadBanner } from './event-writes.ts';

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

interface EventFormProps<Result> {
  /** The form's accessible name: 'Add Event'. */
  name: string;
  initial: EventFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** The alert's title when the server could not be reached or refused: 'The event was not added'. */
  failureTitle: string;
  save: (event: EventWrite) => Promise<Result>;
  onSaved: (result: Result, event: EventWrite) => void;
}

/**
 * Add Event and Update Event (spec section 2, DECISIONS 3.4): checked here with the server's own
 * schema before anything is sent, each message beside its field; the server's field messages go
 * there too. Whatever the server answers, what was typed stays on the form.
 */
export function EventForm<Result>(props: EventFormProps<Result>) {
  const { initial } = props;
  const { t } = useTranslation('manage');
  const [failure, setFailure] = useState<Error | null>(null);
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
    mutationFn: props.save,
    onMutate: () => setFailure(null),
    onSuccess: (result, event) => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: eventQueries.all() });
      props.onSaved(result, event);
    },
    // A message for a field on the form is shown beside it; anything else (a network failure, a 403) in the alert.
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  function handleSubmit(event: EventWrite) {
    if (!save.isPending && !upload.isPending) save.mutate(event);
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={props.name}>
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
        {failure && (
          <Alert color="red" variant="light" title={props.failureTitle}>
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={save.isPending || upload.isPending}>
            {save.isPending ? props.pendingLabel : props.submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
