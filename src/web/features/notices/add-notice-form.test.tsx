import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { expectProblem, renderForm, screen } from '../../test/render-form.tsx';
import { AddNoticeForm } from './add-notice-form.tsx';

const form = () => renderForm(<AddNoticeForm />);
const notice = () => screen.getByRole('textbox', { name: /^Notice/ });
const publish = () => screen.getByRole('button', { name: 'Publish Notice' });

describe('Add Notice', () => {
  it('asks for the notice, sends nothing and puts focus on it', async () => {
    const { user } = form();
    await user.click(publish());
    expectProblem(notice(), 'Notice is required');
    expect(document.activeElement).toBe(notice());
    expect(sent).toEqual([]);
  });

  it('takes a notice of only spaces and new lines as none', async () => {
    const { user } = form();
    await user.type(notice(), '   {Enter}  ');
    await user.click(publish());
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
    await user.click(publish());
    expect(sent).toEqual([{ method: 'POST', url: '/api/notices', body: { notice: 'Kitchen closed on Monday.\nDeliveries as usual.' } }]);
    expect(screen.getByRole('button', { name: 'Publishing…' })).toHaveProperty('disabled', true);
  });
});
