import { describe, expect, it } from 'vitest';
import type { Me } from '../../../shared/accounts.ts';
import { secondFactorMessages } from '../../../shared/second-factor.ts';
import { sent } from '../../test/dom-setup.ts';
import { ada } from '../../test/fixtures.ts';
import { expectNoProblem, expectProblem, expectRefused, expectSent, renderForm, screen, within } from '../../test/render-form.tsx';
import { SecondFactorSection } from './second-factor-section.tsx';

const isOn: Me = { ...ada, twoFactorEnabled: true };

const section = (account: Me) => renderForm(<SecondFactorSection account={account} />, { path: '/dashboard/security' });
/** One of the section's forms, named by its button, and what is in it. */
function formOf(name: string) {
  const form = within(screen.getByRole('form', { name }));
  return {
    password: () => form.getByLabelText('Your password'),
    code: () => form.getByRole('textbox', { name: 'Code from your authenticator app' }),
    submit: () => form.getByRole('button', { name }),
  };
}

/** The section drawn for `account`, the person at it, and its form named `name`. */
function sectionForm(account: Me, name: string) {
  const { user } = section(account);
  return { user, ...formOf(name) };
}

describe('Two-step sign-in, off', () => {
  it('asks for the password before setting up, beside it, sends nothing and puts focus on it', async () => {
    const { user, ...setUp } = sectionForm(ada, 'Set up two-step sign-in');
    await user.click(setUp.submit());
    expectRefused(setUp.password(), 'Enter your password');
  });

  it('starts the set-up with the password exactly as typed, spaces and all', async () => {
    const { user, ...setUp } = sectionForm(ada, 'Set up two-step sign-in');
    await user.type(setUp.password(), ' kettle orchard lamp ');
    await user.click(setUp.submit());
    expectNoProblem(setUp.password());
    expectSent('POST', '/api/auth/two-factor/enable', { password: ' kettle orchard lamp ' });
    expect(setUp.submit()).toHaveProperty('disabled', true);
  });
});

describe('Two-step sign-in, on', () => {
  it('offers new recovery codes and turning it off, each asking for the password, and no code to confirm', async () => {
    const { user } = section(isOn);
    expect(screen.queryByRole('form', { name: 'Confirm' })).toBeNull();
    for (const name of ['Make new recovery codes', 'Turn off two-step sign-in']) {
      const form = formOf(name);
      await user.click(form.submit());
      expectRefused(form.password(), 'Enter your password');
    }
  });

  it('makes new recovery codes with the password', async () => {
    const { user, ...renew } = sectionForm(isOn, 'Make new recovery codes');
    await user.type(renew.password(), 'kettle orchard lamp');
    await user.click(renew.submit());
    expectSent('POST', '/api/auth/two-factor/generate-backup-codes', { password: 'kettle orchard lamp' });
    expectNoProblem(formOf('Turn off two-step sign-in').password());
  });

  it('turns it off with the password', async () => {
    const { user, ...off } = sectionForm(isOn, 'Turn off two-step sign-in');
    await user.type(off.password(), 'kettle orchard lamp');
    await user.click(off.submit());
    expectSent('POST', '/api/auth/two-factor/disable', { password: 'kettle orchard lamp' });
  });

  it('cannot be turned off by an admin where the server requires it', () => {
    section({ ...isOn, twoFactorLocked: true });
    expect(screen.queryByRole('form', { name: 'Turn off two-step sign-in' })).toBeNull();
    expect(screen.getByText(secondFactorMessages.adminKeepsIt)).toBeTruthy();
    expect(formOf('Make new recovery codes').submit()).toBeTruthy();
  });
});

describe('Two-step sign-in, to confirm for admin pages', () => {
  const confirming: Me = { ...isOn, mfaRequired: 'confirm', twoFactorLocked: true };

  it('asks for the 6-digit code from the app, beside it, and sends nothing', async () => {
    const { user, ...confirm } = sectionForm(confirming, 'Confirm');
    await user.click(confirm.submit());
    expectRefused(confirm.code(), 'Enter the 6-digit code from your authenticator app');
    await user.type(confirm.code(), '12345a');
    await user.click(confirm.submit());
    expectProblem(confirm.code(), 'Enter the 6-digit code from your authenticator app');
    expect(sent).toEqual([]);
  });

  it('sends the code without the space typed in its middle', async () => {
    const { user, ...confirm } = sectionForm(confirming, 'Confirm');
    await user.type(confirm.code(), '123 456');
    await user.click(confirm.submit());
    expectSent('POST', '/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(confirm.submit()).toHaveProperty('disabled', true);
  });
});
