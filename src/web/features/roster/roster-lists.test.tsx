import { describe, expect, it } from 'vitest';
import type { EventCheckins } from '../../../shared/checkin.ts';
import type { Question } from '../../../shared/questions.ts';
import type { Roster } from '../../../shared/roster.ts';
import { renderForm, screen, within } from '../../test/render-form.tsx';
import { RosterLists } from './roster-lists.tsx';

const driver = { _id: 'shift-driver', role: 'Driver', startsAt: '2026-12-05T08:00', endsAt: '2026-12-05T10:00' };
const cook = { _id: 'shift-cook', role: 'Cook', startsAt: '2026-12-05T10:00', endsAt: '2026-12-05T14:00' };
const driverTimes = 'Saturday 5 December 2026, 8:00 am – 10:00 am';
const cookTimes = 'Saturday 5 December 2026, 10:00 am – 2:00 pm';

const person = (id: string, name: string, shift: typeof driver | null) => ({
  _id: id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
  registeredAt: '2026-11-01T10:00:00.000Z',
  shift,
  answers: null,
});

/** A food drive staffed by shifts: Ada on two of them, Ben driving, Cai waiting for the driver's seat. */
const roster: Roster = {
  event: { _id: 'event-1', title: 'Food drive', date: '2026-12-05T08:00', end: '2026-12-05T14:00', location: 'Mill Lane', capacity: null },
  questions: [],
  shifts: [
    { ...driver, description: '', capacity: 2, registered: 2, waitlisted: 1 },
    { ...cook, description: '', capacity: null, registered: 1, waitlisted: 0 },
    {
      _id: 'shift-clean',
      role: 'Clean-up',
      startsAt: '2026-12-05T14:00',
      endsAt: '2026-12-05T15:00',
      description: '',
      capacity: 3,
      registered: 0,
      waitlisted: 0,
    },
  ],
  registered: [
    person('reg-ada-driver', 'Ada Lovelace', driver),
    person('reg-ben-driver', 'Ben Okri', driver),
    person('reg-ada-cook', 'Ada Lovelace', cook),
  ],
  waitlist: [{ ...person('reg-cai-driver', 'Cai Wen', driver), position: 1 }],
};

const checkins: EventCheckins = {
  event: {
    _id: 'event-1',
    title: 'Food drive',
    date: '2026-12-05T08:00',
    end: '2026-12-05T14:00',
    location: 'Mill Lane',
    hours: 6,
    checkinOpensAt: '2026-12-05T07:00:00.000Z',
    checkinClosesAt: '2026-12-05T14:00:00.000Z',
  },
  questions: [],
  registered: 3,
  checkedIn: 0,
  people: roster.registered.map((p) => ({
    registrationId: p._id,
    name: p.name,
    email: p.email,
    checkedInAt: null,
    hours: 2,
    hoursAdjusted: false,
    shift: p.shift,
    answers: null,
  })),
};

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the roster of an event staffed by shifts', () => {
  it('heads each shift with its role, times and places, and lists its people under it', () => {
    renderForm(<RosterLists roster={roster} />);
    const registered = screen.getByRole('region', { name: 'Registered (3)' });
    const groups = within(registered).getAllByRole('group');
    expect(groups.map((group) => within(group).getByRole('heading', { level: 3 }).textContent)).toEqual([
      `Driver, ${driverTimes}`,
      `Cook, ${cookTimes}`,
      'Clean-up, Saturday 5 December 2026, 2:00 pm – 3:00 pm',
    ]);
    const drivers = within(registered).getByRole('group', { name: `Driver, ${driverTimes}` });
    within(drivers).getByText('2 of 2 places taken · 1 waiting');
    expect(names(within(drivers).getByRole('table', { name: `Registered for Driver, ${driverTimes}, by name` }))).toEqual([
      'Ada Lovelace',
      'Ben Okri',
    ]);
    const cooks = within(registered).getByRole('group', { name: `Cook, ${cookTimes}` });
    within(cooks).getByText('1 registered, no limit');
    expect(names(within(cooks).getByRole('table'))).toEqual(['Ada Lovelace']);
    const cleaners = within(registered).getByRole('group', { name: /^Clean-up/ });
    within(cleaners).getByText('0 of 3 places taken');
    within(cleaners).getByText('Nobody has a place on this shift yet.');
    expect(within(cleaners).queryByRole('table')).toBeNull();
  });

  it('groups the waitlist by the shifts people wait for, by position', () => {
    renderForm(<RosterLists roster={roster} />);
    const waitlist = screen.getByRole('region', { name: 'Waitlist (1)' });
    const groups = within(waitlist).getAllByRole('group');
    expect(groups).toHaveLength(1);
    const drivers = within(waitlist).getByRole('group', { name: `Driver, ${driverTimes}` });
    within(drivers).getByText('1 waiting');
    const table = within(drivers).getByRole('table', { name: `Waiting for Driver, ${driverTimes}, next in line first` });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Cai Wen');
  });

  it('puts those without a shift first, under their own heading', () => {
    const mixed: Roster = { ...roster, registered: [person('reg-dee', 'Dee Old', null), ...roster.registered] };
    renderForm(<RosterLists roster={mixed} />);
    const registered = screen.getByRole('region', { name: 'Registered (4)' });
    const first = within(registered).getAllByRole('group')[0] as HTMLElement;
    within(first).getByRole('heading', { name: 'Without a shift' });
    expect(names(within(first).getByRole('table', { name: 'Registered without a shift, by name' }))).toEqual(['Dee Old']);
  });

  it('keeps one list, as before, for an event without shifts', () => {
    renderForm(<RosterLists roster={{ ...roster, shifts: [], waitlist: [] }} />);
    expect(screen.queryAllByRole('group')).toEqual([]);
    expect(names(screen.getByRole('table', { name: 'Registered, by name' }))).toEqual(['Ada Lovelace', 'Ben Okri', 'Ada Lovelace']);
    screen.getByText('Nobody is waiting for a place.');
  });
});

describe('hours on the roster', () => {
  it('offers admins (given onAdjust) a way to adjust each person’s hours, one per shift', () => {
    renderForm(<RosterLists roster={roster} checkins={checkins} onAdjust={() => {}} />);
    expect(screen.getAllByRole('button', { name: 'Adjust hours of Ada Lovelace' })).toHaveLength(2);
    screen.getByRole('button', { name: 'Adjust hours of Ben Okri' });
  });

  it('shows door staff the hours, but no way to change them', () => {
    renderForm(<RosterLists roster={roster} checkins={checkins} />);
    screen.getByText('0 of 3 checked in');
    expect(screen.getAllByRole('columnheader', { name: 'Hours' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Adjust hours/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});

describe('answers on the roster', () => {
  const question = (id: string, type: Question['type'], label: string, flags: Partial<Question> = {}): Question => ({
    id,
    type,
    label,
    required: false,
    options: [],
    staffOnly: false,
    sensitive: false,
    checkIn: false,
    age: false,
    ...flags,
  });
  /** What an admin reads: every question, the medical note sensitive. */
  const questions = [
    question('allergies', 'text', 'Allergies', { checkIn: true }),
    question('size', 'multiChoice', 'T-shirt sizes', { options: ['S', 'M', 'L'] }),
    question('photos', 'yesNo', 'Photos allowed'),
    question('contact', 'emergencyContact', 'Emergency contact'),
    question('medical', 'longText', 'Medical notes', { sensitive: true }),
  ];
  const answered: Roster = {
    ...roster,
    shifts: [],
    questions,
    registered: [
      {
        ...person('reg-ada', 'Ada Lovelace', null),
        answers: {
          allergies: 'Peanuts',
          size: ['S', 'M'],
          photos: false,
          contact: { name: 'Ann King', phone: '+44 20 7946 0958' },
          medical: 'Asthma',
        },
      },
      { ...person('reg-ben', 'Ben Okri', null), answers: { photos: true } },
      person('reg-dee', 'Dee Old', null),
    ],
    waitlist: [{ ...person('reg-cai', 'Cai Wen', null), answers: { allergies: 'Shellfish' }, position: 1 }],
  };
  const rowOf = (table: HTMLElement, name: string) =>
    within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(name)) as HTMLElement;

  it('lists each person’s answers under their name, in the questions’ order', () => {
    renderForm(<RosterLists roster={answered} />);
    const table = screen.getByRole('table', { name: 'Registered, by name' });
    const ada = within(rowOf(table, 'Ada Lovelace')).getByRole('list', { name: 'Answers of Ada Lovelace' });
    expect(
      within(ada)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Allergies: Peanuts',
      'T-shirt sizes: S, M',
      'Photos allowed: No',
      'Emergency contact: Ann King (+44 20 7946 0958)',
      'Sensitive Medical notes: Asthma',
    ]);
    within(rowOf(table, 'Ben Okri')).getByText('Photos allowed: Yes');
    // Nothing answered: no list.
    expect(within(rowOf(table, 'Dee Old')).queryByRole('list')).toBeNull();
    const waitlist = screen.getByRole('table', { name: 'The waitlist, next in line first' });
    within(waitlist).getByRole('list', { name: 'Answers of Cai Wen' });
    within(waitlist).getByText('Allergies: Shellfish');
  });

  it('marks a sensitive question’s answer as sensitive, in words and not by colour alone', () => {
    renderForm(<RosterLists roster={answered} />);
    const list = screen.getByRole('list', { name: 'Answers of Ada Lovelace' });
    const medical = within(list).getByText('Medical notes: Asthma').closest('li') as HTMLElement;
    within(medical).getByText('Sensitive');
    expect(medical.dataset.sensitive).toBe('true');
    // The others are not.
    const allergies = within(list).getByText('Allergies: Peanuts').closest('li') as HTMLElement;
    expect(within(allergies).queryByText('Sensitive')).toBeNull();
  });

  it('shows no answers when the event asks no questions', () => {
    renderForm(<RosterLists roster={{ ...answered, questions: [] }} />);
    expect(screen.queryAllByRole('list')).toEqual([]);
    expect(screen.queryByText(/Peanuts/)).toBeNull();
  });
});
