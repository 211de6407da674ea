import { Alert, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { noticeCreateSchema, noticeMessages } from '../../../shared/notices.ts';
import { Button } from '../../components/button.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { notify } from '../../lib/notify.ts';
import { noticeQueries, publishNotice } from './api.ts';

/** Add Notice (spec section 2): one required field and 'Publish Notice'. */
export function AddNoticeForm() {
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();

  const publish = useMutation({
    mutationFn: publishNotice,
    onSuccess: () => {
      setNotice('');
      void notify({ color: 'teal', message: noticeMessages.published });
      void queryClient.invalidateQueries({ queryKey: noticeQueries.list().queryKey });
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.fields?.notice) setError(failure.fields.notice);
    },
  });
  const failure = publish.error && !(isApiError(publish.error) && publish.error.fields?.notice) ? publish.error : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = noticeCreateSchema.safeParse({ notice });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    publish.mutate(checked.data.notice);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add Notice">
      <Stack gap="md" maw={720}>
        <Textarea
          label="Notice"
          description="Volunteers and admins read it under Notices."
          required
          maxLength={2000}
          autosize
          minRows={5}
          maxRows={14}
          value={notice}
          error={error}
          onChange={(event) => setNotice(event.currentTarget.value)}
        />
        {failure && (
          <Alert color="red" variant="light" title="The notice was not published">
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={publish.isPending}>
            {publish.isPending ? 'Publishing…' : 'Publish Notice'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
