import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { button, expectNoProblem, expectProblem, expectRefused, expectSent, renderForm, screen, textbox } from '../../test/render-form.tsx';
import { SendLinkAgainButton, SendLinkAgainForm } from './send-link-again.tsx';

const email = () => textbox('Email');

describe('Send a new link, signed out', () => {
  it('asks for the address, beside it, sends nothing and puts focus on it', async () => {
    const { user } = renderForm(<SendLinkAgainForm />);
    await user.click(button('Send a new link'));
    expectRefused(email(), 'Enter proper email');
  });

  it('asks for a proper email address', async () => {
    const { user } = renderForm(<SendLinkAgainForm />);
    await user.type(email(), 'rita@@example.org');
    await user.click(button('Send a new link'));
    expectProblem(email(), 'Enter proper email');
    expect(sent).toEqual([]);
  });

  it('sends the link to the address trimmed and in lower case', async () => {
    const { user } = renderForm(<SendLinkAgainForm />);
    await user.type(email(), '  Rita@Example.org ');
    await user.click(button('Send a new link'));
    expectNoProblem(email());
    expectSent('POST', '/api/auth/send-verification-email', { email: 'rita@example.org' });
    expect(button('Send a new link')).toHaveProperty('disabled', true);
  });
});

describe('Send the link again, signed in', () => {
  it('sends the link to the account’s own address, once, without asking for it', async () => {
    const { user } = renderForm(<SendLinkAgainButton email="rita@example.org" />);
    expect(screen.queryByRole('textbox')).toBeNull();
    const sendAgain = button('Send the link again');
    await user.click(sendAgain);
    await user.click(sendAgain);
    expectSent('POST', '/api/auth/send-verification-email', { email: 'rita@example.org' });
    expect(sendAgain).toHaveProperty('disabled', true);
  });
});
