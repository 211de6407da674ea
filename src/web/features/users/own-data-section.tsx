import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/List.css';
import { Alert, Fieldset, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Account } from '../../../shared/accounts.ts';
import { accountDeletionSchema, ownDataMessages } from '../../../shared/own-data.ts';
import { Button } from '../../components/button.tsx';
import { accountScope, currentAccountQuery } from '../../lib/current-account.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { problemIn } from '../../lib/problems.ts';
import { deleteOwnAccount, downloadOwnData } from './api.ts';

/**
 * 'Your data' on the profile page (DECISIONS 4.7): download everything held about the account, or
 * delete the account after a dialog that says what goes and what stays, and asks for the email.
 */
export function OwnDataSection({ account }: { account: Account }) {
  const { t } = useTranslation('profile');
  const [asking, setAsking] = useState(false);
  const download = useMutation({
    mutationFn: downloadOwnData,
    onError: (error) => void notify({ color: 'red', title: t('ownData.notDownloaded'), message: error.message }),
  });

  return (
    <Fieldset legend={t('ownData.legend')} maw={720}>
      <Stack gap="md">
        <Text size="sm">{t('ownData.downloadText')}</Text>
        <Group gap="sm">
          <Button onClick={() => download.mutate()} disabled={download.isPending} aria-describedby="own-data-progress">
            {download.isPending ? t('ownData.preparing') : t('ownData.download')}
          </Button>
          <Text id="own-data-progress" size="sm" role="status" aria-live="polite">
            {download.isPending ? t('ownData.preparing') : download.isSuccess ? t('ownData.downloaded') : ''}
          </Text>
        </Group>
        <Text size="sm">{t('ownData.deleteText')}</Text>
        <div>
          <Button tone="danger" onClick={() => setAsking(true)}>
            {t('ownData.delete')}
          </Button>
        </div>
      </Stack>
      <DeleteAccountDialog email={account.email} opened={asking} onClose={() => setAsking(false)} />
    </Fieldset>
  );
}

function DeleteAccountDialog({ email, opened, onClose }: { email: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
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
      void notify({ color: 'teal', message: t('ownData.deleted') });
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
      title={t('ownData.question')}
      centered
      closeButtonProps={{ 'aria-label': t('ownData.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form
        onSubmit={form.onSubmit((body) => {
          if (body.confirm.toLowerCase() !== email.toLowerCase()) {
            form.setErrors({ confirm: problemIn(ownDataMessages.wrongConfirmation) });
            form.focusFirstInvalid();
            return;
          }
          remove.mutate(body);
        })}
        noValidate
        aria-label={t('ownData.formLabel')}
      >
        <Stack gap="md">
          <Text size="sm">{t('ownData.deletes')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('ownData.account')}</List.Item>
            <List.Item>{t('ownData.profile')}</List.Item>
            <List.Item>{t('ownData.registrations')}</List.Item>
            <List.Item>{t('ownData.reviews')}</List.Item>
          </List>
          <Text size="sm">{t('ownData.donationsStay')}</Text>
          <TextInput
            label={t('ownData.typeEmail', { email })}
            type="email"
            autoComplete="off"
            required
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          {failure && (
            <Alert color="red" variant="light" title={t('ownData.notDeleted')} role="alert">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('ownData.cancel')}
            </Button>
            <Button type="submit" tone="danger" disabled={remove.isPending}>
              {remove.isPending ? t('ownData.deleting') : t('ownData.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
