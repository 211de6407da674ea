import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountMessages, profileUpdateSchema, type Account, type ProfileUpdate } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { currentAccountQuery } from '../../lib/current-account.ts';
import { notify } from '../../lib/notify.ts';
import { profileFormValues, updateProfile } from './api.ts';

type Values = ReturnType<typeof profileFormValues>;
type FieldErrors = Partial<Record<keyof Values, string>>;

const fields: { name: keyof Values; label: string; autoComplete: string }[] = [
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'age', label: 'Age', autoComplete: 'off' },
  { name: 'education', label: 'Education', autoComplete: 'off' },
  { name: 'occupation', label: 'Occupation', autoComplete: 'organization-title' },
];

function errorsOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Edit Profile (spec section 2): name and email are shown, not edited; the four profile fields are
 * required. What was typed stays on the form whatever the server answers.
 */
export function ProfileForm({ account }: { account: Account }) {
  const [values, setValues] = useState(() => profileFormValues(account));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const queryClient = useQueryClient();

  const update = useMutation({
    mutationFn: (profile: ProfileUpdate) => updateProfile(profile),
    onSuccess: () => {
      void notify({ color: 'teal', message: accountMessages.profileUpdated });
      void queryClient.invalidateQueries({ queryKey: currentAccountQuery.queryKey });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) setFieldErrors(error.fields as FieldErrors);
    },
  });
  // Field problems are shown beside their fields; anything else (a network failure) in the alert.
  const failure = update.error && !(isApiError(update.error) && update.error.fields) ? update.error : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = profileUpdateSchema.safeParse(values);
    if (!checked.success) return setFieldErrors(errorsOf(checked.error.issues));
    setFieldErrors({});
    update.mutate(checked.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Edit Profile">
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" value={account.displayName} readOnly variant="filled" />
          <TextInput label="Email" type="email" value={account.email} readOnly variant="filled" />
          {fields.map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              required
              autoComplete={field.autoComplete}
              value={values[field.name]}
              error={fieldErrors[field.name]}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setValues((current) => ({ ...current, [field.name]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light" title="Your profile was not saved">
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={update.isPending}>
            Update
          </Button>
        </div>
      </Stack>
    </form>
  );
}
