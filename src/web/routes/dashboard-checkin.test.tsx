import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Checkin, EventCheckins } from '../../shared/checkin.ts';
import { checkinQueries, type DoorList } from '../features/checkin/api.ts';
import { upgradeDoorList } from '../features/checkin/door-store.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import { renderForm, screen, within } from '../test/render-form.tsx';
import { DashboardCheckinPage } from './dashboard-checkin.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';
const ritaId = '3f1c2a4e-8b6d-4c1e-9f0a-2b7d5e6c8a91';

/** The food drive's door list, open now: Rita answered the check-in question on allergies, Ben did not. */
const list: EventCheckins = {
  event: {
    _id: eventId,
    title: 'Food drive',
    date: '2026-12-05T08:00',
    end: '2026-12-05T14:00',
    location: 'Mill Lane',
    hours: 6,
    checkinOpensAt: '2020-01-01T00:00:00.000Z',
    checkinClosesAt: '2100-01-01T00:00:00.000Z',
  },
  questions: [
    {
      id: 'allergies',
      type: 'text',
      label: 'Allergies',
      required: false,
      options: [],
      staffOnly: false,
      sensitive: false,
      checkIn: true,
      age: false,
    },
  ],
  registered: 2,
  checkedIn: 0,
  people: [
    {
      registrationId: ritaId,
      name: 'Rita Okafor',
      email: 'rita@example.org',
      checkedInAt: null,
      hours: 6,
      hoursAdjusted: false,
      shift: null,
      answers: { allergies: 'Peanuts' },
    },
    {
      registrationId: 'reg-ben',
      name: 'Ben Okri',
      email: 'ben@example.org',
      checkedInAt: null,
      hours: 6,
      hoursAdjusted: false,
      shift: null,
      answers: null,
    },
  ],
};

/** The check-in page with `doorList` already loaded; the server records a check-in when asked (nothing else is answered). */
function page(doorList: DoorList = { list, keptFrom: null, stored: true }) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST' || !String(input).endsWith('/api/checkin')) return new Promise<Response>(() => {});
    const body = JSON.parse(String(init.body)) as { registrationId: string };
    const person = list.people.find((one) => one.registrationId === body.registrationId);
    const checkin: Checkin = {
      registrationId: body.registrationId,
      name: person?.name ?? '',
      email: person?.email ?? '',
      event: list.event.title,
      eventId,
      checkedInAt: new Date().toISOString(),
      shift: null,
    };
    return Promise.resolve(new Response(JSON.stringify(checkin), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  return renderForm(
    <Routes>
      <Route path="/dashboard/checkin/:eventId" element={<DashboardCheckinPage />} />
    </Routes>,
    {
      path: `/dashboard/checkin/${eventId}`,
      data: [knownSite(), signedIn(ada), [checkinQueries.doorList(eventId).queryKey, doorList]],
    },
  );
}

describe('the check-in answers at the door', () => {
  it('shows a person’s answers on their card in the door list', () => {
    page();
    const people = screen.getByRole('list', { name: 'People on the door list' });
    const rita = within(people).getByRole('list', { name: 'Answers of Rita Okafor' });
    within(rita).getByText('Allergies: Peanuts');
    expect(within(people).queryByRole('list', { name: 'Answers of Ben Okri' })).toBeNull();
  });

  it('shows them in the result banner once the person is checked in', async () => {
    const { user } = page();
    await user.click(screen.getByRole('button', { name: 'Check in Rita Okafor' }));
    const banner = await screen.findByTestId('door-result');
    await vi.waitFor(() => within(banner).getByText('Checked in: Rita Okafor'));
    const answers = within(banner).getByRole('list', { name: 'Answers of Rita Okafor' });
    within(answers).getByText('Allergies: Peanuts');
  });

  it('says nothing of answers for a person who gave none', async () => {
    const { user } = page();
    await user.click(screen.getByRole('button', { name: 'Check in Ben Okri' }));
    const banner = screen.getByTestId('door-result');
    await vi.waitFor(() => within(banner).getByText('Checked in: Ben Okri'));
    expect(within(banner).queryByRole('list')).toBeNull();
  });

  it('opens a door list kept on the phone by an older version, without questions or answers', () => {
    const { questions: _questions, people, ...rest } = list;
    const kept = upgradeDoorList({ ...rest, people: people.map(({ answers: _answers, ...person }) => person) });
    page({ list: kept, keptFrom: '2026-12-05T07:30:00.000Z', stored: true });
    const lines = within(screen.getByRole('list', { name: 'People on the door list' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(screen.queryByRole('list', { name: /^Answers of/ })).toBeNull();
    screen.getByRole('button', { name: 'Check in Rita Okafor' });
  });
});
