import '@mantine/core/styles/Modal.css';
import { Alert, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CheckinPerson, checkinHoursSchema } from '../../../shared/checkin.ts';
import { formatNumber } from '../../../shared/format.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { adjustHours, rosterQueries } from './api.ts';

/** The box's text as the schema takes it: empty is null (the event's hours), a figure a number, anything else as typed. */
function hoursInput(typed: string): unknown {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : typed;
}

interface HoursFormProps {
  eventId: string;
  person: CheckinPerson;
  /** What the event credits each person, for the hint and for 'Use the event's hours'. */
  eventHours: number;
  onDone: () => void;
}

function HoursForm({ eventId, person, eventHours, onDone }: HoursFormProps) {
  const { t, i18n } = useTranslation('manage');
  // '2.5 hours', in quarter hours, with the reader's digits.
  const hoursText = (hours: number) => t('hours', { count: hours, n: formatNumber(hours, i18n.language, { maximumFractionDigits: 2 }) });
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: checkinHoursSchema,
    initialValues: { hours: person.hoursAdjusted ? String(person.hours) : '' },
    toInput: ({ hours }) => ({ hours: hoursInput(hours) }),
  });
  const save = useMutation({
    mutationFn: (hours: number | null) => adjustHours(person.registrationId, hours),
    onMutate: () => setFailure(null),
    onSuccess: (_, hours) => {
      void notify({
        color: 'teal',
        message:
          hours === null
            ? t('hoursDialog.reset', { name: person.name })
            : t('hoursDialog.saved', { name: person.name, hours: hoursText(hours) }),
      });
      void queryClient.invalidateQueries({ queryKey: rosterQueries.checkins(eventId).queryKey });
      onDone();
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form onSubmit={form.onSubmit(({ hours }) => save.mutate(hours))} noValidate aria-label={t('hoursDialog.form', { name: person.name })}>
      <Stack gap="sm">
        <Text size="sm">
          {t(person.hoursAdjusted ? 'hoursDialog.nowByHand' : 'hoursDialog.nowEvent', { hours: hoursText(person.hours) })}
        </Text>
        <TextInput
          label={t('hoursDialog.label')}
          description={t('hoursDialog.hint', { hours: hoursText(eventHours) })}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          key={form.key('hours')}
          {...form.getInputProps('hours')}
        />
        {failure && (
          <Alert color="red" variant="light" title={t('hoursDialog.failed')}>
            {failure.message}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          {person.hoursAdjusted && (
            <Button variant="subtle" disabled={save.isPending} onClick={() => save.mutate(null)}>
              {t('hoursDialog.useEvent')}
            </Button>
          )}
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('hoursDialog.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('hoursDialog.saving') : t('hoursDialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface HoursDialogProps extends Omit<HoursFormProps, 'person'> {
  /** The person whose hours are being adjusted; the dialog is closed when null. */
  person: CheckinPerson | null;
}

/** An admin's correction of the hours one person gave at an event (came late, stayed on to clear up). */
export function HoursDialog({ person, onDone, ...props }: HoursDialogProps) {
  const { t } = useTranslation('manage');
  return (
    <Modal
      opened={person !== null}
      onClose={onDone}
      title={person ? t('hoursDialog.title', { name: person.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('hoursDialog.close') }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {person && <HoursForm person={person} onDone={onDone} {...props} />}
    </Modal>
  );
}
