import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { expectNoProblem, expectProblem, renderForm, screen } from '../../test/render-form.tsx';
import { SendLinkAgainButton, SendLinkAgainForm } from './send-link-again.tsx';

const email = () => screen.getByRole('textbox', { name: 'Email' });
const sendNewLink = () => screen.getByRole('button', { name: 'Send a new link' });

describe('Send a new link, signed out', () => {
  it('asks for the address, beside it, sends nothing and puts focus on it', async () => {
    const { user } = renderForm(<SendLinkAgainForm />);
    await user.click(sendNewLink());
    expectProblem(email(), 'Enter proper email');
    expect(document.activeElement).toBe(email());
    expect(sent).toEqual([]);
  });

  it('asks for a proper email address', async () => {
    const { user } = renderForm(<SendLinkAgainForm />);
    await user.type(email(), 'rita@@example.org');
    await user.click(sendNewLink());
    expectProblem(email(), 'Enter proper email');
    expect(sent).toEqual([]);
  });

  it('sends the link to the address trimmed and in lower case', async () => {
    const { user } = renderForm(<SendLinkAgainForm />);
    await user.type(email(), '  Rita@Example.org ');
    await user.click(sendNewLink());
    expectNoProblem(email());
    expect(sent).toEqual([{ method: 'POST', url: '/api/auth/send-verification-email', body: { email: 'rita@example.org' } }]);
    expect(sendNewLink()).toHaveProperty('disabled', true);
  });
});

describe('Send the link again, signed in', () => {
  it('sends the link to the account’s own address, once, without asking for it', async () => {
    const { user } = renderForm(<SendLinkAgainButton email="rita@example.org" />);
    expect(screen.queryByRole('textbox')).toBeNull();
    const button = screen.getByRole('button', { name: 'Send the link again' });
    await user.click(button);
    await user.click(button);
    expect(sent).toEqual([{ method: 'POST', url: '/api/auth/send-verification-email', body: { email: 'rita@example.org' } }]);
    expect(button).toHaveProperty('disabled', true);
  });
});
