import { Alert, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { reviewCreateSchema, reviewMessages } from '../../../shared/reviews.ts';
import { Button } from '../../components/button.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { notify } from '../../lib/notify.ts';
import { addReview, reviewQueries } from './api.ts';

type Values = { message: string; review: string };
type FieldErrors = Partial<Record<keyof Values, string>>;

const empty: Values = { message: '', review: '' };

function errorsOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  return errors;
}

/** Add Review (spec section 2): Message and Review, both required; a new review shows on the home page. */
export function AddReviewForm({ email }: { email: string }) {
  const [values, setValues] = useState<Values>(empty);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const queryClient = useQueryClient();

  const add = useMutation({
    mutationFn: addReview,
    onSuccess: () => {
      setValues(empty);
      void notify({ color: 'teal', message: reviewMessages.reviewed });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.mine(email).queryKey });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) setFieldErrors(error.fields as FieldErrors);
    },
  });
  const failure = add.error && !(isApiError(add.error) && add.error.fields) ? add.error : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = reviewCreateSchema.safeParse(values);
    if (!checked.success) return setFieldErrors(errorsOf(checked.error.issues));
    setFieldErrors({});
    add.mutate(checked.data);
  }

  const change = (field: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add Review">
      <Stack gap="md" maw={720}>
        <TextInput
          label="Message"
          description="A short headline for your review"
          required
          maxLength={200}
          value={values.message}
          error={fieldErrors.message}
          onChange={change('message')}
        />
        <Textarea
          label="Review"
          description="What was it like to volunteer with us?"
          required
          maxLength={2000}
          autosize
          minRows={5}
          maxRows={14}
          value={values.review}
          error={fieldErrors.review}
          onChange={change('review')}
        />
        {failure && (
          <Alert color="red" variant="light" title="Your review was not sent">
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={add.isPending}>
            {add.isPending ? 'Sending…' : 'Add Review'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
