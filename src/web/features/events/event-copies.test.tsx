import { describe, expect, it } from 'vitest';
import type { Event } from '../../../shared/events.ts';
import { sent } from '../../test/dom-setup.ts';
import { button, expectProblem, expectSent, renderForm, replace, screen, within } from '../../test/render-form.tsx';
import { EventCopyActions } from './event-copies.tsx';

const event = { _id: '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b', title: 'Beach clean', date: '2026-12-05T14:30' } as Event;

async function open(name: 'Copy event' | 'Repeat weekly') {
  const view = renderForm(<EventCopyActions event={event} />);
  await view.user.click(button(name));
  const dialog = within(await screen.findByRole('dialog', { name }));
  return { ...view, dialog };
}

describe('Copy event', () => {
  it('asks for the new date before anything is made, then copies the event to it', async () => {
    const { user, dialog } = await open('Copy event');
    expect(dialog.getByRole('form', { name: 'Copy Beach clean' })).toBeTruthy();
    const date = dialog.getByLabelText(/^Date of the copy/, { selector: 'input' });
    await user.click(dialog.getByRole('button', { name: 'Make the copy' }));
    expectProblem(date, 'Date is required');
    expect(sent).toEqual([]);

    await user.type(date, '2027-01-09');
    await user.click(dialog.getByRole('button', { name: 'Make the copy' }));
    expectSent('POST', `/api/events/${event._id}/copy`, { date: '2027-01-09' });
    expect(dialog.getByRole('button', { name: 'Copying…' })).toHaveProperty('disabled', true);
  });
});

describe('Repeat weekly', () => {
  it('asks for 1 to 52 weeks, says so beside the box, shows what will be made, then repeats it', async () => {
    const { user, dialog } = await open('Repeat weekly');
    const weeks = dialog.getByRole('textbox', { name: /^Number of weeks/ });
    const submit = () => user.click(dialog.getByRole('button', { name: 'Add the events' }));
    for (const [typed, message] of [
      ['', 'Weeks must be a whole number'],
      ['two', 'Weeks must be a whole number'],
      ['0', 'Repeat at least 1 week'],
      ['53', 'Repeat at most 52 weeks'],
    ]) {
      await replace(user, weeks, typed as string);
      await submit();
      expectProblem(weeks, message as string);
    }
    expect(sent).toEqual([]);

    await replace(user, weeks, '3');
    expect(
      dialog.getByText('3 new events, weekly from Saturday 12 December 2026, 2:30 pm to Saturday 26 December 2026, 2:30 pm.'),
    ).toBeTruthy();
    await replace(user, weeks, '1');
    expect(dialog.getByText('1 new event, on Saturday 12 December 2026, 2:30 pm.')).toBeTruthy();
    await submit();
    expectSent('POST', `/api/events/${event._id}/repeat`, { weeks: 1 });
  });
});
