import { describe, expect, it } from 'vitest';
import { sent } from '../test/dom-setup.ts';
import { knownSite } from '../test/fixtures.ts';
import type { User } from '../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, field, renderForm, screen } from '../test/render-form.tsx';
import { ResetPasswordPage } from './reset-password.tsx';

const token = 'k3Y_9fQ-2mZ';

/** The page as the reset mail's link opens it (or as a link cut short opens it). */
const page = (path = `/reset-password?token=${token}`) =>
  renderForm(<ResetPasswordPage />, { path, data: [knownSite({ name: 'Riverside Food Share' })] });
const password = () => field('New password', 'input');
const again = () => field('Re-type new password', 'input');

async function fill(user: User, first: string, second = first) {
  await user.type(password(), first);
  await user.type(again(), second);
}

describe('Set a new password', () => {
  it('asks for a password, sends nothing and puts focus on it', async () => {
    const { user } = page();
    await user.click(button('Set password'));
    expectRefused(password(), 'Password length must be greater than 5 character');
  });

  it.each([
    ['abc12', 'Password length must be greater than 5 character'],
    ['abc1234', 'Password must be at least 8 characters'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
  ])('refuses %j with "%s"', async (typed, message) => {
    const { user } = page();
    await user.click(password());
    await user.paste(typed);
    await user.click(again());
    await user.paste(typed);
    await user.click(button('Set password'));
    expectProblem(password(), message);
    expect(sent).toEqual([]);
  });

  it('asks for the same password twice, beside the second', async () => {
    const { user } = page();
    await fill(user, 'river otter lantern', 'river otter lanterns');
    await user.click(button('Set password'));
    expectNoProblem(password());
    expectRefused(again(), 'Password not matched');
  });

  it('sends the new password with the token from the link, once', async () => {
    const { user } = page();
    await fill(user, ' river otter lantern ');
    await user.click(button('Set password'));
    expectSent('POST', '/api/auth/reset-password', { token, newPassword: ' river otter lantern ' });
    expect(button('Set password')).toHaveProperty('disabled', true);
  });

  it('says a link without a token cannot set a password, offers a new link and sends nothing', async () => {
    const { user } = page('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe(
      'This link has no token. Open the link from the email again, or ask for a new link.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    await fill(user, 'river otter lantern');
    expect(button('Set password')).toHaveProperty('disabled', true);
    await user.click(button('Set password'));
    expect(sent).toEqual([]);
  });
});
