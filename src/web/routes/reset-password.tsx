import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
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
  usePageTitle('Set a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const result = useRef<HTMLParagraphElement>(null);
  useFocusWhen(result, done);
  const [failure, setFailure] = useState<string | null>(
    token ? null : 'This link has no token. Open the link from the email again, or ask for a new link.',
  );
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
    <AuthPanel title="Set a new password">
      {done ? (
        <Stack gap="md" align="flex-start">
          <FormMessage ref={result} tone="success">
            Your new password is set. You have been signed out everywhere: log in with it.
          </FormMessage>
          <ButtonLink to="/login">Log In</ButtonLink>
        </Stack>
      ) : (
        <Stack gap="md">
          <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label="Set a new password">
            <Stack gap="md">
              <NewPasswordFields form={form} label="New password" againLabel="Re-type new password" />
              {failure && <FormMessage tone="error">{failure}</FormMessage>}
              <Button type="submit" size="md" fullWidth disabled={form.submitting || !token}>
                Set password
              </Button>
            </Stack>
          </form>
          {failure && (
            <Anchor component={Link} to="/forgot-password">
              Ask for a new link
            </Anchor>
          )}
        </Stack>
      )}
    </AuthPanel>
  );
}
