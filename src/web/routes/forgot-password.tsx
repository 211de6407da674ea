import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordFormSchema, mailLinkMessages } from '../../shared/accounts.ts';
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
  usePageTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  useFocusWhen(result, sentTo !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: forgotPasswordFormSchema, initialValues: { email: '' } });
  // Never 'we have sent' when this site sends no email.
  const noMail = useSite()?.mailConfigured === false;
  const noMailText = 'This site cannot send email yet, so no reset link can reach you. Ask the site’s admin for help.';

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
    <AuthPanel title="Forgot password">
      {sentTo ? (
        <Stack gap="md">
          {noMail ? (
            <FormMessage ref={result} tone="error">
              {noMailText}
            </FormMessage>
          ) : (
            <>
              <FormMessage ref={result} tone="success">
                {mailLinkMessages.resetLinkSent}
              </FormMessage>
              <Text>
                Look for a message to {sentTo}. Its link works once, for one hour. Nothing there? Check the spam folder, or ask again in a
                few minutes.
              </Text>
            </>
          )}
          <Anchor component={Link} to="/login">
            Back to Login
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{noMail ? noMailText : 'Enter the email address of your account and we will send you a link to set a new password.'}</Text>
          <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label="Forgot password">
            <Stack gap="md">
              <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
              {failure && <FormMessage tone="error">{failure}</FormMessage>}
              <Button type="submit" size="md" fullWidth disabled={form.submitting}>
                Send the link
              </Button>
            </Stack>
          </form>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      )}
    </AuthPanel>
  );
}
