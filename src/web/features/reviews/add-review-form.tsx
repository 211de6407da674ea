import { Alert, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewCreateSchema } from '../../../shared/reviews.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { addReview, reviewQueries } from './api.ts';

/** Add Review (spec section 2): Message and Review, both required; a new review shows on the home page once an admin approves it. */
export function AddReviewForm({ email }: { email: string }) {
  const { t } = useTranslation('reviews');
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: reviewCreateSchema, initialValues: { message: '', review: '' } });

  const add = useMutation({
    mutationFn: addReview,
    onMutate: () => setFailure(null),
    onSuccess: () => {
      form.reset();
      void notify({ color: 'teal', message: t('add.reviewed') });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.mine(email).queryKey });
    },
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form onSubmit={form.onSubmit((review) => add.mutate(review))} noValidate aria-label={t('add.form')}>
      <Stack gap="md" maw={720}>
        <TextInput
          label={t('add.message')}
          description={t('add.messageHelp')}
          required
          maxLength={200}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Textarea
          label={t('add.review')}
          description={t('add.reviewHelp')}
          required
          maxLength={2000}
          autosize
          minRows={5}
          maxRows={14}
          key={form.key('review')}
          {...form.getInputProps('review')}
        />
        {failure && (
          <Alert color="red" variant="light" title={t('add.notSent')}>
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={add.isPending}>
            {add.isPending ? t('add.sending') : t('add.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
