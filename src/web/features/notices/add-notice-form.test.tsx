import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { button, expectProblem, expectRefused, expectSent, renderForm, textbox } from '../../test/render-form.tsx';
import { AddNoticeForm } from './add-notice-form.tsx';

const form = () => renderForm(<AddNoticeForm />);
const notice = () => textbox(/^Notice/);

describe('Add Notice', () => {
  it('asks for the notice, sends nothing and puts focus on it', async () => {
    const { user } = form();
    await user.click(button('Publish Notice'));
    expectRefused(notice(), 'Notice is required');
  });

  it('takes a notice of only spaces and new lines as none', async () => {
    const { user } = form();
    await user.type(notice(), '   {Enter}  ');
    await user.click(button('Publish Notice'));
    expectProblem(notice(), 'Notice is required');
    expect(sent).toEqual([]);
  });

  it('takes at most 2000 characters', async () => {
    const { user } = form();
    await user.click(notice());
    await user.paste('a'.repeat(2001));
    expect(notice()).toHaveProperty('value', 'a'.repeat(2000));
  });

  it('publishes the notice trimmed, its lines kept', async () => {
    const { user } = form();
    await user.type(notice(), '  Kitchen closed on Monday.{Enter}Deliveries as usual.  ');
    await user.click(button('Publish Notice'));
    expectSent('POST', '/api/notices', { notice: 'Kitchen closed on Monday.\nDeliveries as usual.' });
    expect(button('Publishing…')).toHaveProperty('disabled', true);
  });
});
