import { describe, expect, it, vi } from 'vitest';
import type { CheckinPerson } from '../../../shared/checkin.ts';
import { sent } from '../../test/dom-setup.ts';
import { button, expectRefused, renderForm, screen, textbox } from '../../test/render-form.tsx';
import { HoursDialog } from './hours-dialog.tsx';

const rita: CheckinPerson = {
  registrationId: '3f1c2a4e-8b6d-4c1e-9f0a-2b7d5e6c8a91',
  name: 'Rita Moreno',
  email: 'rita@example.org',
  shift: null,
  checkedInAt: '2026-12-05T14:05:00.000Z',
  hours: 3,
  hoursAdjusted: false,
  answers: null,
};

/** The dialog open on Rita, credited with the event's 3 hours (or her own, set by hand). */
async function dialog(person: CheckinPerson = rita) {
  const onDone = vi.fn();
  const view = renderForm(<HoursDialog eventId="7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b" person={person} eventHours={3} onDone={onDone} />);
  const hours = await screen.findByRole('textbox', { name: 'Hours credited' });
  return { ...view, hours, onDone };
}

const patch = (hours: number | null) => ({
  method: 'PATCH',
  url: `/api/checkin/${rita.registrationId}`,
  body: { hours },
});

describe('Adjust hours', () => {
  it.each([
    ['a few', 'Hours must be a number'],
    ['-1', 'Hours cannot be negative'],
    ['24.25', 'Hours must be at most 24'],
    ['2.3', 'Hours go in quarter hours (e.g. 1.25, 2.5)'],
  ])('refuses %j with "%s", sends nothing and puts focus back on the hours', async (typed, message) => {
    const { user, hours } = await dialog();
    await user.type(hours, typed);
    await user.click(button('Save hours'));
    expectRefused(hours, message);
  });

  it('saves hours in quarter hours, a comma taken as the decimal point', async () => {
    const { user, hours } = await dialog();
    await user.type(hours, ' 2,75 ');
    await user.click(button('Save hours'));
    expect(sent).toEqual([patch(2.75)]);
    expect(button('Saving…')).toBeTruthy();
  });

  it.each([
    ['24', 24],
    ['0', 0],
  ])('takes %j hours: a whole day, or none at all', async (typed, value) => {
    const { user, hours } = await dialog();
    await user.type(hours, typed);
    await user.click(button('Save hours'));
    expect(sent).toEqual([patch(value)]);
  });

  it("gives back the event's hours when the box is left empty", async () => {
    const { user } = await dialog({ ...rita, hours: 4.5, hoursAdjusted: true });
    const hours = textbox('Hours credited');
    expect(hours).toHaveProperty('value', '4.5');
    await user.clear(hours);
    await user.click(button('Save hours'));
    expect(sent).toEqual([patch(null)]);
  });

  it("offers the event's hours again only to someone whose hours were set by hand", async () => {
    const first = await dialog();
    expect(screen.queryByRole('button', { name: "Use the event's hours" })).toBeNull();
    first.unmount();
    const { user } = await dialog({ ...rita, hours: 4.5, hoursAdjusted: true });
    await user.click(button("Use the event's hours"));
    expect(sent).toEqual([patch(null)]);
  });

  it('closes without sending anything when cancelled', async () => {
    const { user, hours, onDone } = await dialog();
    await user.type(hours, '5');
    await user.click(button('Cancel'));
    expect(onDone).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });
});
