import { describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../../shared/notices.ts';
import { sent } from '../../test/dom-setup.ts';
import { button, expectRefused, expectSent, renderForm, textbox } from '../../test/render-form.tsx';
import { EditNoticeForm } from './edit-notice-form.tsx';

const published: Notice = {
  _id: '5b0e9c7a-2d4f-4a1b-8c3e-6f7a8b9c0d1e',
  email: 'admin@riverside.example',
  name: 'Sam Admin',
  img: 'https://riverside.example/images/avatar.png',
  notice: 'Kitchen closed on Monday.',
  date: '2026-11-20T09:00:00.000Z',
};

function form() {
  const onDone = vi.fn();
  return { ...renderForm(<EditNoticeForm notice={published} onDone={onDone} />), onDone };
}
const notice = () => textbox(/^Notice/);

describe('Edit notice', () => {
  it('opens with the notice as published, the cursor in it', () => {
    form();
    expect(notice()).toHaveProperty('value', 'Kitchen closed on Monday.');
    expect(document.activeElement).toBe(notice());
  });

  it('asks for the notice once it is emptied, sends nothing and puts focus back on it', async () => {
    const { user } = form();
    await user.clear(notice());
    await user.type(notice(), '   ');
    await user.click(button('Save'));
    expectRefused(notice(), 'Notice is required');
  });

  it('saves the corrected notice, trimmed, in place of the old one', async () => {
    const { user } = form();
    await user.clear(notice());
    await user.type(notice(), ' Kitchen closed on Tuesday. ');
    await user.click(button('Save'));
    expectSent('PUT', `/api/notices/${published._id}`, { notice: 'Kitchen closed on Tuesday.' });
    expect(button('Saving…')).toHaveProperty('disabled', true);
  });

  it('leaves the notice as it was when cancelled', async () => {
    const { user, onDone } = form();
    await user.type(notice(), ' And Tuesday.');
    await user.click(button('Cancel'));
    expect(onDone).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });
});
