import { describe, expect, it } from 'vitest';
import type { Site } from '../../shared/site.ts';
import { siteQuery } from '../lib/site.ts';
import { sent } from '../test/dom-setup.ts';
import { expectNoProblem, expectProblem, renderForm, screen } from '../test/render-form.tsx';
import { ResetPasswordPage } from './reset-password.tsx';

const token = 'k3Y_9fQ-2mZ';

/** The page as the reset mail's link opens it (or as a link cut short opens it). */
const page = (path = `/reset-password?token=${token}`) =>
  renderForm(<ResetPasswordPage />, { path, data: [[siteQuery.queryKey, { name: 'Riverside Food Share' } as Site]] });
const password = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const again = () => screen.getByLabelText(/^Re-type new password/, { selector: 'input' });
const setPassword = () => screen.getByRole('button', { name: 'Set password' });

type User = ReturnType<typeof page>['user'];

async function fill(user: User, first: string, second = first) {
  await user.type(password(), first);
  await user.type(again(), second);
}

describe('Set a new password', () => {
  it('asks for a password, sends nothing and puts focus on it', async () => {
    const { user } = page();
    await user.click(setPassword());
    expectProblem(password(), 'Password length must be greater than 5 character');
    expect(document.activeElement).toBe(password());
    expect(sent).toEqual([]);
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
    await user.click(setPassword());
    expectProblem(password(), message);
    expect(sent).toEqual([]);
  });

  it('asks for the same password twice, beside the second', async () => {
    const { user } = page();
    await fill(user, 'river otter lantern', 'river otter lanterns');
    await user.click(setPassword());
    expectNoProblem(password());
    expectProblem(again(), 'Password not matched');
    expect(document.activeElement).toBe(again());
    expect(sent).toEqual([]);
  });

  it('sends the new password with the token from the link, once', async () => {
    const { user } = page();
    await fill(user, ' river otter lantern ');
    await user.click(setPassword());
    expect(sent).toEqual([{ method: 'POST', url: '/api/auth/reset-password', body: { token, newPassword: ' river otter lantern ' } }]);
    expect(setPassword()).toHaveProperty('disabled', true);
  });

  it('says a link without a token cannot set a password, offers a new link and sends nothing', async () => {
    const { user } = page('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe(
      'This link has no token. Open the link from the email again, or ask for a new link.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    await fill(user, 'river otter lantern');
    expect(setPassword()).toHaveProperty('disabled', true);
    await user.click(setPassword());
    expect(sent).toEqual([]);
  });
});
