import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../shared/accounts.ts';
import { sent } from '../../test/dom-setup.ts';
import { rita, ritaProfile } from '../../test/fixtures.ts';
import { button, expectNoProblem, expectRefused, expectSent, renderForm, screen, within } from '../../test/render-form.tsx';
import { OwnDataSection } from './own-data-section.tsx';

/** Rita, a donator with her profile filled in. */
const account: Account = { ...rita, role: 'donator', ...ritaProfile };

/** Opens 'Delete my account' and answers with the dialog's form. */
async function askToDelete() {
  const view = renderForm(<OwnDataSection account={account} />, { path: '/dashboard/profile' });
  await view.user.click(button('Delete my account'));
  const dialog = within(await screen.findByRole('form', { name: 'Delete your account' }));
  const confirm = () => dialog.getByRole('textbox', { name: /Type your email \(rita@example\.org\) to confirm/ });
  const remove = () => dialog.getByRole('button', { name: 'Delete my account' });
  return { ...view, dialog, confirm, remove };
}

describe('Your data', () => {
  it('asks for the email again before deleting, beside it, sends nothing and puts focus on it', async () => {
    const { user, confirm, remove } = await askToDelete();
    await user.click(remove());
    expectRefused(confirm(), 'Type your email to confirm');
  });

  it('refuses any email but the account’s own', async () => {
    const { user, confirm, remove } = await askToDelete();
    await user.type(confirm(), 'sam@example.org');
    await user.click(remove());
    expectRefused(confirm(), 'Type the email of your account to confirm');
  });

  it('deletes the account once its email is typed, in any case, trimmed', async () => {
    const { user, dialog, confirm, remove } = await askToDelete();
    await user.type(confirm(), '  Rita@Example.org ');
    await user.click(remove());
    expectNoProblem(confirm());
    expectSent('DELETE', '/api/users/me', { confirm: 'Rita@Example.org' });
    expect(dialog.getByRole('button', { name: 'Deleting…' })).toHaveProperty('disabled', true);
  });

  it('forgets what was typed when the person cancels', async () => {
    const { user, dialog, confirm, remove } = await askToDelete();
    await user.type(confirm(), 'sam@example.org');
    await user.click(remove());
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Delete your account' })).toBeNull());
    await user.click(button('Delete my account'));
    const again = within(await screen.findByRole('form', { name: 'Delete your account' }));
    const field = again.getByRole('textbox', { name: /Type your email/ });
    expect(field).toHaveProperty('value', '');
    expectNoProblem(field);
    expect(sent).toEqual([]);
  });

  it('asks the server for everything it holds about the account', async () => {
    const { user } = renderForm(<OwnDataSection account={account} />, { path: '/dashboard/profile' });
    await user.click(button('Download my data'));
    expectSent('GET', '/api/users/me/export', undefined);
    expect(screen.getByRole('status').textContent).toBe('Preparing your data…');
  });
});
