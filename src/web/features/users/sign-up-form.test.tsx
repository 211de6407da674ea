import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordRules } from '../../../shared/accounts.ts';
import type { Site } from '../../../shared/site.ts';
import { siteQuery } from '../../lib/site.ts';
import { sent } from '../../test/dom-setup.ts';
import { expectNoProblem, expectProblem, renderForm, screen } from '../../test/render-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

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

const form = () => renderForm(<SignUpForm />, { path: '/register', data: [[siteQuery.queryKey, site]] });
const name = () => screen.getByRole('textbox', { name: 'Name' });
const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');
const again = () => screen.getByLabelText('Re-type Password');
const photo = () => screen.getByLabelText(/Profile Image/);
const register = () => screen.getByRole('button', { name: 'Register' });

/** Fills the form as Rita would, with one field changed where a test says. */
async function fill(user: ReturnType<typeof form>['user'], values: Partial<Record<'name' | 'email' | 'password' | 'again', string>> = {}) {
  const given = { name: 'Rita Okafor', email: 'rita@example.org', password: 'kettle orchard lamp', ...values };
  if (given.name) await user.type(name(), given.name);
  if (given.email) await user.type(email(), given.email);
  if (given.password) await user.type(password(), given.password);
  const retyped = values.again ?? given.password;
  if (retyped) await user.type(again(), retyped);
}

/** A picture chosen from the computer (the file dialog's 'All files' lets any file through). */
function choose(file: File) {
  fireEvent.change(photo(), { target: { files: [file] } });
}

describe('Register', () => {
  it('says the password rules beside the password before anything is typed', () => {
    form();
    const hint = (password().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(hint).toContain(passwordRules);
  });

  it('asks for every field at once, beside each, sends nothing and puts focus on the name', async () => {
    const { user } = form();
    await user.click(register());
    expectProblem(name(), 'Enter your name');
    expectProblem(email(), 'Enter proper email');
    expectProblem(password(), 'Password length must be greater than 5 character');
    expectNoProblem(photo());
    expect(document.activeElement).toBe(name());
    expect(sent).toEqual([]);
  });

  it('takes a name of spaces as none and asks for a proper email address', async () => {
    const { user } = form();
    await fill(user, { name: '   ', email: 'rita.example.org' });
    await user.click(register());
    expectProblem(name(), 'Enter your name');
    expectProblem(email(), 'Enter proper email');
    expectNoProblem(password());
    expect(sent).toEqual([]);
  });

  it('says a password under 6 characters in the spec’s words', async () => {
    const { user } = form();
    await fill(user, { password: 'lamp5' });
    await user.click(register());
    expectProblem(password(), 'Password length must be greater than 5 character');
    expect(document.activeElement).toBe(password());
    expect(sent).toEqual([]);
  });

  it('asks for a new password of at least 8 characters', async () => {
    const { user } = form();
    await fill(user, { password: 'lamp567' });
    await user.click(register());
    expectProblem(password(), 'Password must be at least 8 characters');
    expectNoProblem(again());
    expect(sent).toEqual([]);
  });

  it('asks for the same password twice, saying so beside the second', async () => {
    const { user } = form();
    await fill(user, { again: 'kettle orchard lump' });
    await user.click(register());
    expectNoProblem(password());
    expectProblem(again(), 'Password not matched');
    expect(document.activeElement).toBe(again());
    expect(sent).toEqual([]);
  });

  it('says a mismatch together with the other problems, not after them', async () => {
    const { user } = form();
    await fill(user, { name: '   ', again: 'kettle orchard lump' });
    await user.click(register());
    expectProblem(name(), 'Enter your name');
    expectProblem(again(), 'Password not matched');
    expect(sent).toEqual([]);
  });

  it('refuses a picture that is not a PNG, JPEG or WebP as soon as it is chosen, and sends nothing', async () => {
    const { user } = form();
    await fill(user);
    choose(new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Profile Image must be a PNG, JPEG or WebP picture.')).toBeTruthy();
    expectProblem(photo(), 'Profile Image must be a PNG, JPEG or WebP picture.');
    await user.click(register());
    expect(document.activeElement).toBe(photo());
    expect(sent).toEqual([]);
  });

  it('refuses a picture over 2 MB, saying how big it is', async () => {
    const { user } = form();
    await fill(user);
    choose(new File([new Uint8Array(2.5 * 1024 * 1024)], 'holiday.png', { type: 'image/png' }));
    await user.click(register());
    expectProblem(photo(), 'Profile Image must be at most 2 MB; this one is 2.5 MB.');
    expect(sent).toEqual([]);
  });

  it('creates the account with the name and email trimmed, the email in lower case, and nothing else', async () => {
    const { user } = form();
    await fill(user, { name: '  Rita Okafor ', email: ' Rita@Example.ORG ' });
    choose(new File([new Uint8Array(1024)], 'me.png', { type: 'image/png' }));
    await user.click(register());
    expectNoProblem(photo());
    // The picture follows once the account exists: the server's answer, which the journeys prove.
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        body: { name: 'Rita Okafor', email: 'rita@example.org', password: 'kettle orchard lamp' },
      },
    ]);
    expect(register()).toHaveProperty('disabled', true);
  });
});
