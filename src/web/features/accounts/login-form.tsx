import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { accountMessages, loginFormSchema } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { refreshCurrentAccount } from '../../lib/current-account.ts';
import { notify } from '../../lib/notify.ts';
import { signIn } from './api.ts';
import { firstIssue, issueFromError, type FormIssue } from './form-issue.ts';
import { FormMessage } from './form-message.tsx';
import { SocialSignInButton } from './social-sign-in-button.tsx';
import { useReturnTo } from './return-to.ts';

/**
 * A refused 'Continue With Google' comes back to /login?error=<code>; the provider's code is shown as
 * given (spec section 5). Only a code: free text in a link would let anyone put words on this page.
 */
function providerIssue(code: string | null): FormIssue | null {
  if (!code || !/^[a-z0-9_]{1,80}$/i.test(code)) return null;
  return { message: `Sign-in with the identity provider did not complete (${code}). Please try again.` };
}

/**
 * Email and password sign-in. The spec's checks (section 5) block the request when they fail
 * (DECISIONS 3.2); the server's answer to a refused sign-in is shown as given.
 */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [searchParams] = useSearchParams();
  const [issue, setIssue] = useState<FormIssue | null>(() => providerIssue(searchParams.get('error')));
  const [pending, setPending] = useState(false);
  const returnTo = useReturnTo();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = loginFormSchema.safeParse({ email, password });
    if (!checked.success) return setIssue(firstIssue(checked.error));
    setIssue(null);
    setPending(true);
    try {
      await signIn({ email: email.trim(), password });
      await refreshCurrentAccount(queryClient);
    } catch (error) {
      setIssue(issueFromError(error));
      setPending(false);
      return;
    }
    void notify({ color: 'teal', message: accountMessages.loginSuccessful });
    await navigate(returnTo, { replace: true });
  }

  return (
    <Stack gap="md">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Login">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={issue?.field === 'email'}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={issue?.field === 'password'}
          />
          {issue && <FormMessage tone="error">{issue.message}</FormMessage>}
          <Button type="submit" size="md" fullWidth disabled={pending}>
            Log In
          </Button>
        </Stack>
      </form>
      <SocialSignInButton returnTo={returnTo} />
      <Text size="sm" ta="center">
        {/* The page to come back to travels on, should they sign up instead. */}
        <Anchor component={Link} to="/register" state={location.state}>
          New User? Create a account
        </Anchor>
      </Text>
    </Stack>
  );
}
