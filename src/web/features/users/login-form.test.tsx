import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { knownSite } from '../../test/fixtures.ts';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, renderForm, screen, textbox } from '../../test/render-form.tsx';
import { LoginForm } from './login-form.tsx';

/** The form, the organisation's settings already known (no identity provider set up). */
const form = (path = '/login') => renderForm(<LoginForm />, { path, data: [knownSite()] });
const email = () => textbox('Email');
const password = () => screen.getByLabelText('Password');

/** Opens the form, types an email and a password, and presses Log In. */
async function logInWith(typedEmail: string, typedPassword: string) {
  const view = form();
  await view.user.type(email(), typedEmail);
  await view.user.type(password(), typedPassword);
  await view.user.click(button('Log In'));
  return view;
}

describe('Login', () => {
  it('asks for an email and a password at once, beside each, sends nothing and puts focus on the email', async () => {
    const { user } = form();
    await user.click(button('Log In'));
    expectProblem(password(), 'Password length must be greater than 5 character');
    expectRefused(email(), 'Enter proper email');
  });

  it('asks for a proper email address', async () => {
    await logInWith('rita@example', 'correct horse');
    expectProblem(email(), 'Enter proper email');
    expectNoProblem(password());
    expect(sent).toEqual([]);
  });

  it('asks for a password of at least 6 characters, and takes an older 6-character one', async () => {
    const { user } = await logInWith('rita@example.org', 'abc12');
    expectRefused(password(), 'Password length must be greater than 5 character');
    await user.type(password(), '3');
    await user.click(button('Log In'));
    expectNoProblem(password());
    expectSent('POST', '/api/auth/sign-in/email', { email: 'rita@example.org', password: 'abc123' });
  });

  it('signs in with the email trimmed and in lower case, and the password exactly as typed', async () => {
    await logInWith('  Rita@Example.ORG ', ' correct horse ');
    expectSent('POST', '/api/auth/sign-in/email', { email: 'rita@example.org', password: ' correct horse ' });
    expect(button('Log In')).toHaveProperty('disabled', true);
  });

  it('says when sign-in with the identity provider did not complete, naming its code', () => {
    form('/login?error=access_denied');
    expect(screen.getByRole('alert').textContent).toBe(
      'Sign-in with the identity provider did not complete (access_denied). Please try again.',
    );
  });

  it('shows no words put in the link by someone else', () => {
    form('/login?error=Your%20account%20is%20locked.%20Call%20us');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
