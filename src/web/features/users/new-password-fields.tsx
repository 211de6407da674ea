import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '../../../shared/accounts.ts';

type PasswordPath = 'password' | 'confirmPassword';

/** What the fields need of the form they belong to (`useSchemaForm` with `password` and `confirmPassword`). */
interface PasswordPair {
  key(path: PasswordPath): string;
  getInputProps(path: PasswordPath): GetInputPropsReturnType;
}

/**
 * A new password and the same typed again (sign-up, a reset, the first admin): the rules said under the
 * first, and both offered to the browser's password manager as a new password.
 */
export function NewPasswordFields({
  form,
  label,
  againLabel,
  rules = passwordRules,
}: {
  form: PasswordPair;
  label?: string;
  againLabel?: string;
  rules?: string;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordInput
        label={label ?? t('fields.password')}
        description={rules}
        autoComplete="new-password"
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={againLabel ?? t('fields.passwordAgain')}
        autoComplete="new-password"
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
