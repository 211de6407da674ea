import '@mantine/core/styles/Modal.css';
import { Alert, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Event } from '../../../shared/events.ts';
import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import { eventCopySchema, eventRepeatSchema } from '../../../shared/shifts.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { copyEvent, repeatEvent } from '../shifts/api.ts';
import { eventQueries } from './api.ts';

/** The wall-clock date `days` later, keeping its time: '2026-12-05T14:30' + 7 → '2026-12-12T14:30'. */
function daysLater(date: string, days: number): string {
  const [y = 0, m = 0, d = 0] = date.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10) + date.slice(10);
}

/** Which dialog; it stays named while it closes, so its title does not change mid-animation. */
type Dialog = { kind: 'copy' | 'repeat'; open: boolean };

/**
 * Copy event and Repeat weekly on Update Event: each asks in a dialog (the new date; how many weeks)
 * before anything is made. The copies have the event's details and shifts, and nobody registered.
 */
export function EventCopyActions({ event }: { event: Event }) {
  const { t } = useTranslation('manage');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'copy', open: false });
  const close = () => setDialog((current) => ({ ...current, open: false }));
  return (
    <>
      <Button variant="default" onClick={() => setDialog({ kind: 'copy', open: true })}>
        {t('copyEvent.open')}
      </Button>
      <Button variant="default" onClick={() => setDialog({ kind: 'repeat', open: true })}>
        {t('repeatEvent.open')}
      </Button>
      <Modal
        opened={dialog.open}
        onClose={close}
        title={dialog.kind === 'repeat' ? t('repeatEvent.title') : t('copyEvent.title')}
        centered
        closeButtonProps={{ 'aria-label': t('copyEvent.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        {dialog.kind === 'copy' ? <CopyForm event={event} onDone={close} /> : <RepeatForm event={event} onDone={close} />}
      </Modal>
    </>
  );
}

interface FormProps {
  event: Event;
  onDone: () => void;
}

function CopyForm({ event, onDone }: FormProps) {
  const { t, i18n } = useTranslation('manage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Error | null>(null);
  const form = useSchemaForm({
    schema: eventCopySchema,
    initialValues: { date: '' },
    // An empty box is no date ('Date is required'), not a date written wrong.
    toInput: ({ date }) => ({ date: date.trim() === '' ? undefined : date }),
  });
  const copy = useMutation({
    mutationFn: (date: string) => copyEvent(event._id, date),
    onMutate: () => setFailure(null),
    onSuccess: (id, date) => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: eventQueries.all() });
      void notify({ color: 'teal', message: t('copyEvent.done', { title: event.title, date: formatWallDate(date, i18n.language) }) });
      onDone();
      void navigate(`/dashboard/eventUpdatePage/${id}`);
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form
      onSubmit={form.onSubmit(({ date }) => {
        if (!copy.isPending) copy.mutate(date);
      })}
      noValidate
      aria-label={t('copyEvent.form', { title: event.title })}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('copyEvent.text', { title: event.title })}
        </Text>
        <TextInput
          type="date"
          label={t('copyEvent.date')}
          description={t('copyEvent.dateHint')}
          required
          data-autofocus
          key={form.key('date')}
          {...form.getInputProps('date')}
        />
        {failure && (
          <Alert color="red" variant="light" title={t('copyEvent.failed')}>
            {failure.message}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={copy.isPending}>
            {t('copyEvent.cancel')}
          </Button>
          <Button type="submit" disabled={copy.isPending}>
            {copy.isPending ? t('copyEvent.pending') : t('copyEvent.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RepeatForm({ event, onDone }: FormProps) {
  const { t, i18n } = useTranslation('manage');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Error | null>(null);
  const [typed, setTyped] = useState('');
  const form = useSchemaForm({
    schema: eventRepeatSchema,
    initialValues: { weeks: '' },
    onValuesChange: ({ weeks }) => setTyped(weeks),
  });
  const repeat = useMutation({
    mutationFn: (weeks: number) => repeatEvent(event._id, weeks),
    onMutate: () => setFailure(null),
    onSuccess: (ids) => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void notify({ color: 'teal', message: t('repeatEvent.done', { count: ids.length, n: formatNumber(ids.length, i18n.language) }) });
      onDone();
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });
  // What will be made, once the weeks typed are a number the server takes.
  const parsed = eventRepeatSchema.safeParse({ weeks: typed });
  const weeks = parsed.success ? parsed.data.weeks : null;

  return (
    <form
      onSubmit={form.onSubmit(({ weeks }) => {
        if (!repeat.isPending) repeat.mutate(weeks);
      })}
      noValidate
      aria-label={t('repeatEvent.form', { title: event.title })}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('repeatEvent.text', { title: event.title })}
        </Text>
        <TextInput
          label={t('repeatEvent.weeks')}
          description={t('repeatEvent.weeksHint')}
          required
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          key={form.key('weeks')}
          {...form.getInputProps('weeks')}
        />
        <Text size="sm" aria-live="polite">
          {weeks === null
            ? ''
            : t('repeatEvent.preview', {
                count: weeks,
                n: formatNumber(weeks, i18n.language),
                first: formatWallDate(daysLater(event.date, 7), i18n.language),
                last: formatWallDate(daysLater(event.date, 7 * weeks), i18n.language),
              })}
        </Text>
        {failure && (
          <Alert color="red" variant="light" title={t('repeatEvent.failed')}>
            {failure.message}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={repeat.isPending}>
            {t('repeatEvent.cancel')}
          </Button>
          <Button type="submit" disabled={repeat.isPending}>
            {repeat.isPending ? t('repeatEvent.pending') : t('repeatEvent.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
