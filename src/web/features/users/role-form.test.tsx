import { describe, expect, it } from 'vitest';
import type { Me, Role } from '../../../shared/accounts.ts';
import { currentAccountQuery } from '../../lib/current-account.ts';
import { sent } from '../../test/dom-setup.ts';
import { expectNoProblem, renderForm, screen } from '../../test/render-form.tsx';
import { RoleForm } from './role-form.tsx';
import { accountRoles, registrationRoles } from './roles.ts';

/** The admin changing the role, already signed in. */
const admin: Me = {
  _id: 'user-ada',
  email: 'ada@example.org',
  emailVerified: true,
  displayName: 'Ada Mensah',
  name: 'Ada Mensah',
  photoURL: null,
  role: 'admin',
  address: null,
  age: null,
  education: null,
  occupation: null,
  twoFactorEnabled: true,
  mfaRequired: null,
  twoFactorLocked: true,
};

const form = (currentRole: Role, roles: readonly Role[], label = 'Account Role Update') =>
  renderForm(<RoleForm label={label} email="sam@example.org" currentRole={currentRole} roles={roles} />, {
    data: [[currentAccountQuery.queryKey, admin]],
  });
const choice = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
const addRole = () => screen.getByRole('button', { name: 'Add Role' });

describe('Role', () => {
  it('offers each role with what it may do, the current one chosen and said to be current', () => {
    form('volunteer', accountRoles);
    expect(screen.getByRole('form', { name: 'Account Role Update' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['donator', 'volunteer', 'admin']);
    expect(choice('Volunteer')).toHaveProperty('checked', true);
    expect(screen.getByText(/^Current role\. Adds My Events/)).toBeTruthy();
    for (const name of ['Donator', 'Volunteer', 'Admin']) expectNoProblem(choice(name));
  });

  it('chooses the first role offered when the account’s own is not among them', () => {
    form('donator', registrationRoles, 'Add Role');
    expect(screen.queryByRole('radio', { name: /^Donator/ })).toBeNull();
    expect(choice('Volunteer')).toHaveProperty('checked', true);
    expect(choice('Admin')).toHaveProperty('checked', false);
  });

  it('sends the chosen role for the account, named by its email', async () => {
    const { user } = form('volunteer', accountRoles);
    await user.click(choice('Admin'));
    await user.click(addRole());
    expect(sent).toEqual([{ method: 'PUT', url: '/api/users/role', body: { email: 'sam@example.org', role: 'admin' } }]);
    expect(addRole()).toHaveProperty('disabled', true);
  });

  it('takes volunteer or admin rights back by choosing Donator', async () => {
    const { user } = form('admin', accountRoles);
    await user.click(choice('Donator'));
    await user.click(addRole());
    expect(sent).toEqual([{ method: 'PUT', url: '/api/users/role', body: { email: 'sam@example.org', role: 'donator' } }]);
  });
});
