import { describe, expect, it } from 'vitest';
import { sent } from '../test/dom-setup.ts';
import { knownSite } from '../test/fixtures.ts';
import { button, expectProblem, expectRefused, expectSent, renderForm, screen, textbox } from '../test/render-form.tsx';
import { ForgotPasswordPage } from './forgot-password.tsx';

/** The page on a site that sends email, or one that cannot yet. */
const page = ({ mailConfigured = true } = {}) =>
  renderForm(<ForgotPasswordPage />, {
    path: '/forgot-password',
    data: [knownSite({ name: 'Riverside Food Share', mailConfigured })],
  });
const email = () => textbox('Email');

describe('Forgot password', () => {
  it('asks for an email, sends nothing and puts focus on it', async () => {
    const { user } = page();
    await user.click(button('Send the link'));
    expectRefused(email(), 'Enter proper email');
  });

  it.each(['rita@', 'rita at example.org', 'rita@example'])('refuses %j as an email', async (typed) => {
    const { user } = page();
    await user.type(email(), typed);
    await user.click(button('Send the link'));
    expectProblem(email(), 'Enter proper email');
    expect(sent).toEqual([]);
  });

  it('asks for the link for the address, trimmed and in lower case, once', async () => {
    const { user } = page();
    await user.type(email(), ' Rita@Example.org ');
    await user.click(button('Send the link'));
    expectSent('POST', '/api/auth/request-password-reset', { email: 'rita@example.org' });
    expect(button('Send the link')).toHaveProperty('disabled', true);
  });

  it('says before anything is asked when this site cannot send the link', () => {
    page({ mailConfigured: false });
    expect(screen.getByText(/This site cannot send email yet, so no reset link can reach you/)).toBeTruthy();
  });
});
