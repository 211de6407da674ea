import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { signUpFormSchema } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { refreshCurrentAccount } from '../../lib/current-account.ts';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { signUp, uploadProfilePhoto } from './api.ts';
import { FormMessage } from './form-message.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { ProfileImageInput } from './profile-image-input.tsx';
import { useProfileImageProblem } from './profile-image-problem.ts';
import { useReturnTo } from './return-to.ts';
import { SocialSignInButton } from './social-sign-in-button.tsx';

/**
 * Sign-up: the spec's checks (section 5), every failing field said at once beside itself, blocking
 * the request while one fails (DECISIONS 3.2). The picture is sent once the account exists; if only
 * the picture fails, the account stays and the person is told why.
 */
export function SignUpForm() {
  const { t } = useTranslation('accounts');
  const imageProblem = useProfileImageProblem();
  /** The shared form's checks, and the browser's check of the optional picture (type and size; the server reads the bytes). */
  const signUpSchema = useMemo(
    () =>
      signUpFormSchema.safeExtend({
        photo: z.custom<File | null>().superRefine((file, ctx) => {
          const problem = file && imageProblem(file);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      }),
    [imageProblem],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const returnTo = useReturnTo();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: signUpSchema,
    initialValues: { name: '', email: '', password: '', confirmPassword: '', photo: null as File | null },
    // A picture that will not do is said as soon as it is chosen.
    validateInputOnChange: ['photo'],
  });

  async function handleSubmit({ name, email, password, photo }: z.output<typeof signUpSchema>) {
    setFailure(null);
    try {
      await signUp({ name, email, password });
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
      return;
    }
    if (photo) {
      try {
        await uploadProfilePhoto(photo);
      } catch (error) {
        void notify({
          color: 'red',
          title: t('register.pictureNotSavedTitle'),
          message: t('register.pictureNotSaved', { reason: failureMessage(error) }),
        });
      }
    }
    // The account exists and is signed in; if it cannot be read back now, the navigation bar will ask again.
    await refreshCurrentAccount(queryClient).catch(() => undefined);
    void notify({ color: 'teal', message: t('login.successful') });
    await navigate(returnTo, { replace: true });
  }

  return (
    <Stack gap="md">
      <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={t('register.title')}>
        <Stack gap="md">
          <TextInput label={t('fields.name')} autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
          <NewPasswordFields form={form} />
          {/* A file input keeps its own choice: the form is told, not asked to draw it again. */}
          <ProfileImageInput error={form.errors.photo} onChange={(file) => form.setFieldValue('photo', file, { forceUpdate: false })} />
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <Button type="submit" size="md" fullWidth disabled={form.submitting}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <SocialSignInButton returnTo={returnTo} />
      <Text size="sm" ta="center">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to="/login" state={location.state}>
          {t('register.login')}
        </Anchor>
      </Text>
    </Stack>
  );
}
