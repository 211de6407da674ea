import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordFormSchema } from '../../shared/accounts.ts';
import { Button } from '../components/button.tsx';
import { requestPasswordReset } from '../features/users/api.ts';
import { AuthPanel } from '../features/users/auth-panel.tsx';
import { FormMessage } from '../features/users/form-message.tsx';
import { failureMessage } from '../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { useSite } from '../lib/site.ts';
import { useFocusWhen } from '../lib/use-focus-when.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /forgot-password: mails a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('forgot.title'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  useFocusWhen(result, sentTo !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: forgotPasswordFormSchema, initialValues: { email: '' } });
  // Never 'we have sent' when this site sends no email.
  const noMail = useSite()?.mailConfigured === false;
  const noMailText = t('forgot.noMail');

  async function handleSubmit({ email }: z.output<typeof forgotPasswordFormSchema>) {
    setFailure(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
    }
  }

  return (
    <AuthPanel title={t('forgot.title')}>
      {sentTo ? (
        <Stack gap="md">
          {noMail ? (
            <FormMessage ref={result} tone="error">
              {noMailText}
            </FormMessage>
          ) : (
            <>
              <FormMessage ref={result} tone="success">
                {t('forgot.sent')}
              </FormMessage>
              <Text>{t('forgot.lookFor', { email: sentTo })}</Text>
            </>
          )}
          <Anchor component={Link} to="/login">
            {t('actions.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{noMail ? noMailText : t('forgot.intro')}</Text>
          <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={t('forgot.title')}>
            <Stack gap="md">
              <TextInput
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              {failure && <FormMessage tone="error">{failure}</FormMessage>}
              <Button type="submit" size="md" fullWidth disabled={form.submitting}>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              {t('actions.backToLogin')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </AuthPanel>
  );
}
