import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordRules } from '../../../shared/accounts.ts';
import { sent } from '../../test/dom-setup.ts';
import { knownSite } from '../../test/fixtures.ts';
import type { User } from '../../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, renderForm, screen, textbox } from '../../test/render-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** The form, the organisation's settings already known (no identity provider set up). */
const form = () => renderForm(<SignUpForm />, { path: '/register', data: [knownSite()] });
const name = () => textbox('Name');
const email = () => textbox('Email');
const password = () => screen.getByLabelText('Password');
const again = () => screen.getByLabelText('Re-type Password');
const photo = () => screen.getByLabelText(/Profile Image/);
const register = (user: User) => user.click(button('Register'));

/** Fills the form as Rita would, with one field changed where a test says. */
async function fill(user: User, values: Partial<Record<'name' | 'email' | 'password' | 'again', string>> = {}) {
  const given = { name: 'Rita Okafor', email: 'rita@example.org', password: 'kettle orchard lamp', ...values };
  if (given.name) await user.type(name(), given.name);
  if (given.email) await user.type(email(), given.email);
  if (given.password) await user.type(password(), given.password);
  const retyped = values.again ?? given.password;
  if (retyped) await user.type(again(), retyped);
}

/** Opens the form, fills it as Rita would with `values` changed, and presses Register. */
async function registerWith(values: Parameters<typeof fill>[1]) {
  const { user } = form();
  await fill(user, values);
  await register(user);
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
    await register(user);
    expectProblem(email(), 'Enter proper email');
    expectProblem(password(), 'Password length must be greater than 5 character');
    expectNoProblem(photo());
    expectRefused(name(), 'Enter your name');
  });

  it('takes a name of spaces as none and asks for a proper email address', async () => {
    await registerWith({ name: '   ', email: 'rita.example.org' });
    expectProblem(name(), 'Enter your name');
    expectProblem(email(), 'Enter proper email');
    expectNoProblem(password());
    expect(sent).toEqual([]);
  });

  it('says a password under 6 characters in the spec’s words', async () => {
    await registerWith({ password: 'lamp5' });
    expectRefused(password(), 'Password length must be greater than 5 character');
  });

  it('asks for a new password of at least 8 characters', async () => {
    await registerWith({ password: 'lamp567' });
    expectProblem(password(), 'Password must be at least 8 characters');
    expectNoProblem(again());
    expect(sent).toEqual([]);
  });

  it('asks for the same password twice, saying so beside the second', async () => {
    await registerWith({ again: 'kettle orchard lump' });
    expectNoProblem(password());
    expectRefused(again(), 'Password not matched');
  });

  it('says a mismatch together with the other problems, not after them', async () => {
    await registerWith({ name: '   ', again: 'kettle orchard lump' });
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
    await register(user);
    expect(document.activeElement).toBe(photo());
    expect(sent).toEqual([]);
  });

  it('refuses a picture over 2 MB, saying how big it is', async () => {
    const { user } = form();
    await fill(user);
    choose(new File([new Uint8Array(2.5 * 1024 * 1024)], 'holiday.png', { type: 'image/png' }));
    await register(user);
    expectProblem(photo(), 'Profile Image must be at most 2 MB; this one is 2.5 MB.');
    expect(sent).toEqual([]);
  });

  it('creates the account with the name and email trimmed, the email in lower case, and nothing else', async () => {
    const { user } = form();
    await fill(user, { name: '  Rita Okafor ', email: ' Rita@Example.ORG ' });
    choose(new File([new Uint8Array(1024)], 'me.png', { type: 'image/png' }));
    await register(user);
    expectNoProblem(photo());
    // The picture follows once the account exists: the server's answer, which the journeys prove.
    expectSent('POST', '/api/auth/sign-up/email', { name: 'Rita Okafor', email: 'rita@example.org', password: 'kettle orchard lamp' });
    expect(button('Register')).toHaveProperty('disabled', true);
  });
});
