import { describe, expect, it } from 'vitest';
import type { Site } from '../../../shared/site.ts';
import { siteQuery } from '../../lib/site.ts';
import { sent } from '../../test/dom-setup.ts';
import { expectNoProblem, expectProblem, renderForm, screen } from '../../test/render-form.tsx';
import { LoginForm } from './login-form.tsx';

/** The organisation's settings, already known: no identity provider set up. */
const site: Site = {
  name: 'Helping Hands',
  logo: '',
  tagline: '',
  headline: '',
  subtext: '',
  address: '',
  phone: '',
  email: '',
  registrationNumber: '',
  socialLinks: [],
  timeZone: 'Europe/London',
  currency: 'gbp',
  privacy: '',
  terms: '',
  donationAmounts: [1000],
  customAmount: false,
  minAmount: 100,
  maxAmount: 1_000_000,
  socialSignIn: null,
  mailConfigured: true,
};

const form = (path = '/login') => renderForm(<LoginForm />, { path, data: [[siteQuery.queryKey, site]] });
const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');
const logIn = () => screen.getByRole('button', { name: 'Log In' });

describe('Login', () => {
  it('asks for an email and a password at once, beside each, sends nothing and puts focus on the email', async () => {
    const { user } = form();
    await user.click(logIn());
    expectProblem(email(), 'Enter proper email');
    expectProblem(password(), 'Password length must be greater than 5 character');
    expect(document.activeElement).toBe(email());
    expect(sent).toEqual([]);
  });

  it('asks for a proper email address', async () => {
    const { user } = form();
    await user.type(email(), 'rita@example');
    await user.type(password(), 'correct horse');
    await user.click(logIn());
    expectProblem(email(), 'Enter proper email');
    expectNoProblem(password());
    expect(sent).toEqual([]);
  });

  it('asks for a password of at least 6 characters, and takes an older 6-character one', async () => {
    const { user } = form();
    await user.type(email(), 'rita@example.org');
    await user.type(password(), 'abc12');
    await user.click(logIn());
    expectProblem(password(), 'Password length must be greater than 5 character');
    expect(document.activeElement).toBe(password());
    expect(sent).toEqual([]);
    await user.type(password(), '3');
    await user.click(logIn());
    expectNoProblem(password());
    expect(sent).toEqual([{ method: 'POST', url: '/api/auth/sign-in/email', body: { email: 'rita@example.org', password: 'abc123' } }]);
  });

  it('signs in with the email trimmed and in lower case, and the password exactly as typed', async () => {
    const { user } = form();
    await user.type(email(), '  Rita@Example.ORG ');
    await user.type(password(), ' correct horse ');
    await user.click(logIn());
    expect(sent).toEqual([
      { method: 'POST', url: '/api/auth/sign-in/email', body: { email: 'rita@example.org', password: ' correct horse ' } },
    ]);
    expect(logIn()).toHaveProperty('disabled', true);
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
