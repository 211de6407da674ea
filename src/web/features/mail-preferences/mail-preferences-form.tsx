import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import { Alert, Checkbox, Fieldset, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../shared/accounts.ts';
import type { EmailPreferences } from '../../../shared/mail-preferences.ts';
import { Button } from '../../components/button.tsx';
import { emailPreferencesQuery, saveEmailPreferences } from './api.ts';

/** Each choice's words are `mail.<name>` and `mail.<name>Text` in the 'profile' area. */
const choices: { name: keyof EmailPreferences; readers?: Role[] }[] = [
  { name: 'reminders' },
  { name: 'events' },
  { name: 'notices', readers: ['volunteer', 'admin'] },
];

/**
 * Which emails the person wants, on the profile page. Messages about the account itself (confirming
 * the address, resetting the password) always go, so they are not offered here.
 */
export function EmailPreferencesForm({ role }: { role: Role }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const saved = useQuery(emailPreferencesQuery);
  const [values, setValues] = useState<EmailPreferences | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (saved.data && !values) setValues(saved.data);
  }, [saved.data, values]);

  const save = useMutation({
    mutationFn: saveEmailPreferences,
    onMutate: () => setDone(false),
    onSuccess: (answer) => {
      queryClient.setQueryData(emailPreferencesQuery.queryKey, answer);
      setValues(answer);
      setDone(true);
    },
  });

  return (
    <form
      aria-label={t('mail.legend')}
      onSubmit={(event) => {
        event.preventDefault();
        if (values) save.mutate(values);
      }}
    >
      <Fieldset legend={t('mail.legend')} maw={720}>
        {saved.isPending && <Loader size="sm" aria-label={t('mail.loading')} />}
        {saved.isError && (
          <Alert color="red" variant="light" title={t('mail.loadFailed')}>
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
                  label={t(`mail.${choice.name}`)}
                  description={t(`mail.${choice.name}Text`)}
                  checked={values[choice.name]}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setDone(false);
                    setValues((current) => (current ? { ...current, [choice.name]: checked } : current));
                  }}
                />
              ))}
            <Text size="sm" c="dimmed">
              {t('mail.alwaysSent')}
            </Text>
            {save.isError && (
              <Alert color="red" variant="light" title={t('mail.notSaved')}>
                {save.error.message}
              </Alert>
            )}
            <div>
              <Button type="submit" size="md" disabled={save.isPending}>
                {t('mail.save')}
              </Button>
            </div>
          </Stack>
        )}
        <Text role="status" aria-live="polite" size="sm" fw={500} mt={done ? 'sm' : 0}>
          {done ? t('mail.saved') : ''}
        </Text>
      </Fieldset>
    </form>
  );
}
