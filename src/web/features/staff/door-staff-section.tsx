import { Alert, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type EventStaffMember, eventStaffAddSchema, staffMessages } from '../../../shared/staff.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { staffQueries, useAddEventStaff, useRemoveEventStaff } from './api.ts';
import classes from './staff.module.css';

/** 'Add by email': the account's email; the server says beside the box when no account has it. */
function AddStaffForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('door');
  const add = useAddEventStaff(eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: eventStaffAddSchema, initialValues: { email: '' } });
  // The messages the staff schema and the server give, in the door's words; any other as the form gives it.
  const ownWords: Record<string, string> = {
    [staffMessages.noAccount]: t('staff.noAccount'),
    'Email is required': t('staff.emailRequired'),
  };
  const error = form.errors.email;
  const shown = typeof error === 'string' ? (ownWords[error] ?? error) : error;

  async function handleSubmit({ email }: z.output<typeof eventStaffAddSchema>) {
    setFailure(null);
    try {
      const added = await add.mutateAsync(email);
      form.reset();
      void notify({ color: 'teal', message: t('staff.added', { name: added.name }) });
    } catch (caught) {
      if (applyServerErrors(form, caught)) setFailure(failureMessage(caught));
    }
  }

  return (
    <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={t('staff.form')}>
      <Stack gap="sm">
        <TextInput
          maw={420}
          label={t('staff.email')}
          description={t('staff.emailHint')}
          type="email"
          autoComplete="off"
          key={form.key('email')}
          {...form.getInputProps('email')}
          error={shown}
        />
        <div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? t('staff.adding') : t('staff.add')}
          </Button>
        </div>
        {failure && (
          <Alert color="red" variant="light" title={t('staff.notAdded')}>
            {failure}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/**
 * The event's door staff and shift leads (admins only, on the event's roster page): who was named, each
 * with 'Remove' (asked first), and 'Add by email'. Each may then check people in at this event's door
 * and read its roster, whatever their role, and nothing else.
 */
export function DoorStaffSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation('door');
  const query = useQuery(staffQueries.ofEvent(eventId));
  const remove = useRemoveEventStaff(eventId);
  // The one asked about stays after the dialog closes, so its words do not vanish mid-animation.
  const [asking, setAsking] = useState<{ member: EventStaffMember; open: boolean } | null>(null);
  const close = () => setAsking((current) => current && { ...current, open: false });

  function confirmRemove() {
    if (!asking?.open) return;
    const { member } = asking;
    close();
    remove.mutate(member, {
      onSuccess: () => void notify({ color: 'teal', message: t('staff.removed', { name: member.name }) }),
      onError: (error) => void notify({ color: 'red', title: t('staff.notRemoved', { name: member.name }), message: error.message }),
    });
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="door-staff-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="door-staff-heading">
          {t('staff.heading')}
        </Title>
        <Text size="sm">{t('staff.intro')}</Text>
        {query.isPending && (
          <LoadingPlaceholders label={t('staff.loading')} count={2} layout="stack">
            <Skeleton height={40} radius="sm" />
          </LoadingPlaceholders>
        )}
        {query.isError && <QueryError title={t('staff.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
        {query.isSuccess && query.data.length === 0 && <Text>{t('staff.none')}</Text>}
        {query.isSuccess && query.data.length > 0 && (
          <ul className={classes.people} aria-label={t('staff.list')}>
            {query.data.map((member) => (
              <li key={member.accountId} className={classes.person}>
                <div className={classes.who}>
                  <Text fw={600}>{member.name}</Text>
                  <Text size="sm" c="dimmed">
                    {member.email}
                  </Text>
                </div>
                <Button
                  variant="default"
                  aria-label={t('staff.removeOf', { name: member.name })}
                  disabled={remove.isPending && remove.variables?.accountId === member.accountId}
                  onClick={() => setAsking({ member, open: true })}
                >
                  {t('staff.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddStaffForm eventId={eventId} />
      </Stack>
      <ConfirmDialog
        opened={asking?.open ?? false}
        title={t('staff.removeQuestion')}
        subject={asking ? t('staff.removeSubject', { name: asking.member.name, email: asking.member.email }) : ''}
        confirmLabel={t('staff.removeConfirm')}
        declineLabel={t('staff.removeDecline')}
        onConfirm={confirmRemove}
        onDecline={close}
      />
    </Paper>
  );
}
