import '@mantine/core/styles/PasswordInput.css';
import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { loginFormSchema } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { refreshCurrentAccount } from '../../lib/current-account.ts';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { signIn } from './api.ts';
import { FormMessage } from './form-message.tsx';
import { useReturnTo } from './return-to.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import { SocialSignInButton } from './social-sign-in-button.tsx';

/**
 * A refused 'Continue With Google' comes back to /login?error=<code>; the provider's code is shown as
 * given (spec section 5). Only a code: free text in a link would let anyone put words on this page.
 */
function providerFailure(t: TFunction<'accounts'>, code: string | null): string | null {
  if (!code || !/^[a-z0-9_]{1,80}$/i.test(code)) return null;
  return t('login.providerFailed', { code });
}

/**
 * Email and password sign-in. The spec's checks (section 5), both at once beside their fields, block
 * the request when they fail (DECISIONS 3.2); the server's answer to a refused sign-in is shown as given.
 */
export function LoginForm() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState(() => providerFailure(t, searchParams.get('error')));
  const returnTo = useReturnTo();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: loginFormSchema, initialValues: { email: '', password: '' } });
  const [needsCode, setNeedsCode] = useState(false);

  async function handleSubmit(credentials: z.output<typeof loginFormSchema>) {
    setFailure(null);
    try {
      const answer = await signIn(credentials);
      if (answer.needsCode) {
        setNeedsCode(true);
        return;
      }
      await refreshCurrentAccount(queryClient);
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
      return;
    }
    void notify({ color: 'teal', message: t('login.successful') });
    await navigate(returnTo, { replace: true });
  }

  if (needsCode) return <SecondFactorStep returnTo={returnTo} onStartAgain={() => setNeedsCode(false)} />;

  return (
    <Stack gap="md">
      <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={t('login.title')}>
        <Stack gap="md">
          <TextInput label={t('fields.email')} type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <Button type="submit" size="md" fullWidth disabled={form.submitting}>
            {t('actions.logIn')}
          </Button>
        </Stack>
      </form>
      <SocialSignInButton returnTo={returnTo} />
      <Text size="sm" ta="center">
        {/* The page to come back to travels on, should they sign up instead. */}
        <Anchor component={Link} to="/register" state={location.state}>
          {t('login.newUser')}
        </Anchor>
      </Text>
    </Stack>
  );
}
