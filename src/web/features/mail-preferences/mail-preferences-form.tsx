import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import { Alert, Checkbox, Fieldset, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Role } from '../../../shared/accounts.ts';
import type { EmailPreferences } from '../../../shared/mail-preferences.ts';
import { Button } from '../../components/button.tsx';
import { emailPreferencesQuery, saveEmailPreferences } from './api.ts';

const choices: { name: keyof EmailPreferences; label: string; description: string; readers?: Role[] }[] = [
  { name: 'reminders', label: 'Event reminders', description: 'The day before each event you registered for.' },
  { name: 'events', label: 'Event updates', description: 'When an event you registered for moves to another day or is cancelled.' },
  {
    name: 'notices',
    label: 'Notices',
    description: 'Each new notice from the organisers, as it is published.',
    readers: ['volunteer', 'admin'],
  },
];

/**
 * Which emails the person wants, on the profile page. Messages about the account itself (confirming
 * the address, resetting the password) always go, so they are not offered here.
 */
export function EmailPreferencesForm({ role }: { role: Role }) {
  const queryClient = useQueryClient();
  const saved = useQuery(emailPreferencesQuery);
  const [values, setValues] = useState<EmailPreferences | null>(null);
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (saved.data && !values) setValues(saved.data);
  }, [saved.data, values]);

  const save = useMutation({
    mutationFn: saveEmailPreferences,
    onMutate: () => setStatus(''),
    onSuccess: (answer) => {
      queryClient.setQueryData(emailPreferencesQuery.queryKey, answer);
      setValues(answer);
      setStatus('Email preferences saved.');
    },
  });

  return (
    <form
      aria-label="Email preferences"
      onSubmit={(event) => {
        event.preventDefault();
        if (values) save.mutate(values);
      }}
    >
      <Fieldset legend="Email preferences" maw={720}>
        {saved.isPending && <Loader size="sm" aria-label="Loading your email preferences" />}
        {saved.isError && (
          <Alert color="red" variant="light" title="Your email preferences could not be loaded">
            {saved.error.message}
          </Alert>
        )}
        {values && (
          <Stack gap="md">
            {choices
              .filter((choice) => !choice.readers || choice.readers.includes(role))
              .map((choice) => (
                <Checkbox
                  key={choice.name}
                  label={choice.label}
                  description={choice.description}
                  checked={values[choice.name]}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setStatus('');
                    setValues((current) => (current ? { ...current, [choice.name]: checked } : current));
                  }}
                />
              ))}
            <Text size="sm" c="dimmed">
              Emails about your account, such as confirming your address or resetting your password, are always sent.
            </Text>
            {save.isError && (
              <Alert color="red" variant="light" title="Your email preferences were not saved">
                {save.error.message}
              </Alert>
            )}
            <div>
              <Button type="submit" size="md" disabled={save.isPending}>
                Save email preferences
              </Button>
            </div>
          </Stack>
        )}
        <Text role="status" aria-live="polite" size="sm" fw={500} mt={status ? 'sm' : 0}>
          {status}
        </Text>
      </Fieldset>
    </form>
  );
}
