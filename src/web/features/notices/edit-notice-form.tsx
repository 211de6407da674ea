import { Alert, Group, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Notice, noticeCreateSchema } from '../../../shared/notices.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { editNotice, noticeQueries } from './api.ts';

/** An admin's correction of a notice, in place of its text: Save, or Cancel to leave it as it was. */
export function EditNoticeForm({ notice, onDone }: { notice: Notice; onDone: () => void }) {
  const { t } = useTranslation('notices');
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: noticeCreateSchema, initialValues: { notice: notice.notice } });
  const field = useRef<HTMLTextAreaElement>(null);
  // Edit put the form where the text was: the person carries on typing in it.
  useEffect(() => field.current?.focus(), []);

  const save = useMutation({
    mutationFn: (text: string) => editNotice(notice._id, text),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      void notify({ color: 'teal', message: t('edit.updated') });
      void queryClient.invalidateQueries({ queryKey: noticeQueries.list().queryKey });
      onDone();
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form onSubmit={form.onSubmit(({ notice: text }) => save.mutate(text))} noValidate aria-label={t('edit.form')}>
      <Stack gap="sm">
        <Textarea
          label={t('edit.notice')}
          required
          maxLength={2000}
          autosize
          minRows={3}
          maxRows={14}
          ref={field}
          key={form.key('notice')}
          {...form.getInputProps('notice')}
        />
        {failure && (
          <Alert color="red" variant="light" title={t('edit.notSaved')}>
            {failure.message}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('edit.saving') : t('edit.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('edit.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
