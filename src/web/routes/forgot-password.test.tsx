import { describe, expect, it } from 'vitest';
import type { Site } from '../../shared/site.ts';
import { siteQuery } from '../lib/site.ts';
import { sent } from '../test/dom-setup.ts';
import { expectProblem, renderForm, screen } from '../test/render-form.tsx';
import { ForgotPasswordPage } from './forgot-password.tsx';

/** The page on a site that sends email, or one that cannot yet. */
const page = ({ mailConfigured = true } = {}) =>
  renderForm(<ForgotPasswordPage />, {
    path: '/forgot-password',
    data: [[siteQuery.queryKey, { name: 'Riverside Food Share', mailConfigured } as Site]],
  });
const email = () => screen.getByRole('textbox', { name: 'Email' });
const sendLink = () => screen.getByRole('button', { name: 'Send the link' });

describe('Forgot password', () => {
  it('asks for an email, sends nothing and puts focus on it', async () => {
    const { user } = page();
    await user.click(sendLink());
    expectProblem(email(), 'Enter proper email');
    expect(document.activeElement).toBe(email());
    expect(sent).toEqual([]);
  });

  it.each(['rita@', 'rita at example.org', 'rita@example'])('refuses %j as an email', async (typed) => {
    const { user } = page();
    await user.type(email(), typed);
    await user.click(sendLink());
    expectProblem(email(), 'Enter proper email');
    expect(sent).toEqual([]);
  });

  it('asks for the link for the address, trimmed and in lower case, once', async () => {
    const { user } = page();
    await user.type(email(), ' Rita@Example.org ');
    await user.click(sendLink());
    expect(sent).toEqual([{ method: 'POST', url: '/api/auth/request-password-reset', body: { email: 'rita@example.org' } }]);
    expect(sendLink()).toHaveProperty('disabled', true);
  });

  it('says before anything is asked when this site cannot send the link', () => {
    page({ mailConfigured: false });
    expect(screen.getByText(/This site cannot send email yet, so no reset link can reach you/)).toBeTruthy();
  });
});
