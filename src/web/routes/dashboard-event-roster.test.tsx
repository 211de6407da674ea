import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../shared/accounts.ts';
import type { Question } from '../../shared/questions.ts';
import type { Roster } from '../../shared/roster.ts';
import { rosterQueries } from '../features/roster/api.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import { renderForm, screen, within } from '../test/render-form.tsx';
import { DashboardEventRosterPage } from './dashboard-event-roster.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

const question = (id: string, label: string, flags: Partial<Question> = {}): Question => ({
  id,
  type: 'text',
  label,
  required: false,
  options: [],
  staffOnly: false,
  sensitive: false,
  checkIn: false,
  age: false,
  ...flags,
});
const allergies = question('allergies', 'Allergies', { checkIn: true });
const medical = question('medical', 'Medical notes', { type: 'longText', sensitive: true });

/** A food drive asking two questions, the second sensitive; Rita has answered both. */
const roster: Roster = {
  event: { _id: eventId, title: 'Food drive', date: '2026-12-05T08:00', end: null, location: 'Mill Lane', capacity: null },
  questions: [allergies, medical],
  shifts: [],
  registered: [
    {
      _id: 'reg-rita',
      name: 'Rita Okafor',
      email: 'rita@example.org',
      registeredAt: '2026-11-01T10:00:00.000Z',
      shift: null,
      answers: { allergies: 'Peanuts', medical: 'Asthma' },
    },
  ],
  waitlist: [],
};

/** What door staff read: the sensitive question and its answers left out by the server. */
const rosterForDoorStaff: Roster = {
  ...roster,
  questions: [allergies],
  registered: roster.registered.map((person) => ({ ...person, answers: { allergies: 'Peanuts' } })),
};

/** Sam, named to the event's door: not an admin. */
const doorStaff: Me = { ...ada, _id: 'user-sam', email: 'sam@example.org', displayName: 'Sam Doe', name: 'Sam Doe', role: 'volunteer' };

/** The roster page of the food drive, its roster already loaded, as `me` reads it. */
const page = (me: Me, known: Roster = roster) =>
  renderForm(
    <Routes>
      <Route path="/dashboard/events/:eventId/roster" element={<DashboardEventRosterPage />} />
    </Routes>,
    {
      path: `/dashboard/events/${eventId}/roster`,
      data: [knownSite(), signedIn(me), [rosterQueries.of(eventId).queryKey, known]],
    },
  );

const csvAddress = `/api/events/${eventId}/roster.csv`;

describe('the roster’s downloads', () => {
  it('offers admins the CSV with the sensitive answers too, beside the CSV without them', () => {
    page(ada);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(csvAddress);
    const sensitive = screen.getByRole('link', { name: 'Download with sensitive answers' });
    expect(sensitive.getAttribute('href')).toBe(`${csvAddress}?include=sensitive`);
    expect(sensitive.hasAttribute('download')).toBe(true);
  });

  it('offers door staff only the CSV without them', () => {
    page(doorStaff, rosterForDoorStaff);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(csvAddress);
    expect(screen.queryByRole('link', { name: 'Download with sensitive answers' })).toBeNull();
  });

  it('offers it to no one when no question is sensitive', () => {
    page(ada, { ...roster, questions: [allergies] });
    screen.getByRole('link', { name: 'Download CSV' });
    expect(screen.queryByRole('link', { name: 'Download with sensitive answers' })).toBeNull();
  });
});

describe('the answers on the roster page', () => {
  it('shows admins each person’s answers in their row, the sensitive one marked', () => {
    page(ada);
    const registered = screen.getByRole('region', { name: 'Registered (1)' });
    const row = within(registered).getByRole('row', { name: /Rita Okafor/ });
    const answers = within(row).getByRole('list', { name: 'Answers of Rita Okafor' });
    within(answers).getByText('Allergies: Peanuts');
    const sensitive = within(answers).getByText('Medical notes: Asthma').closest('li') as HTMLElement;
    within(sensitive).getByText('Sensitive');
  });

  it('prints the answers on the sign-in sheet, but not the sensitive ones', () => {
    page(ada);
    const sheet = screen.getByTestId('sign-in-sheet');
    within(sheet).getByRole('list', { name: 'Answers of Rita Okafor' });
    within(sheet).getByText('Allergies: Peanuts');
    expect(within(sheet).queryByText(/Asthma/)).toBeNull();
    expect(within(sheet).queryByText('Sensitive')).toBeNull();
  });
});
