import { describe, expect, it } from 'vitest';
import type { SetupStatus } from '../../shared/setup.ts';
import { setupStatusQuery } from '../features/setup/api.ts';
import { sent } from '../test/dom-setup.ts';
import { knownSite } from '../test/fixtures.ts';
import type { User } from '../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, field, renderForm, screen } from '../test/render-form.tsx';
import { SetupPage } from './setup.tsx';

const code = 'c0de-9f2a';
const fresh: SetupStatus = { codeAccepted: true, organisation: 'Helping Hands', mailConfigured: false, payments: 'test' };

/** The page at the address the server printed (or another), with the server's answer about its code. */
const page = (path = `/setup?code=${code}`, status: SetupStatus = fresh) =>
  renderForm(<SetupPage />, {
    path,
    data: [
      knownSite({ name: 'Helping Hands' }),
      [setupStatusQuery(new URLSearchParams(path.split('?')[1]).get('code') ?? '').queryKey, status],
    ],
  });

const organisation = () => field('Organisation name', 'input');
const name = () => field('Your name', 'input');
const email = () => field('Your email', 'input');
const password = () => field('Password', 'input');
const again = () => field('Re-type Password', 'input');
const create = (user: User) => user.click(button('Create admin account'));

/** The first admin's details as typed, the password twice; `change` puts something else in one field. */
async function fill(user: User, change: Partial<Record<'name' | 'email' | 'password' | 'again', string>> = {}) {
  const typed = { name: ' Sam Okafor ', email: ' Sam@Riverside.example ', password: 'kettle harbour violet 42', ...change };
  const fields = [
    [name, typed.name],
    [email, typed.email],
    [password, typed.password],
    [again, change.again ?? typed.password],
  ] as const;
  for (const [input, text] of fields) {
    await user.clear(input());
    await user.click(input());
    await user.paste(text);
  }
}

describe('Set up', () => {
  it('asks for every field, beside each, sends nothing and puts focus on the first', async () => {
    const { user } = page();
    await user.clear(organisation());
    await create(user);
    expectProblem(name(), 'Enter your name');
    expectProblem(email(), 'Enter proper email');
    expectProblem(password(), 'Password length must be greater than 5 character');
    expectRefused(organisation(), 'Organisation name is required');
  });

  it.each([
    ['name', '   ', name, 'Enter your name'],
    ['email', 'sam@riverside', email, 'Enter proper email'],
    ['password', 'short1', password, 'Password must be at least 8 characters'],
    ['password', 'eleven-char', password, "An admin's password must be at least 12 characters"],
    ['again', 'kettle harbour violet 24', again, 'Password not matched'],
  ] as const)('refuses %s: %j, with "%s" beside it, and puts focus there', async (key, typed, input, message) => {
    const { user } = page();
    await fill(user, { [key]: typed });
    await create(user);
    for (const other of [organisation, name, email, password, again].filter((f) => f !== input)) expectNoProblem(other());
    expectRefused(input(), message);
  });

  it('starts from the organisation’s name as it is, and makes the admin with the code from the address', async () => {
    const { user } = page();
    expect(organisation()).toHaveProperty('value', 'Helping Hands');
    await user.clear(organisation());
    await user.paste('  Riverside Food Share ');
    await fill(user);
    await create(user);
    expectSent('POST', '/api/setup', {
      code,
      organisation: 'Riverside Food Share',
      name: 'Sam Okafor',
      email: 'sam@riverside.example',
      password: 'kettle harbour violet 42',
    });
    expect(button('Creating the admin account…')).toHaveProperty('disabled', true);
  });

  it('shows no form, and says where to find the address, when the code is not the current one', () => {
    page('/setup?code=old-code', { codeAccepted: false });
    expect(screen.getByText('This set-up address is not the current one')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Set up' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('shows no form, and says where to find the address, without a code', () => {
    page('/setup', { codeAccepted: false });
    expect(screen.getByText(/Setting up needs the address the server printed when it started/)).toBeTruthy();
    expect(screen.queryByText('This set-up address is not the current one')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Set up' })).toBeNull();
    expect(sent).toEqual([]);
  });
});
