import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/List.css';
import { Alert, Fieldset, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Account } from '../../../shared/accounts.ts';
import { accountDeletionSchema, ownDataMessages } from '../../../shared/own-data.ts';
import { Button } from '../../components/button.tsx';
import { accountScope, currentAccountQuery } from '../../lib/current-account.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { deleteOwnAccount, downloadOwnData } from './api.ts';

/**
 * 'Your data' on the profile page (DECISIONS 4.7): download everything held about the account, or
 * delete the account after a dialog that says what goes and what stays, and asks for the email.
 */
export function OwnDataSection({ account }: { account: Account }) {
  const [asking, setAsking] = useState(false);
  const download = useMutation({
    mutationFn: downloadOwnData,
    onError: (error) => void notify({ color: 'red', title: 'Your data was not downloaded', message: error.message }),
  });

  return (
    <Fieldset legend="Your data" maw={720}>
      <Stack gap="md">
        <Text size="sm">
          Download a copy of everything we hold about you: your account, sign-ins, registrations, donations, reviews, email preferences and
          the emails we sent you, as a JSON file.
        </Text>
        <Group gap="sm">
          <Button onClick={() => download.mutate()} disabled={download.isPending} aria-describedby="own-data-progress">
            {download.isPending ? 'Preparing your data…' : 'Download my data'}
          </Button>
          <Text id="own-data-progress" size="sm" role="status" aria-live="polite">
            {download.isPending ? 'Preparing your data…' : download.isSuccess ? 'Your data was downloaded.' : ''}
          </Text>
        </Group>
        <Text size="sm">
          Deleting your account removes your sign-in, profile and picture, your registrations and your reviews. It cannot be undone.
        </Text>
        <div>
          <Button tone="danger" onClick={() => setAsking(true)}>
            Delete my account
          </Button>
        </div>
      </Stack>
      <DeleteAccountDialog email={account.email} opened={asking} onClose={() => setAsking(false)} />
    </Fieldset>
  );
}

function DeleteAccountDialog({ email, opened, onClose }: { email: string; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Error | null>(null);
  const form = useSchemaForm({ schema: accountDeletionSchema, initialValues: { confirm: '' } });

  const remove = useMutation({
    mutationFn: deleteOwnAccount,
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      // Leave the signed-in page first, so its guard does not ask the person to sign in again.
      await navigate('/');
      queryClient.removeQueries({ queryKey: accountScope, predicate: (query) => query.queryKey[1] !== 'me' });
      queryClient.setQueryData(currentAccountQuery.queryKey, null);
      void notify({ color: 'teal', message: ownDataMessages.deleted });
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete your account?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form
        onSubmit={form.onSubmit((body) => {
          if (body.confirm.toLowerCase() !== email.toLowerCase()) {
            form.setErrors({ confirm: ownDataMessages.wrongConfirmation });
            form.focusFirstInvalid();
            return;
          }
          remove.mutate(body);
        })}
        noValidate
        aria-label="Delete your account"
      >
        <Stack gap="md">
          <Text size="sm">This deletes, for good:</Text>
          <List size="sm" spacing={4}>
            <List.Item>your account, its sign-in and every session</List.Item>
            <List.Item>your profile and picture</List.Item>
            <List.Item>your registrations (a place you held goes to the next person waiting)</List.Item>
            <List.Item>your reviews and your email preferences</List.Item>
          </List>
          <Text size="sm">
            Your donations stay as the charity's financial records, without your name or email. Download your data first if you want a copy.
          </Text>
          <TextInput
            label={`Type your email (${email}) to confirm`}
            type="email"
            autoComplete="off"
            required
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          {failure && (
            <Alert color="red" variant="light" title="Your account was not deleted" role="alert">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button type="submit" tone="danger" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
