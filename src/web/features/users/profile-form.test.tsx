import { describe, expect, it } from 'vitest';
import type { Account } from '../../../shared/accounts.ts';
import { sent } from '../../test/dom-setup.ts';
import { expectNoProblem, expectProblem, renderForm, screen } from '../../test/render-form.tsx';
import { ProfileForm } from './profile-form.tsx';

const rita: Account = {
  _id: 'user-rita',
  email: 'rita@example.org',
  emailVerified: true,
  displayName: 'Rita Okafor',
  name: 'Rita Okafor',
  photoURL: null,
  role: 'volunteer',
  address: null,
  age: null,
  education: null,
  occupation: null,
};

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const update = () => screen.getByRole('button', { name: 'Update' });

describe('Edit Profile', () => {
  it('shows the name and email as they are, not to be edited', () => {
    renderForm(<ProfileForm account={rita} />);
    expect(field('Name')).toHaveProperty('value', 'Rita Okafor');
    expect(field('Name')).toHaveProperty('readOnly', true);
    expect(field('Email')).toHaveProperty('value', 'rita@example.org');
    expect(field('Email')).toHaveProperty('readOnly', true);
  });

  it('asks for all four profile fields, beside each, sends nothing and puts focus on the first', async () => {
    const { user } = renderForm(<ProfileForm account={rita} />);
    await user.click(update());
    for (const name of ['Address', 'Age', 'Education', 'Occupation']) expectProblem(field(name), `${name} is required`);
    expect(document.activeElement).toBe(field('Address'));
    expect(sent).toEqual([]);
  });

  it('takes a field of spaces as empty and keeps an age short', async () => {
    const { user } = renderForm(<ProfileForm account={{ ...rita, address: '12 Mill Lane', education: 'BSc', occupation: 'Nurse' }} />);
    await user.type(field('Age'), '   ');
    await user.click(update());
    expectProblem(field('Age'), 'Age is required');
    expect(document.activeElement).toBe(field('Age'));
    await user.type(field('Age'), 'thirty-four and a half years');
    await user.click(update());
    expectProblem(field('Age'), 'Age must be at most 20 characters');
    expectNoProblem(field('Address'));
    expect(sent).toEqual([]);
  });

  it('starts from what the account already has and sends the profile trimmed', async () => {
    const account = { ...rita, address: '12 Mill Lane', age: '34', education: 'BSc Nursing', occupation: 'Nurse' };
    const { user } = renderForm(<ProfileForm account={account} />);
    expect(field('Address')).toHaveProperty('value', '12 Mill Lane');
    await user.clear(field('Occupation'));
    await user.type(field('Occupation'), '  Ward sister  ');
    await user.click(update());
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/users',
        body: { address: '12 Mill Lane', age: '34', education: 'BSc Nursing', occupation: 'Ward sister' },
      },
    ]);
    expect(update()).toHaveProperty('disabled', true);
  });
});
