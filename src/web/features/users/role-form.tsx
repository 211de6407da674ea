import '@mantine/core/styles/Radio.css';
import { Radio, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Role, roleUpdateSchema } from '../../../shared/accounts.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { Button } from '../../components/button.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { currentAccountQuery, useCurrentAccount } from '../../lib/current-account.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { adminPeopleKey, changeRole } from './api.ts';

interface RoleFormProps {
  /** The form's accessible name: 'Add Role'. */
  label: string;
  /** The account whose role changes (a registration names it by its email too). */
  email: string;
  currentRole: Role;
  /** The choices, in order. */
  roles: readonly Role[];
}

/** The one choice this form makes; the account is the page's, not typed. */
const roleChoiceSchema = roleUpdateSchema.pick({ role: true });

/** Why the server refused, said beside the choice and in the toast: the field's own reason, else the message. */
function reasonOf(error: Error): string {
  if (isApiError(error) && error.fields) return error.fields.role ?? error.fields.email ?? error.message;
  return error.message;
}

/**
 * The role selector (spec section 4) behind both 'Add Role' and 'Account Role Update': one choice,
 * sent as `PUT /users/role`. The toasts are the spec's (section 8); the role is named by its value
 * ('volunteer'), as the server stores it. A refusal (the last admin) is also said beside the choice.
 */
export function RoleForm({ label, email, currentRole, roles }: RoleFormProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { account: me } = useCurrentAccount();
  const form = useSchemaForm({
    schema: roleChoiceSchema,
    // The current role when it is a choice here; otherwise the first choice (a donator who registered
    // to volunteer is most likely being made a volunteer).
    initialValues: { role: roles.includes(currentRole) ? currentRole : (roles[0] ?? currentRole) },
  });

  function toastNotChanged(reason: string) {
    void notify({ color: 'red', title: t('roleForm.notChanged', { email }), message: reason });
  }

  const change = useMutation({
    mutationFn: (next: Role) => changeRole(email, next),
    onSuccess: (modifiedCount, next) => {
      if (modifiedCount > 0) {
        void notify({ color: 'teal', message: t('roleForm.changed', { email, role: next }) });
        return;
      }
      const reason = t('roleForm.already', { email, role: next });
      form.setFieldError('role', reason);
      form.focusFirstInvalid();
      toastNotChanged(reason);
    },
    onError: (error) => {
      const reason = reasonOf(error);
      // The form is one choice: a refusal that names no field of it (the last admin) is said beside the choice too.
      if (applyServerErrors(form, error)) {
        form.setFieldError('role', reason);
        form.focusFirstInvalid();
      }
      toastNotChanged(reason);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: adminPeopleKey });
      // An admin who changed their own role sees the menu and pages of the new one.
      if (me && me.email.toLowerCase() === email.toLowerCase()) {
        void queryClient.invalidateQueries({ queryKey: currentAccountQuery.queryKey });
      }
    },
  });
  // The choice that was refused is the one marked invalid, so focus goes back to it.
  const refusedChoice = form.errors.role ? form.getValues().role : undefined;

  return (
    <form onSubmit={form.onSubmit(({ role }) => change.mutate(role))} noValidate aria-label={label}>
      <Stack gap="md" maw={560}>
        {/* The group is no input: the refused choice is the one marked invalid. */}
        <Radio.Group label={t('roleForm.role')} required key={form.key('role')} {...form.getInputProps('role', { ariaInvalid: false })}>
          <Stack gap="sm" mt="xs">
            {roles.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={t(`roles.${choice}`)}
                aria-invalid={choice === refusedChoice || undefined}
                description={
                  choice === currentRole
                    ? t('roleForm.current', { description: t(`roleDescriptions.${choice}`) })
                    : t(`roleDescriptions.${choice}`)
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <div>
          <Button type="submit" size="md" disabled={change.isPending}>
            {t('roleForm.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
