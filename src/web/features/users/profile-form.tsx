import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Account, accountMessages, type ProfileUpdate, profileUpdateSchema } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { currentAccountQuery } from '../../lib/current-account.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { profileFormValues, updateProfile } from './api.ts';

type Field = keyof ReturnType<typeof profileFormValues>;

const fields: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'age', label: 'Age', autoComplete: 'off' },
  { name: 'education', label: 'Education', autoComplete: 'off' },
  { name: 'occupation', label: 'Occupation', autoComplete: 'organization-title' },
];

/**
 * Edit Profile (spec section 2): name and email are shown, not edited; the four profile fields are
 * required. What was typed stays on the form whatever the server answers.
 */
export function ProfileForm({ account }: { account: Account }) {
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: profileUpdateSchema, initialValues: profileFormValues(account) });

  const update = useMutation({
    mutationFn: (profile: ProfileUpdate) => updateProfile(profile),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      void notify({ color: 'teal', message: accountMessages.profileUpdated });
      void queryClient.invalidateQueries({ queryKey: currentAccountQuery.queryKey });
    },
    // Field problems are shown beside their fields; anything else (a network failure) in the alert.
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form onSubmit={form.onSubmit((profile) => update.mutate(profile))} noValidate aria-label="Edit Profile">
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" value={account.displayName} readOnly variant="filled" />
          <TextInput label="Email" type="email" value={account.email} readOnly variant="filled" />
          {fields.map((field) => (
            <TextInput
              label={field.label}
              required
              autoComplete={field.autoComplete}
              key={form.key(field.name)}
              {...form.getInputProps(field.name)}
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
