import { Radio, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountMessages, type Role } from '../../../shared/accounts.ts';
import { fillMessage } from '../../../shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { currentAccountQuery, useCurrentAccount } from '../../lib/current-account.ts';
import { notify } from '../../lib/notify.ts';
import { adminListKey } from '../admin/api.ts';
import { adminPeopleKey, changeRole } from './api.ts';
import { roleDescriptions, roleNames } from './roles.ts';

interface RoleFormProps {
  /** The form's accessible name: 'Add Role'. */
  label: string;
  /** The account whose role changes (a registration names it by its email too). */
  email: string;
  currentRole: Role;
  /** The choices, in order. */
  roles: readonly Role[];
}

/** Why the server refused, said as the field's error: the field's own reason, else the message. */
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
  // The current role when it is a choice here; otherwise the first choice (a donator who registered
  // to volunteer is most likely being made a volunteer).
  const [role, setRole] = useState<Role>(() => (roles.includes(currentRole) ? currentRole : (roles[0] ?? currentRole)));
  const [problem, setProblem] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const { account: me } = useCurrentAccount();

  const change = useMutation({
    mutationFn: (next: Role) => changeRole(email, next),
    onSuccess: (modifiedCount, next) => {
      if (modifiedCount > 0) {
        setProblem(undefined);
        void notify({ color: 'teal', message: fillMessage(accountMessages.roleChanged, { email, role: next }) });
        return;
      }
      const reason = `${email} already has the role ${next}.`;
      setProblem(reason);
      void notify({ color: 'red', title: fillMessage(accountMessages.roleNotChanged, { email }), message: reason });
    },
    onError: (error) => {
      const reason = reasonOf(error);
      setProblem(reason);
      void notify({ color: 'red', title: fillMessage(accountMessages.roleNotChanged, { email }), message: reason });
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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(role);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label}>
      <Stack gap="md" maw={560}>
        <Radio.Group
          label="Role"
          required
          value={role}
          error={problem}
          onChange={(value) => {
            setRole(value as Role);
            setProblem(undefined);
          }}
        >
          <Stack gap="sm" mt="xs">
            {roles.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={roleNames[choice]}
                description={choice === currentRole ? `Current role. ${roleDescriptions[choice]}` : roleDescriptions[choice]}
              />
            ))}
          </Stack>
        </Radio.Group>
        <div>
          <Button type="submit" size="md" disabled={change.isPending}>
            Add Role
          </Button>
        </div>
      </Stack>
    </form>
  );
}
