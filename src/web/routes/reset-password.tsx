import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '../../shared/accounts.ts';
import { Button, ButtonLink } from '../components/button.tsx';
import { resetPassword } from '../features/users/api.ts';
import { AuthPanel } from '../features/users/auth-panel.tsx';
import { FormMessage } from '../features/users/form-message.tsx';
import { NewPasswordFields } from '../features/users/new-password-fields.tsx';
import { accountScope, currentAccountQuery } from '../lib/current-account.ts';
import { failureMessage } from '../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { useFocusWhen } from '../lib/use-focus-when.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /reset-password?token=…: where the reset mail leads. Sets a new password with the sign-up rules. */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('reset.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const result = useRef<HTMLParagraphElement>(null);
  useFocusWhen(result, done);
  const [failure, setFailure] = useState<string | null>(token ? null : t('link.noToken'));
  const form = useSchemaForm({
    schema: resetPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    fieldNames: { newPassword: 'password' },
  });

  async function handleSubmit({ password }: z.output<typeof resetPasswordFormSchema>) {
    setFailure(null);
    try {
      await resetPassword(token, password);
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
      return;
    }
    // Every session of the account has ended, this browser's too.
    queryClient.removeQueries({ queryKey: accountScope, predicate: (query) => query.queryKey[1] !== 'me' });
    queryClient.setQueryData(currentAccountQuery.queryKey, null);
    setDone(true);
  }

  return (
    <AuthPanel title={t('reset.title')}>
      {done ? (
        <Stack gap="md" align="flex-start">
          <FormMessage ref={result} tone="success">
            {t('reset.done')}
          </FormMessage>
          <ButtonLink to="/login">{t('actions.logIn')}</ButtonLink>
        </Stack>
      ) : (
        <Stack gap="md">
          <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={t('reset.title')}>
            <Stack gap="md">
              <NewPasswordFields form={form} label={t('fields.newPassword')} againLabel={t('fields.newPasswordAgain')} />
              {failure && <FormMessage tone="error">{failure}</FormMessage>}
              <Button type="submit" size="md" fullWidth disabled={form.submitting || !token}>
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
          {failure && (
            <Anchor component={Link} to="/forgot-password">
              {t('reset.askAgain')}
            </Anchor>
          )}
        </Stack>
      )}
    </AuthPanel>
  );
}
