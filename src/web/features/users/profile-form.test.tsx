import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { rita, ritaProfile } from '../../test/fixtures.ts';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, renderForm, textbox } from '../../test/render-form.tsx';
import { ProfileForm } from './profile-form.tsx';

/** A text box by the start of its label. */
const field = (name: string) => textbox(new RegExp(`^${name}`));

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
    await user.click(button('Update'));
    for (const name of ['Age', 'Education', 'Occupation']) expectProblem(field(name), `${name} is required`);
    expectRefused(field('Address'), 'Address is required');
  });

  it('takes a field of spaces as empty and keeps an age short', async () => {
    const { user } = renderForm(<ProfileForm account={{ ...rita, address: '12 Mill Lane', education: 'BSc', occupation: 'Nurse' }} />);
    await user.type(field('Age'), '   ');
    await user.click(button('Update'));
    expectRefused(field('Age'), 'Age is required');
    await user.type(field('Age'), 'thirty-four and a half years');
    await user.click(button('Update'));
    expectProblem(field('Age'), 'Age must be at most 20 characters');
    expectNoProblem(field('Address'));
    expect(sent).toEqual([]);
  });

  it('starts from what the account already has and sends the profile trimmed', async () => {
    const { user } = renderForm(<ProfileForm account={{ ...rita, ...ritaProfile }} />);
    expect(field('Address')).toHaveProperty('value', '12 Mill Lane');
    await user.clear(field('Occupation'));
    await user.type(field('Occupation'), '  Ward sister  ');
    await user.click(button('Update'));
    expectSent('PUT', '/api/users', { ...ritaProfile, occupation: 'Ward sister' });
    expect(button('Update')).toHaveProperty('disabled', true);
  });
});
