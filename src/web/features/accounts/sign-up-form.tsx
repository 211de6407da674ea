import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountMessages, signUpFormSchema } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { refreshCurrentAccount } from '../../lib/current-account.ts';
import { notify } from '../../lib/notify.ts';
import { profileImageProblem, signUp, uploadProfilePhoto } from './api.ts';
import { firstIssue, issueFromError, type FormIssue } from './form-issue.ts';
import { FormMessage } from './form-message.tsx';
import { ProfileImageInput } from './profile-image-input.tsx';
import { useReturnTo } from './return-to.ts';
import { SocialSignInButton } from './social-sign-in-button.tsx';

const emptyForm = { name: '', email: '', password: '', confirmPassword: '' };
type Field = keyof typeof emptyForm;

/**
 * Sign-up: the spec's checks (section 5) in its order, blocking the request while one fails
 * (DECISIONS 3.2). The picture is sent once the account exists; if only the picture fails, the
 * account stays and the person is told why.
 */
export function SignUpForm() {
  const [form, setForm] = useState(emptyForm);
  const [photo, setPhoto] = useState<File | null>(null);
  const [issue, setIssue] = useState<FormIssue | null>(null);
  const [pending, setPending] = useState(false);
  const returnTo = useReturnTo();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setForm((current) => ({ ...current, [field]: value }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = signUpFormSchema.safeParse(form);
    if (!checked.success) return setIssue(firstIssue(checked.error));
    const photoProblem = photo && profileImageProblem(photo);
    if (photoProblem) return setIssue({ message: photoProblem, field: 'photo' });
    setIssue(null);
    setPending(true);
    try {
      await signUp({ name: checked.data.name, email: form.email.trim(), password: form.password });
    } catch (error) {
      setIssue(issueFromError(error));
      setPending(false);
      return;
    }
    if (photo) {
      try {
        await uploadProfilePhoto(photo);
      } catch (error) {
        void notify({
          color: 'red',
          title: 'Your picture could not be saved',
          message: `Your account was created, but the picture was not saved: ${(error as Error).message}`,
        });
      }
    }
    // The account exists and is signed in; if it cannot be read back now, the navigation bar will ask again.
    await refreshCurrentAccount(queryClient).catch(() => undefined);
    void notify({ color: 'teal', message: accountMessages.loginSuccessful });
    await navigate(returnTo, { replace: true });
  }

  return (
    <Stack gap="md">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Register">
        <Stack gap="md">
          <TextInput label="Name" autoComplete="name" value={form.name} onChange={set('name')} error={issue?.field === 'name'} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={issue?.field === 'email'}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={issue?.field === 'password'}
          />
          <PasswordInput
            label="Re-type Password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            error={issue?.field === 'confirmPassword'}
          />
          <ProfileImageInput
            invalid={issue?.field === 'photo' || issue?.field === 'image'}
            onChange={(file) => {
              setPhoto(file);
              const problem = file && profileImageProblem(file);
              if (problem) setIssue({ message: problem, field: 'photo' });
              else if (issue?.field === 'photo') setIssue(null);
            }}
          />
          {issue && <FormMessage tone="error">{issue.message}</FormMessage>}
          <Button type="submit" size="md" fullWidth disabled={pending}>
            Register
          </Button>
        </Stack>
      </form>
      <SocialSignInButton returnTo={returnTo} />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" state={location.state}>
          Login
        </Anchor>
      </Text>
    </Stack>
  );
}
