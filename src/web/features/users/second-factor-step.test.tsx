import { describe, expect, it, vi } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, renderForm, textbox } from '../../test/render-form.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';

const step = (onStartAgain = () => {}) =>
  renderForm(<SecondFactorStep returnTo="/dashboard" onStartAgain={onStartAgain} />, { path: '/login' });
const appCode = () => textbox('Code from your authenticator app');
const recoveryCode = () => textbox('Recovery code');

describe('Two-step sign-in', () => {
  it('puts focus on the code at once, so the person types on', () => {
    step();
    expect(document.activeElement).toBe(appCode());
  });

  it('asks for the code from the app, beside it, sends nothing and puts focus back on it', async () => {
    const { user } = step();
    await user.click(button('Verify'));
    expectRefused(appCode(), 'Enter the 6-digit code from your authenticator app');
  });

  it.each(['12345', '1234567', '12a456'])('refuses %s: the app shows exactly six digits', async (code) => {
    const { user } = step();
    await user.type(appCode(), code);
    await user.click(button('Verify'));
    expectProblem(appCode(), 'Enter the 6-digit code from your authenticator app');
    expect(sent).toEqual([]);
  });

  it('sends the app’s code without the space typed in its middle', async () => {
    const { user } = step();
    await user.type(appCode(), ' 123 456 ');
    await user.click(button('Verify'));
    expectNoProblem(appCode());
    expectSent('POST', '/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(button('Verify')).toHaveProperty('disabled', true);
  });

  it('takes a recovery code instead, with focus on it, and asks for one as saved', async () => {
    const { user } = step();
    await user.click(button('Use a recovery code'));
    expect(document.activeElement).toBe(recoveryCode());
    await user.click(button('Verify'));
    expectProblem(recoveryCode(), 'Enter one of your recovery codes');
    await user.type(recoveryCode(), '123456');
    await user.click(button('Verify'));
    expectProblem(recoveryCode(), 'Enter one of your recovery codes');
    expect(sent).toEqual([]);
  });

  it('sends a recovery code trimmed, with or without its dash', async () => {
    const { user } = step();
    await user.click(button('Use a recovery code'));
    await user.type(recoveryCode(), '  aB3dE-9xY7z ');
    await user.click(button('Verify'));
    expectSent('POST', '/api/auth/two-factor/verify-backup-code', { code: 'aB3dE-9xY7z' });
  });

  it('goes back to the app’s code, forgetting the recovery code typed', async () => {
    const { user } = step();
    await user.click(button('Use a recovery code'));
    await user.type(recoveryCode(), 'aB3dE9xY7z');
    await user.click(button('Use the code from your authenticator app'));
    expect(appCode()).toHaveProperty('value', '');
    expect(document.activeElement).toBe(appCode());
    expect(sent).toEqual([]);
  });

  it('lets the person start again with another account', async () => {
    const onStartAgain = vi.fn();
    const { user } = step(onStartAgain);
    await user.click(button('Sign in with another account'));
    expect(onStartAgain).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });
});
