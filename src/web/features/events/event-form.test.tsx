import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EventWrite } from '../../../shared/events.ts';
import { sent } from '../../test/dom-setup.ts';
import { knownSite } from '../../test/fixtures.ts';
import type { User } from '../../test/render-form.tsx';
import {
  button,
  expectNoProblem,
  expectProblem,
  expectRefused,
  expectSent,
  field,
  renderForm,
  replace,
  screen,
  textbox,
} from '../../test/render-form.tsx';
import { EventForm, type EventFormPart, emptyEventForm } from './event-form.tsx';
import { addEvent, type EventForm as EventFormValues, updateEvent } from './event-writes.ts';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

/** Add Event as the dashboard draws it, or Update Event for a saved event's values; the charity's currency names the goal's. */
function form(initial?: EventFormValues) {
  const adding = initial === undefined;
  const save: (event: EventWrite) => Promise<unknown> = adding ? addEvent : (event) => updateEvent(eventId, event);
  return renderForm(
    <EventForm
      name={adding ? 'Add Event' : 'Update Event'}
      initial={initial ?? emptyEventForm}
      submitLabel={adding ? 'Add Event' : 'Update'}
      pendingLabel={adding ? 'Adding…' : 'Updating…'}
      failureTitle="The event was not saved"
      save={save}
      onSaved={() => {}}
    />,
    { data: [knownSite({ name: 'Riverside Food Share', currency: 'gbp' })] },
  );
}

const title = () => field('Event Title');
const desc = () => field('Description');
const day = () => field('Event Date');
const time = () => field('Start Time');
const end = () => field('End');
const capacity = () => field('Capacity');
const goal = () => field('Fundraising goal');
const hours = () => field('Hours credited');
const checkinOpens = () => field('Check-in opens');
const banner = () => field('Banner');

/** A beach clean on 5 December 2026 at 14:30: all the form needs. */
async function fillRequired(user: User) {
  await replace(user, title(), 'Beach clean');
  await replace(user, desc(), 'Litter picking along the front.');
  await user.type(day(), '2026-12-05');
  await user.type(time(), '14:30');
}

const submit = (user: User, name = 'Add Event') => user.click(button(name));

/** The beach clean `fillRequired` types, as the server takes it. */
const beachClean = { title: 'Beach clean', desc: 'Litter picking along the front.', date: '2026-12-05T14:30' };

describe('Add Event', () => {
  it('asks for a title, a description and a date, beside each, sends nothing and puts focus on the first', async () => {
    const { user } = form();
    await submit(user);
    expectProblem(desc(), 'Description is required');
    expectProblem(day(), 'Date is required');
    for (const optional of [time(), end(), capacity(), goal(), hours(), checkinOpens(), banner()]) expectNoProblem(optional);
    expectRefused(title(), 'Title is required');
  });

  it('takes a title and description of only spaces as none', async () => {
    const { user } = form();
    await fillRequired(user);
    await replace(user, title(), '   ');
    await replace(user, desc(), '  ');
    await submit(user);
    expectProblem(title(), 'Title is required');
    expectProblem(desc(), 'Description is required');
    expect(sent).toEqual([]);
  });

  it.each([
    ['at the start itself', '2026-12-05T14:30'],
    ['before the start', '2026-12-05T09:00'],
    ['the day before', '2026-12-04T18:00'],
  ])('asks for an end after the start, not %s', async (_, typed) => {
    const { user } = form();
    await fillRequired(user);
    await user.type(end(), typed);
    await submit(user);
    expectRefused(end(), 'End must be after the start');
  });

  it('counts an event with no start time as starting at midnight', async () => {
    const { user } = form();
    await fillRequired(user);
    await user.clear(time());
    await user.type(end(), '2026-12-05T00:00');
    await submit(user);
    expectProblem(end(), 'End must be after the start');
    await replace(user, end(), '2026-12-05T00:15');
    await submit(user);
    expectNoProblem(end());
    expect(sent).toEqual([expect.objectContaining({ body: expect.objectContaining({ date: '2026-12-05', end: '2026-12-05T00:15' }) })]);
  });

  it.each([
    [
      'Capacity',
      'a whole number of places, at least 1',
      [
        ['2.5', 'Capacity must be a whole number'],
        ['ten', 'Capacity must be a whole number'],
        ['0', 'Capacity must be at least 1, or empty for no limit'],
        ['1000001', 'Capacity is too large'],
      ],
    ],
    [
      'Fundraising goal',
      'an amount of money in the site currency, more than nought',
      [
        ['lots', 'Goal must be a number'],
        ['12.345', 'Goal must be a number'],
        ['0', 'Goal must be more than 0, or empty for no goal'],
        ['20000000.01', 'Goal is too large'],
      ],
    ],
    [
      'Hours credited',
      'hours between 0 and 24, in quarter hours',
      [
        ['all day', 'Hours must be a number'],
        ['-1', 'Hours cannot be negative'],
        ['24.25', 'Hours must be at most 24'],
        ['2.3', 'Hours go in quarter hours (e.g. 1.25, 2.5)'],
      ],
    ],
    [
      'Check-in opens',
      'between 0 and 24 hours before the start, in quarter hours',
      [
        ['soon', 'Check-in opening must be a number of hours'],
        ['-0.25', 'Check-in cannot open after the start'],
        ['25', 'Check-in can open at most 24 hours before the start'],
        ['0.3', 'Check-in opening goes in quarter hours (e.g. 0.5, 1.25)'],
      ],
    ],
    [
      'Banner',
      'an http(s) image address',
      [
        ['ftp://example.org/beach.png', 'Banner must be an http(s) image address or an uploaded picture'],
        ['beach.png', 'Banner must be an http(s) image address or an uploaded picture'],
      ],
    ],
  ] as const)('%s: asks for %s, beside it, with focus there', async (label, _rule, cases) => {
    const { user } = form();
    await fillRequired(user);
    for (const [typed, message] of cases) {
      await replace(user, field(label), typed);
      await submit(user);
      expectRefused(field(label), message);
    }
  });

  it('names the goal in the charity’s currency', () => {
    form();
    expect(goal()).toBe(textbox('Fundraising goal (GBP, optional)'));
  });

  it('sends the event with the day and time as one date, and every empty box as none', async () => {
    const { user } = form();
    await replace(user, title(), '  Beach clean ');
    await replace(user, desc(), 'Litter picking along the front.');
    await user.type(day(), '2026-12-05');
    await user.type(time(), '14:30');
    await submit(user);
    expectSent('POST', '/api/events', {
      ...beachClean,
      location: null,
      end: null,
      capacity: null,
      goal: null,
      hours: null,
      checkinHoursBefore: 2,
    });
    expect(button('Adding…')).toBeTruthy();
  });

  it('sends every optional detail as the server takes it: the goal in cents, numbers as numbers', async () => {
    const { user } = form();
    await fillRequired(user);
    await replace(user, banner(), 'https://example.org/beach.png');
    await replace(user, field('Location'), ' Brighton seafront ');
    await user.type(end(), '2026-12-05T17:00');
    await replace(user, capacity(), ' 20 ');
    await replace(user, goal(), '$2,500.50');
    await replace(user, hours(), '2.75');
    await replace(user, checkinOpens(), '0.5');
    await submit(user);
    expectSent('POST', '/api/events', {
      ...beachClean,
      banner: 'https://example.org/beach.png',
      location: 'Brighton seafront',
      end: '2026-12-05T17:00',
      capacity: 20,
      goal: 250050,
      hours: 2.75,
      checkinHoursBefore: 0.5,
    });
  });

  it('leaves check-in to open at the usual 2 hours before the start when that box is emptied', async () => {
    const { user } = form();
    await fillRequired(user);
    await user.clear(checkinOpens());
    await submit(user);
    expect(sent).toEqual([expect.objectContaining({ body: expect.objectContaining({ checkinHoursBefore: 2 }) })]);
  });
});

describe('Update Event', () => {
  const saved: EventFormValues = {
    index: '7',
    key: 'beach-clean',
    title: 'Beach clean',
    desc: 'Litter picking along the front.',
    banner: '/images/events/default.svg',
    date: '2026-12-05T14:30',
    location: 'Brighton seafront',
    end: '2026-12-05T17:00',
    capacity: '20',
    goal: '250000',
    hours: '',
    checkinHoursBefore: '2',
  };

  it('shows the saved event, its goal in money, and sends it back with its own index and key', async () => {
    const { user } = form(saved);
    expect(day()).toHaveProperty('value', '2026-12-05');
    expect(time()).toHaveProperty('value', '14:30');
    expect(goal()).toHaveProperty('value', '2500');
    await replace(user, capacity(), '25');
    await submit(user, 'Update');
    expectSent('PUT', `/api/events/${eventId}`, {
      ...beachClean,
      index: 7,
      key: 'beach-clean',
      banner: '/images/events/default.svg',
      location: 'Brighton seafront',
      end: '2026-12-05T17:00',
      capacity: 25,
      goal: 250000,
      hours: null,
      checkinHoursBefore: 2,
    });
    expect(button('Updating…')).toBeTruthy();
  });

  it('puts check-in back to the usual 2 hours when its box is emptied, whatever it was', async () => {
    const { user } = form({ ...saved, checkinHoursBefore: '5' });
    expect(checkinOpens()).toHaveProperty('value', '5');
    await user.clear(checkinOpens());
    await submit(user, 'Update');
    expect(sent).toEqual([expect.objectContaining({ body: expect.objectContaining({ checkinHoursBefore: 2 }) })]);
  });

  it('clears the optional details when their boxes are emptied', async () => {
    const { user } = form(saved);
    for (const input of [field('Location'), end(), capacity(), goal()]) await user.clear(input);
    await submit(user, 'Update');
    expect(sent).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ location: null, end: null, capacity: null, goal: null }) }),
    ]);
  });

  it('asks again for a title and a date once they are cleared', async () => {
    const { user } = form(saved);
    await user.clear(title());
    await user.clear(day());
    await submit(user, 'Update');
    expectProblem(day(), 'Date is required');
    expectRefused(title(), 'Title is required');
  });
});

describe('an event with a part saved after it (its shifts)', () => {
  /** The server as these tests need it: a new event's id, and a yes to every change. */
  function answerEvents(calls: string[]) {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      const answer = init?.method === 'POST' ? { insertedId: eventId } : { modifiedCount: 1 };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  }

  function formWithPart(part: Partial<EventFormPart>, onSaved = vi.fn()) {
    const whole: EventFormPart = { render: () => null, check: () => true, question: () => null, save: async () => null, ...part };
    const view = renderForm(
      <EventForm
        name="Add Event"
        initial={emptyEventForm}
        submitLabel="Add Event"
        pendingLabel="Adding…"
        failureTitle="The event was not added"
        save={addEvent}
        part={whole}
        savedId={(id) => id}
        onSaved={onSaved}
      />,
      { data: [knownSite({ name: 'Riverside Food Share', currency: 'gbp' })] },
    );
    return { ...view, onSaved };
  }

  it('sends nothing while the part says something is wrong', async () => {
    const { user } = formWithPart({ check: () => false });
    await fillRequired(user);
    await submit(user);
    expect(sent).toEqual([]);
  });

  it('saves the part with the new event’s id once the event is added, then says it is saved', async () => {
    const calls: string[] = [];
    answerEvents(calls);
    const save = vi.fn(async () => null);
    const { user, onSaved } = formWithPart({ save });
    await fillRequired(user);
    await submit(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(eventId, expect.objectContaining(beachClean)));
    expect(save).toHaveBeenCalledWith(eventId);
    expect(calls).toEqual(['POST /api/events']);
  });

  it('keeps the event saved when its part fails, says so, and saving again changes that event instead of adding another', async () => {
    const calls: string[] = [];
    answerEvents(calls);
    const save = vi
      .fn<EventFormPart['save']>()
      .mockResolvedValueOnce({ title: 'Some shifts were not saved', message: 'Shift 2 was not.', onField: false })
      .mockResolvedValueOnce(null);
    const { user, onSaved } = formWithPart({ save });
    await fillRequired(user);
    await submit(user);
    const alert = await screen.findByText('Shift 2 was not.');
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(alert.closest('[tabindex="-1"]')).toBe(document.activeElement));

    await submit(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(eventId, expect.objectContaining(beachClean)));
    expect(calls).toEqual(['POST /api/events', `PUT /api/events/${eventId}`]);
    expect(save).toHaveBeenNthCalledWith(2, eventId);
    expect(screen.queryByText('Shift 2 was not.')).toBeNull();
  });

  it('asks first when the part has a question: a no sends nothing, a yes saves', async () => {
    const calls: string[] = [];
    answerEvents(calls);
    const question = {
      title: 'Remove shifts people are on?',
      subject: 'Driver: 4 people registered or waiting will be emailed that their shift is cancelled.',
      confirmLabel: 'Yes, remove and email them',
      declineLabel: 'No, keep editing',
    };
    const { user, onSaved } = formWithPart({ question: () => question });
    await fillRequired(user);
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: question.title });
    expect(dialog.textContent).toContain(question.subject);
    await user.click(screen.getByRole('button', { name: 'No, keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await submit(user);
    await screen.findByRole('dialog', { name: question.title });
    await user.click(screen.getByRole('button', { name: 'Yes, remove and email them' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls).toEqual(['POST /api/events']);
  });
});
