import { describe, expect, it } from 'vitest';
import type { Shift, ShiftSummary } from '../../../shared/shifts.ts';
import { sent } from '../../test/dom-setup.ts';
import { button, expectSent, renderForm, screen, within } from '../../test/render-form.tsx';
import { registerForEvent } from '../registrations/api.ts';
import { type HeldShift, useShiftChoice } from './shift-choice.ts';
import { ShiftPicker } from './shift-picker.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

const shift = (id: string, role: string, startsAt: string, endsAt: string, spotsLeft: number | null, description = ''): Shift => ({
  _id: id,
  eventId,
  role,
  description,
  startsAt,
  endsAt,
  capacity: spotsLeft === null ? null : spotsLeft + 2,
  registered: 2,
  spotsLeft,
  waitlisted: 0,
});

/** A Saturday's food drive: drivers early, then the kitchen, then packing (full) in the afternoon. */
const driver = shift('a1b2c3d4-0000-4000-8000-000000000001', 'Driver', '2026-12-05T08:00', '2026-12-05T10:00', 3, 'Bring your licence.');
const cook = shift('a1b2c3d4-0000-4000-8000-000000000002', 'Cook', '2026-12-05T09:00', '2026-12-05T11:00', null);
const packer = shift('a1b2c3d4-0000-4000-8000-000000000003', 'Packer', '2026-12-05T13:00', '2026-12-05T15:00', 0);
const shifts = [driver, cook, packer];

/**
 * The register page's shifts part as the page puts it in its form: Register sends the shifts the picker
 * lets go, as the page does (POST /api/register), or nothing when it refuses them.
 */
function ShiftForm({ held, own, problem }: { held: HeldShift[]; own: ShiftSummary[]; problem: string | null }) {
  const choice = useShiftChoice(shifts, held, own);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const shiftIds = choice.check();
        if (shiftIds) void registerForEvent(eventId, shiftIds);
      }}
    >
      <ShiftPicker shifts={shifts} held={held} choice={choice} problem={problem} />
      <button type="submit">Register</button>
    </form>
  );
}

function form({ held = [] as HeldShift[], own = [] as ShiftSummary[], problem = null as string | null } = {}) {
  return renderForm(<ShiftForm held={held} own={own} problem={problem} />);
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const driverBox = () => box('Driver, Saturday 5 December 2026, 8:00 am – 10:00 am');
const cookBox = () => box('Cook, Saturday 5 December 2026, 9:00 am – 11:00 am');
const packerBox = () => box('Packer, Saturday 5 December 2026, 1:00 pm – 3:00 pm');
const group = () => screen.getByRole('group', { name: 'Choose your shifts' });

/** What a screen reader says after an element's name: the text of what it is described by. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const register = { method: 'POST', url: '/api/register' };

describe('Shift picker', () => {
  it('offers each shift in a group, named by its role and time and described by its places', () => {
    form();
    expect(within(group()).getAllByRole('checkbox')).toHaveLength(3);
    expect(descriptionOf(driverBox())).toBe('3 places left Bring your licence.');
    expect(descriptionOf(cookBox())).toBe('No limit');
    expect(descriptionOf(packerBox())).toBe('Full: join the waitlist');
    for (const checkbox of [driverBox(), cookBox(), packerBox()]) {
      expect(checkbox).toHaveProperty('checked', false);
      expect(checkbox.getAttribute('aria-invalid')).toBeNull();
    }
  });

  it('registers for the shifts picked, a full one too (its waitlist), in time order', async () => {
    const { user } = form();
    await user.click(packerBox());
    await user.click(driverBox());
    await user.click(button('Register'));
    expectSent(register.method, register.url, { eventId, shiftIds: [driver._id, packer._id] });
  });

  it('says "Choose at least one shift" beside the group when none is picked, sends nothing and puts focus on the first shift', async () => {
    const { user } = form();
    await user.click(button('Register'));
    expect(descriptionOf(group())).toContain('Choose at least one shift');
    expect(descriptionOf(driverBox())).toContain('Choose at least one shift');
    expect(driverBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(driverBox());
    expect(sent).toEqual([]);

    await user.click(cookBox());
    expect(descriptionOf(group())).not.toContain('Choose at least one shift');
    expect(cookBox().getAttribute('aria-invalid')).toBeNull();
    await user.click(button('Register'));
    expectSent(register.method, register.url, { eventId, shiftIds: [cook._id] });
  });

  it('flags two picked shifts that overlap, beside each, and sends nothing until one is let go', async () => {
    const { user } = form();
    await user.click(driverBox());
    await user.click(cookBox());
    for (const checkbox of [driverBox(), cookBox()]) {
      expect(descriptionOf(checkbox)).toContain('This shift overlaps another of yours');
      expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    }
    expect(descriptionOf(packerBox())).not.toContain('overlaps');

    await user.click(button('Register'));
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(driverBox());

    await user.click(cookBox());
    expect(descriptionOf(driverBox())).not.toContain('overlaps');
    expect(driverBox().getAttribute('aria-invalid')).toBeNull();
    await user.click(button('Register'));
    expectSent(register.method, register.url, { eventId, shiftIds: [driver._id] });
  });

  it('flags a picked shift that overlaps one the person already has at another event', async () => {
    const elsewhere: ShiftSummary = {
      _id: 'b0000000-0000-4000-8000-000000000009',
      role: 'Steward',
      startsAt: '2026-12-05T14:30',
      endsAt: '2026-12-05T16:00',
    };
    const { user } = form({ own: [elsewhere] });
    await user.click(packerBox());
    expect(descriptionOf(packerBox())).toContain('This shift overlaps another of yours');
    await user.click(button('Register'));
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(packerBox());
  });

  it('shows a shift the person has as theirs, ticked and not to be sent again, and flags one overlapping it', async () => {
    const held: HeldShift[] = [{ shiftId: driver._id, status: 'registered', position: null }];
    const { user } = form({ held, own: [driver] });
    expect(driverBox()).toHaveProperty('checked', true);
    expect(driverBox()).toHaveProperty('disabled', true);
    expect(descriptionOf(driverBox())).toContain('Yours: you are registered for this shift');

    await user.click(button('Register'));
    expect(descriptionOf(group())).toContain('Choose at least one shift');
    expect(sent).toEqual([]);

    await user.click(cookBox());
    expect(descriptionOf(cookBox())).toContain('This shift overlaps another of yours');
    await user.click(cookBox());
    await user.click(packerBox());
    await user.click(button('Register'));
    expectSent(register.method, register.url, { eventId, shiftIds: [packer._id] });
  });

  it("shows the server's refusal beside the group, the shifts picked kept", async () => {
    form({ problem: 'You are already registered for this shift' });
    expect(descriptionOf(group())).toContain('You are already registered for this shift');
    expect(descriptionOf(cookBox())).toContain('You are already registered for this shift');
  });
});
