import { describe, expect, it } from 'vitest';
import type { Me, Role } from '../../../shared/accounts.ts';
import { ada, signedIn } from '../../test/fixtures.ts';
import { button, expectNoProblem, expectSent, renderForm, screen } from '../../test/render-form.tsx';
import { RoleForm } from './role-form.tsx';
import { accountRoles, registrationRoles } from './roles.ts';

/** The admin changing the role, already signed in, with two-step sign-in on and kept on. */
const admin: Me = { ...ada, twoFactorEnabled: true, twoFactorLocked: true };

const form = (currentRole: Role, roles: readonly Role[], label = 'Account Role Update') =>
  renderForm(<RoleForm label={label} email="sam@example.org" currentRole={currentRole} roles={roles} />, {
    data: [signedIn(admin)],
  });
const choice = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });

/** Opens the form on an account with `currentRole`, chooses `name` and presses Add Role. */
async function giveRole(currentRole: Role, name: string) {
  const { user } = form(currentRole, accountRoles);
  await user.click(choice(name));
  await user.click(button('Add Role'));
}

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
    await giveRole('volunteer', 'Admin');
    expectSent('PUT', '/api/users/role', { email: 'sam@example.org', role: 'admin' });
    expect(button('Add Role')).toHaveProperty('disabled', true);
  });

  it('takes volunteer or admin rights back by choosing Donator', async () => {
    await giveRole('admin', 'Donator');
    expectSent('PUT', '/api/users/role', { email: 'sam@example.org', role: 'donator' });
  });
});
