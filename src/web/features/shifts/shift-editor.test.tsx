import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Shift } from '../../../shared/shifts.ts';
import type { EventTimes } from '../../lib/forms/form-part.ts';
import { sent } from '../../test/dom-setup.ts';
import type { User } from '../../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, renderForm, replace, screen, within } from '../../test/render-form.tsx';
import { useShiftsPart } from './shift-part.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';
const beachClean: EventTimes = { day: '2026-12-05', time: '14:30', end: '' };

/** The shift rows as the event form draws them, with buttons standing for the form's submit. */
function Shifts({ shifts, times = beachClean }: { shifts?: Shift[]; times?: EventTimes }) {
  const part = useShiftsPart(shifts);
  const [said, setSaid] = useState('');
  return (
    <>
      {part.render(() => times)}
      <button type="button" onClick={() => setSaid(part.check() ? 'fine' : 'wrong')}>
        Check
      </button>
      <button type="button" onClick={() => setSaid(part.question()?.subject ?? 'no question')}>
        Ask
      </button>
      <button
        type="button"
        onClick={async () => {
          const failure = await part.save(eventId);
          setSaid(failure ? `${failure.title}. ${failure.message}` : 'saved');
        }}
      >
        Save
      </button>
      <output>{said}</output>
    </>
  );
}

const said = () => document.querySelector('output')?.textContent;

/** A box of row `n` by its accessible name: 'Role for shift 2'. */
const box = (name: string, n: number) => screen.getByLabelText(`${name} for shift ${n}`, { selector: 'input, textarea' });
const role = (n: number) => box('Role', n);
const starts = (n: number) => box('Starts', n);
const ends = (n: number) => box('Ends', n);
const places = (n: number) => box('Places', n);
const description = (n: number) => box('Description', n);
const rowCount = () => screen.queryAllByRole('group', { name: /^Shift \d+$/ }).length;

/** Presses a button from the keyboard: focus on it, then Enter. */
async function press(user: User, element: HTMLElement) {
  element.focus();
  await user.keyboard('{Enter}');
}

function savedShift(values: Partial<Shift> & Pick<Shift, '_id' | 'role'>): Shift {
  return {
    eventId,
    description: '',
    startsAt: '2026-12-05T09:00',
    endsAt: '2026-12-05T11:00',
    capacity: null,
    registered: 0,
    spotsLeft: null,
    waitlisted: 0,
    ...values,
  };
}

describe('the shift rows', () => {
  it('start with none, and Add shift gives a row on the event’s day and time, each box named with its row, focus on its Role', async () => {
    const { user } = renderForm(<Shifts />);
    expect(rowCount()).toBe(0);
    expect(screen.getByText('No shifts yet.')).toBeTruthy();

    await press(user, button('Add shift'));
    expect(rowCount()).toBe(1);
    expect(screen.getByRole('group', { name: 'Shift 1' })).toBeTruthy();
    expect(document.activeElement).toBe(role(1));
    expect(screen.getByRole('textbox', { name: 'Role for shift 1' })).toBe(role(1));
    expect(screen.getByRole('textbox', { name: 'Places for shift 1' })).toBe(places(1));
    expect(screen.getByRole('textbox', { name: 'Description for shift 1' })).toBe(description(1));
    expect(starts(1)).toHaveProperty('value', '2026-12-05T14:30');
    expect(ends(1)).toHaveProperty('value', '2026-12-05T16:30');
    expect(role(1).getAttribute('required')).not.toBeNull();
    expect(button('Copy shift 1')).toBeTruthy();
    expect(button('Remove shift 1')).toBeTruthy();
    expect(screen.queryByText('No shifts yet.')).toBeNull();

    // The second is added after it, and takes the focus.
    await press(user, button('Add shift'));
    expect(rowCount()).toBe(2);
    expect(document.activeElement).toBe(role(2));
  });

  it('runs a new row to the event’s end when it ends later that day, and leaves the times empty without a day', async () => {
    const { user, unmount } = renderForm(<Shifts times={{ day: '2026-12-05', time: '', end: '2026-12-05T12:00' }} />);
    await press(user, button('Add shift'));
    expect(starts(1)).toHaveProperty('value', '2026-12-05T09:00');
    expect(ends(1)).toHaveProperty('value', '2026-12-05T12:00');
    unmount();

    const next = renderForm(<Shifts times={{ day: '', time: '', end: '' }} />);
    await press(next.user, button('Add shift'));
    expect(starts(1)).toHaveProperty('value', '');
    expect(ends(1)).toHaveProperty('value', '');
  });

  it('copies a row as the next slot: the same role and places, starting at its end, as long, right after it, focus on its Role', async () => {
    const { user } = renderForm(<Shifts />);
    await press(user, button('Add shift'));
    await user.keyboard('Driver');
    await replace(user, places(1), '4');
    await replace(user, description(1), 'Van to the warehouse');
    await press(user, button('Add shift'));
    await user.keyboard('Cook');

    await press(user, button('Copy shift 1'));
    expect(rowCount()).toBe(3);
    expect(document.activeElement).toBe(role(2));
    expect(role(2)).toHaveProperty('value', 'Driver');
    expect(places(2)).toHaveProperty('value', '4');
    expect(description(2)).toHaveProperty('value', 'Van to the warehouse');
    expect(starts(2)).toHaveProperty('value', '2026-12-05T16:30');
    expect(ends(2)).toHaveProperty('value', '2026-12-05T18:30');
    expect(role(3)).toHaveProperty('value', 'Cook');

    // A copy of the copy is the slot after that, across midnight if need be.
    await replace(user, ends(2), '2026-12-05T22:30');
    await press(user, button('Copy shift 2'));
    expect(starts(3)).toHaveProperty('value', '2026-12-05T22:30');
    expect(ends(3)).toHaveProperty('value', '2026-12-06T04:30');
  });

  it('removes a row by keyboard, focus on the next row’s Role, the one before when it was last, then Add shift', async () => {
    const { user } = renderForm(<Shifts />);
    for (const name of ['Driver', 'Cook', 'Runner']) {
      await press(user, button('Add shift'));
      await user.keyboard(name);
    }
    await press(user, button('Remove shift 2'));
    expect(rowCount()).toBe(2);
    expect(role(2)).toHaveProperty('value', 'Runner');
    expect(document.activeElement).toBe(role(2));

    await press(user, button('Remove shift 2'));
    expect(document.activeElement).toBe(role(1));
    expect(role(1)).toHaveProperty('value', 'Driver');

    await press(user, button('Remove shift 1'));
    expect(rowCount()).toBe(0);
    expect(document.activeElement).toBe(button('Add shift'));
    // Rows never saved are simply gone: nothing to delete, nothing to ask.
    expect(screen.queryByText('Removed when the event is saved')).toBeNull();
  });

  it('says what is wrong beside each box of each row, as the server would', async () => {
    const { user } = renderForm(<Shifts />);
    await press(user, button('Add shift'));
    await press(user, button('Add shift'));
    await user.type(role(2), 'Cook');
    await replace(user, ends(2), '2026-12-05T14:00');
    await replace(user, places(2), '0');
    await user.click(button('Check'));
    expect(said()).toBe('wrong');
    expectProblem(role(1), 'Role is required');
    expectNoProblem(starts(1));
    expectNoProblem(role(2));
    expectProblem(ends(2), 'A shift must end after it starts');
    expectProblem(places(2), 'Places must be at least 1, or empty for no limit');

    // Typing in a box takes its message away.
    await user.type(role(1), 'Driver');
    expectNoProblem(role(1));
    await replace(user, ends(2), '2026-12-05T18:00');
    await replace(user, places(2), '');
    await user.click(button('Check'));
    expect(said()).toBe('fine');
    expect(sent).toEqual([]);
  });
});

describe('saved shifts', () => {
  const shifts = [
    savedShift({ _id: 'shift-a', role: 'Driver', capacity: 4, registered: 3, waitlisted: 1, spotsLeft: 1 }),
    savedShift({ _id: 'shift-b', role: 'Cook', startsAt: '2026-12-05T11:00', endsAt: '2026-12-05T13:00' }),
  ];

  it('shows each saved row with its people', () => {
    renderForm(<Shifts shifts={shifts} />);
    expect(rowCount()).toBe(2);
    expect(role(1)).toHaveProperty('value', 'Driver');
    expect(places(1)).toHaveProperty('value', '4');
    expect(starts(2)).toHaveProperty('value', '2026-12-05T11:00');
    expect(within(screen.getByRole('group', { name: 'Shift 1' })).getByText('3 registered, 1 waiting')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Shift 2' })).getByText('0 registered, 0 waiting')).toBeTruthy();
  });

  it('keeps a removed saved row until the event is saved, says who will be emailed, asks first, and can keep it', async () => {
    const { user } = renderForm(<Shifts shifts={shifts} />);
    await press(user, button('Remove shift 1'));
    expect(rowCount()).toBe(1);
    expect(document.activeElement).toBe(role(1));
    expect(screen.getByText('Removed when the event is saved')).toBeTruthy();
    expect(screen.getByText('Driver: Saturday 5 December 2026, 9:00 am – 11:00 am')).toBeTruthy();
    expect(screen.getByText('4 people registered or waiting will be emailed.')).toBeTruthy();
    await user.click(button('Ask'));
    expect(said()).toBe('Driver: 4 people registered or waiting will be emailed that their shift is cancelled.');

    await press(user, button('Keep Driver, Saturday 5 December 2026, 9:00 am – 11:00 am'));
    expect(rowCount()).toBe(2);
    expect(role(1)).toHaveProperty('value', 'Driver');
    expect(document.activeElement).toBe(role(1));
    expect(screen.queryByText('Removed when the event is saved')).toBeNull();
    await user.click(button('Ask'));
    expect(said()).toBe('no question');
  });

  it('saves only what changed: deletes the removed, sends the changed fields, adds the new', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init?.method ?? 'GET', url: String(input), body });
      const answer =
        init?.method === 'POST' ? { insertedId: 'shift-new' } : init?.method === 'PUT' ? { modifiedCount: 1 } : { deletedCount: 1 };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { user } = renderForm(<Shifts shifts={shifts} />);
    await press(user, button('Remove shift 2'));
    await replace(user, places(1), '6');
    await press(user, button('Add shift'));
    await user.keyboard('Runner');
    await user.click(button('Save'));
    await screen.findByText('saved');
    expect(calls).toEqual([
      { method: 'DELETE', url: '/api/shifts/shift-b', body: undefined },
      { method: 'PUT', url: '/api/shifts/shift-a', body: { capacity: 6 } },
      {
        method: 'POST',
        url: `/api/events/${eventId}/shifts`,
        body: { role: 'Runner', description: '', startsAt: '2026-12-05T14:30', endsAt: '2026-12-05T16:30', capacity: null },
      },
    ]);
    expect(screen.queryByText('Removed when the event is saved')).toBeNull();

    // Saved: saving again sends nothing.
    calls.length = 0;
    await user.click(button('Check'));
    await user.click(button('Save'));
    await screen.findByText('saved');
    expect(calls).toEqual([]);
  });

  it('puts the server’s refusal beside the row’s box, keeps what was typed, and says which rows failed', async () => {
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const message = 'Places cannot be fewer than the 3 people already registered';
        return new Response(JSON.stringify({ error: { code: 'conflict', message, fields: { capacity: message } } }), { status: 409 });
      }
      return new Response(JSON.stringify({ error: { code: 'unavailable', message: 'The server is busy' } }), { status: 503 });
    });
    const { user } = renderForm(<Shifts shifts={shifts} />);
    await replace(user, places(1), '2');
    await press(user, button('Add shift'));
    await user.keyboard('Runner');
    await user.click(button('Save'));
    await screen.findByText(/^Some shifts were not saved/);
    expect(said()).toBe(
      'Some shifts were not saved. The event is saved, but not Shift 1 and Shift 3. What went wrong is said beside each: correct it and save again.',
    );
    expectProblem(places(1), 'Places cannot be fewer than the 3 people already registered');
    expect(places(1)).toHaveProperty('value', '2');
    expect(role(3)).toHaveProperty('value', 'Runner');
    expect(within(screen.getByRole('group', { name: 'Shift 3' })).getByText('The server is busy')).toBeTruthy();
  });
});
