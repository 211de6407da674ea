import '@mantine/core/styles/Modal.css';
import { Alert, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CheckinPerson, checkinHoursSchema } from '../../../shared/checkin.ts';
import { Button } from '../../components/button.tsx';
import { formatHours } from '../../lib/format-hours.ts';
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
        message: hours === null ? `${person.name} is credited with the event's hours again` : `${person.name}: ${formatHours(hours)}`,
      });
      void queryClient.invalidateQueries({ queryKey: rosterQueries.checkins(eventId).queryKey });
      onDone();
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form onSubmit={form.onSubmit(({ hours }) => save.mutate(hours))} noValidate aria-label={`Hours of ${person.name}`}>
      <Stack gap="sm">
        <Text size="sm">
          Now credited with {formatHours(person.hours)}
          {person.hoursAdjusted ? ', set by hand.' : ", the event's own."}
        </Text>
        <TextInput
          label="Hours credited"
          description={`In quarter hours (e.g. 2.5). Leave empty for the event's ${formatHours(eventHours)}.`}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          key={form.key('hours')}
          {...form.getInputProps('hours')}
        />
        {failure && (
          <Alert color="red" variant="light" title="The hours were not saved">
            {failure.message}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          {person.hoursAdjusted && (
            <Button variant="subtle" disabled={save.isPending} onClick={() => save.mutate(null)}>
              Use the event's hours
            </Button>
          )}
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save hours'}
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
  return (
    <Modal
      opened={person !== null}
      onClose={onDone}
      title={person ? `Adjust hours: ${person.name}` : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {person && <HoursForm person={person} onDone={onDone} {...props} />}
    </Modal>
  );
}
