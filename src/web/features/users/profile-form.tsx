import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Account, type ProfileUpdate, profileUpdateSchema } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { currentAccountQuery } from '../../lib/current-account.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { profileFormValues, updateProfile } from './api.ts';

type Field = keyof ReturnType<typeof profileFormValues>;

const fields = [
  { name: 'address', label: 'profile.address', autoComplete: 'street-address' },
  { name: 'age', label: 'profile.age', autoComplete: 'off' },
  { name: 'education', label: 'profile.education', autoComplete: 'off' },
  { name: 'occupation', label: 'profile.occupation', autoComplete: 'organization-title' },
] as const satisfies readonly { name: Field; label: string; autoComplete: string }[];

/**
 * Edit Profile (spec section 2): name and email are shown, not edited; the four profile fields are
 * required. What was typed stays on the form whatever the server answers.
 */
export function ProfileForm({ account }: { account: Account }) {
  const { t } = useTranslation('profile');
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: profileUpdateSchema, initialValues: profileFormValues(account) });

  const update = useMutation({
    mutationFn: (profile: ProfileUpdate) => updateProfile(profile),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      void notify({ color: 'teal', message: t('profile.updated') });
      void queryClient.invalidateQueries({ queryKey: currentAccountQuery.queryKey });
    },
    // Field problems are shown beside their fields; anything else (a network failure) in the alert.
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  return (
    <form onSubmit={form.onSubmit((profile) => update.mutate(profile))} noValidate aria-label={t('profile.formLabel')}>
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('profile.name')} value={account.displayName} readOnly variant="filled" />
          <TextInput label={t('profile.email')} type="email" value={account.email} readOnly variant="filled" />
          {fields.map((field) => (
            <TextInput
              label={t(field.label)}
              required
              autoComplete={field.autoComplete}
              key={form.key(field.name)}
              {...form.getInputProps(field.name)}
            />
          ))}
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light" title={t('profile.notSaved')}>
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={update.isPending}>
            {t('profile.update')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
