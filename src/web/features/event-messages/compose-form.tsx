import '@mantine/core/styles/Radio.css';
import { Alert, Group, NativeSelect, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type EventMessageAudience,
  type EventMessageWrite,
  eventMessageAudienceSchema,
  eventMessageBodySchema,
  eventMessageSubjectSchema,
  eventMessageTestSchema,
} from '../../../shared/event-messages.ts';
import type { Event } from '../../../shared/events.ts';
import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import { schemaErrors } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { shiftQueries } from '../shifts/api.ts';
import { eventMessageQueries, sendEventMessage, sendTestMessage } from './api.ts';

/** The audiences in the order the form offers them: the widest first. */
const audiences: readonly EventMessageAudience[] = ['everyone', 'registered', 'waitlisted', 'checkedIn', 'notCheckedIn'];

type ManageT = TFunction<'manage'>;

/**
 * The form's values: the contract's message, with the shift ('' for all of them) and the time to send it
 * as the boxes hold them: 'Send at' is the browser's wall clock ('YYYY-MM-DDTHH:MM'), needed only later.
 */
function composeSchema(t: ManageT) {
  return z
    .object({
      subject: eventMessageSubjectSchema,
      body: eventMessageBodySchema,
      audience: eventMessageAudienceSchema,
      shiftId: z.string(),
      when: z.enum(['now', 'later']),
      sendAt: z.string(),
    })
    .superRefine(({ when, sendAt }, ctx) => {
      if (when !== 'later') return;
      const at = new Date(sendAt).getTime();
      if (!sendAt || Number.isNaN(at)) ctx.addIssue({ code: 'custom', path: ['sendAt'], message: t('eventMessages.sendAtRequired') });
      else if (at <= Date.now()) ctx.addIssue({ code: 'custom', path: ['sendAt'], message: t('eventMessages.sendAtPast') });
    });
}

type ComposeValues = z.input<ReturnType<typeof composeSchema>>;

const blank: ComposeValues = { subject: '', body: '', audience: 'everyone', shiftId: '', when: 'now', sendAt: '' };

/** What is sent: the time read in the browser's zone, as an instant. */
function toWrite({ subject, body, audience, shiftId, when, sendAt }: z.output<ReturnType<typeof composeSchema>>): EventMessageWrite {
  return {
    subject,
    body,
    audience,
    ...(shiftId && { shiftId }),
    ...(when === 'later' && { sendAt: new Date(sendAt).toISOString() }),
  };
}

/** 'This will reach 12 people. 2 turned event updates off and will not get it.' */
function reachWords(reach: { recipients: number; leftOut: number }, t: ManageT, language: string): string {
  const reached = t('eventMessages.reach', { count: reach.recipients, n: formatNumber(reach.recipients, language) });
  if (reach.leftOut === 0) return reached;
  return `${reached} ${t('eventMessages.leftOut', { count: reach.leftOut, n: formatNumber(reach.leftOut, language) })}`;
}

/** A field marked invalid, the first in the page's order gets focus (as useSchemaForm's submit does). */
const invalidField = ':is(input, textarea, select)[aria-invalid="true"]';

/**
 * Write a message to the event's people: its subject and text, who gets it (by their place, check-in and
 * shift, with how many that is now), and whether it goes now or at a time. A test goes to the writer
 * alone; the real one is confirmed first, with its count.
 */
export function ComposeForm({ event }: { event: Event }) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  const queryClient = useQueryClient();
  const headingId = useId();
  const schema = useMemo(() => composeSchema(t), [t]);
  const form = useSchemaForm({ schema, initialValues: blank });
  const audience = form.useWatchValue('audience');
  const shiftId = form.useWatchValue('shiftId');
  const when = form.useWatchValue('when');
  const shifts = useQuery({ ...shiftQueries.ofEvent(event._id), enabled: event.shifts > 0 });
  const reach = useQuery(eventMessageQueries.reach(event._id, audience, shiftId));
  const [failure, setFailure] = useState<Error | null>(null);
  // The message asked about stays after the dialog closes, so its words do not vanish mid-animation.
  const [asking, setAsking] = useState<{ message: EventMessageWrite; open: boolean } | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  // The test is sent without a submit, so it moves focus to a field it found wrong itself.
  const formElement = useRef<HTMLFormElement>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) formElement.current?.querySelector<HTMLElement>(invalidField)?.focus();
  }, [focusRequests]);
  const focusFirstInvalid = () => setFocusRequests((count) => count + 1);

  const test = useMutation({
    mutationFn: (message: z.output<typeof eventMessageTestSchema>) => sendTestMessage(event._id, message),
    onSuccess: (to) => void notify({ color: 'teal', message: t('eventMessages.testSent', { to }) }),
    onError: (error) => {
      if (applyServerErrors({ ...form, focusFirstInvalid }, error)) {
        void notify({ color: 'red', title: t('eventMessages.testFailed'), message: error.message });
      }
    },
  });

  const send = useMutation({
    mutationFn: (message: EventMessageWrite) => sendEventMessage(event._id, message),
    onMutate: () => setFailure(null),
    onSuccess: (created, message) => {
      form.reset();
      void notify({
        color: 'teal',
        message: message.sendAt
          ? t('eventMessages.scheduled', { time: formatInstantIn(created.sendAt, language) })
          : t('eventMessages.sent', { count: created.recipients, n: formatNumber(created.recipients, language) }),
      });
      void queryClient.invalidateQueries({ queryKey: eventMessageQueries.list(event._id).queryKey });
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  const sendTest = () => {
    const { subject, body } = form.getValues();
    const problems = schemaErrors(eventMessageTestSchema, { subject, body });
    if (Object.keys(problems).length > 0) {
      form.setErrors(problems);
      focusFirstInvalid();
      return;
    }
    form.clearFieldError('subject');
    form.clearFieldError('body');
    test.mutate(eventMessageTestSchema.parse({ subject, body }));
  };

  const question = (message: EventMessageWrite) => {
    // A count kept on screen while another audience's is fetched is not this audience's.
    const count = reach.isPlaceholderData ? undefined : reach.data?.recipients;
    const time = message.sendAt ? formatInstantIn(message.sendAt, language) : '';
    if (count === undefined)
      return message.sendAt ? t('eventMessages.confirmLaterUnknown', { time }) : t('eventMessages.confirmNowUnknown');
    const n = formatNumber(count, language);
    return message.sendAt ? t('eventMessages.confirmLater', { count, n, time }) : t('eventMessages.confirmNow', { count, n });
  };
  const close = () => setAsking((current) => current && { ...current, open: false });
  const later = when === 'later';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <form
        ref={formElement}
        onSubmit={form.onSubmit((values) => {
          if (!send.isPending) setAsking({ message: toWrite(values), open: true });
        })}
        noValidate
        aria-labelledby={headingId}
      >
        <Stack gap="md" maw={720}>
          <Title order={2} size="h3" id={headingId}>
            {t('eventMessages.form')}
          </Title>
          <TextInput
            label={t('eventMessages.subject')}
            required
            maxLength={200}
            autoComplete="off"
            key={form.key('subject')}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label={t('eventMessages.body')}
            description={t('eventMessages.bodyHint')}
            required
            maxLength={10_000}
            autosize
            minRows={6}
            maxRows={20}
            key={form.key('body')}
            {...form.getInputProps('body')}
          />
          <Radio.Group
            label={t('eventMessages.audience')}
            key={form.key('audience')}
            {...form.getInputProps('audience', { ariaInvalid: false })}
          >
            <Stack gap="xs" mt="xs">
              {audiences.map((choice) => (
                <Radio key={choice} value={choice} label={t(`eventMessages.audiences.${choice}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {event.shifts > 0 && (
            <NativeSelect
              label={t('eventMessages.shift')}
              data={[
                { value: '', label: t('eventMessages.allShifts') },
                ...(shifts.data ?? []).map((shift) => ({
                  value: shift._id,
                  label: t('eventMessages.shiftOption', { role: shift.role, time: formatWallDate(shift.startsAt, language) }),
                })),
              ]}
              key={form.key('shiftId')}
              {...form.getInputProps('shiftId')}
            />
          )}
          <Text role="status" aria-live="polite" aria-busy={reach.isFetching} fw={600} data-testid="reach">
            {reach.data
              ? reachWords(reach.data, t, language)
              : reach.isError
                ? t('eventMessages.reachFailed', { error: reach.error.message })
                : t('eventMessages.counting')}
          </Text>
          <Radio.Group label={t('eventMessages.when')} key={form.key('when')} {...form.getInputProps('when', { ariaInvalid: false })}>
            <Group gap="lg" mt="xs">
              <Radio value="now" label={t('eventMessages.now')} />
              <Radio value="later" label={t('eventMessages.later')} />
            </Group>
          </Radio.Group>
          {later && (
            <TextInput
              type="datetime-local"
              label={t('eventMessages.sendAt')}
              description={t('eventMessages.sendAtHint', { zone })}
              required
              key={form.key('sendAt')}
              {...form.getInputProps('sendAt')}
            />
          )}
          {failure && (
            <Alert color="red" variant="light" title={t('eventMessages.notSent')}>
              {failure.message}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" size="md" disabled={send.isPending} aria-busy={send.isPending}>
              {send.isPending
                ? send.variables?.sendAt
                  ? t('eventMessages.scheduling')
                  : t('eventMessages.sending')
                : later
                  ? t('eventMessages.submitLater')
                  : t('eventMessages.submitNow')}
            </Button>
            <Button variant="default" size="md" onClick={sendTest} disabled={test.isPending} aria-busy={test.isPending}>
              {test.isPending ? t('eventMessages.testing') : t('eventMessages.test')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={asking?.open ?? false}
        title={asking ? question(asking.message) : ''}
        subject={asking ? t('eventMessages.confirmSubject', { subject: asking.message.subject }) : ''}
        confirmLabel={asking?.message.sendAt ? t('eventMessages.confirmSchedule') : t('eventMessages.confirmSend')}
        declineLabel={t('eventMessages.confirmDecline')}
        onConfirm={() => {
          if (asking?.open) send.mutate(asking.message);
          close();
        }}
        onDecline={close}
      />
    </Paper>
  );
}
