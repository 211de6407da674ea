import { Alert, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeCreateSchema } from '../../../shared/notices.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { noticeQueries, publishNotice } from './api.ts';

/** Add Notice (spec section 2): one required field and 'Publish Notice'. */
export function AddNoticeForm() {
  const { t } = useTranslation('notices');
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: noticeCreateSchema, initialValues: { notice: '' } });

  const publish = useMutation({
    mutationFn: publishNotice,
    onMutate: () => setFailure(null),
    onSuccess: () => {
      form.reset();
      void notify({ color: 'teal', message: t('add.published') });
      void queryClient.invalidateQueries({ queryKey: noticeQueries.list().queryKey });
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form onSubmit={form.onSubmit(({ notice }) => publish.mutate(notice))} noValidate aria-label={t('add.form')}>
      <Stack gap="md" maw={720}>
        <Textarea
          label={t('add.notice')}
          description={t('add.help')}
          required
          maxLength={2000}
          autosize
          minRows={5}
          maxRows={14}
          key={form.key('notice')}
          {...form.getInputProps('notice')}
        />
        {failure && (
          <Alert color="red" variant="light" title={t('add.notPublished')}>
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={publish.isPending}>
            {publish.isPending ? t('add.publishing') : t('add.publish')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
